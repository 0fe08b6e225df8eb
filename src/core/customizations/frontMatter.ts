// The YAML front matter of a Markdown customization file (between a first line "---" and the next
// "---"), parsed with the `yaml` package (or, when it is only plain `field: text` lines, read directly:
// plainFrontMatter.ts), and each format's fields checked with a zod schema. A problem
// names the field and what is allowed, so the user can fix the file; a file with a problem is not used.
// `yaml` (a fifth of the chat host otherwise) is loaded on the first front matter that is not plain:
// its own file in dist/vendor/ (esbuild.mjs), never on the way to the chat view.
import * as z from 'zod';
import type { FrontMatterProblem } from './customization';
import { plainFrontMatter } from './plainFrontMatter';

export interface SplitFile {
  /** The front matter's fields; an empty object when the file has none. */
  fields: unknown;
  body: string;
}

export type Parsed<T> = { ok: true; value: T; body: string } | { ok: false; problems: FrontMatterProblem[] };

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /\r?\n---[ \t]*(?:\r?\n|$)/;

type Yaml = typeof import('yaml');
let yamlLoading: Promise<Yaml> | undefined;
function loadYaml(): Promise<Yaml> {
  yamlLoading ??= import('yaml').then((module) => (module as Yaml & { default?: Yaml }).default ?? module);
  return yamlLoading;
}

export async function splitFrontMatter(text: string): Promise<{ ok: true; file: SplitFile } | { ok: false; problems: FrontMatterProblem[] }> {
  const opening = OPENING.exec(text);
  if (!opening) return { ok: true, file: { fields: {}, body: text } };
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(`\n${rest}`);
  if (!closing) return { ok: false, problems: [{ message: 'the front matter opened with "---" is never closed by a "---" line' }] };
  const yamlText = rest.slice(0, Math.max(0, closing.index - 1));
  const body = rest.slice(closing.index - 1 + closing[0].length);
  const plain = plainFrontMatter(yamlText);
  if (plain) return { ok: true, file: { fields: plain, body } };
  const YAML = await loadYaml();
  const document = YAML.parseDocument(yamlText, { uniqueKeys: true });
  if (document.errors.length > 0) {
    const error = document.errors[0]!;
    const line = error.linePos?.[0].line;
    return { ok: false, problems: [{ message: `the front matter is not valid YAML${line !== undefined ? ` (line ${line + 1} of it)` : ''}: ${error.message.split('\n')[0]}` }] };
  }
  const fields: unknown = document.toJS();
  if (fields !== null && fields !== undefined && (typeof fields !== 'object' || Array.isArray(fields))) {
    return { ok: false, problems: [{ message: 'the front matter must be a list of "field: value" lines' }] };
  }
  return { ok: true, file: { fields: fields ?? {}, body } };
}

/** The front matter checked against `schema`; each problem names its field. */
export async function parseFrontMatter<T>(text: string, schema: z.ZodType<T>): Promise<Parsed<T>> {
  const split = await splitFrontMatter(text);
  if (!split.ok) return split;
  const checked = schema.safeParse(split.file.fields);
  if (!checked.success) {
    return { ok: false, problems: checked.error.issues.map((issue) => ({ ...(issue.path.length > 0 ? { field: issue.path.map(String).join('.') } : {}), message: issue.message })) };
  }
  return { ok: true, value: checked.data, body: split.file.body };
}

/** A comma-separated string or a list of strings, as both Copilot and Claude Code write lists. */
export const stringList = z
  .union([z.string(), z.array(z.string(), { error: 'must be a list of strings or one comma-separated string' })], { error: 'must be a list of strings or one comma-separated string' })
  .transform((value) => (Array.isArray(value) ? value : value.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== ''));

export const optionalText = (what: string) => z.string({ error: `must be text (${what})` }).optional();
