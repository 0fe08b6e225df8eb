// How the chat view learns VS Code's display language and its translations: the host writes them into
// the page as JSON in an attribute of <body> (data, never run, so the CSP and the page's one script are
// untouched), and the view reads them before it builds any element. Carried by the page rather than by
// `init` because the view builds its composer and toolbar before `init` arrives (the page loads while
// the chat host does), and would otherwise show them in English first.
import * as z from 'zod/mini';

export { VIEW_LOCALIZATION_ATTRIBUTE, VIEW_LOCALIZATION_DATASET_KEY } from './viewLocalizationAttribute';

export const ViewLocalizationSchema = z.object({
  /** A BCP 47 tag as `vscode.env.language` gives it: `en`, `zh-cn`, `pt-br`. */
  language: z.string().check(z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/)),
  /** Translations keyed by their English text; empty for English. */
  bundle: z.record(z.string(), z.string()),
});

export type ViewLocalization = z.infer<typeof ViewLocalizationSchema>;

export const ENGLISH: ViewLocalization = { language: 'en', bundle: {} };

export class ViewLocalizationError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`Invalid view localization: ${issues.join('; ')}`);
    this.name = 'ViewLocalizationError';
  }
}

/** The attribute's localization; English when there is none, a typed error naming the field when it is malformed. */
export function parseViewLocalization(text: string | undefined): ViewLocalization {
  if (text === undefined || text.trim() === '') return ENGLISH;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ViewLocalizationError([`(attribute): not JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
  const result = ViewLocalizationSchema.safeParse(data);
  if (result.success) return result.data;
  throw new ViewLocalizationError(result.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(attribute)'}: ${issue.message}`));
}
