// What a completion is asked from: the file at the cursor and the context chosen around it. Zod schemas
// so the extension's values are checked once where they enter core, and the types come from them.
import * as z from 'zod';

export const RelatedSnippetSchema = z.object({
  /** Workspace-relative path of the file the snippet comes from. */
  path: z.string().min(1),
  /** Why it is related; the order of the kinds is the order they are kept within the budget. */
  kind: z.enum(['recent-edit', 'open-tab', 'import']),
  text: z.string(),
});
export type RelatedSnippet = z.infer<typeof RelatedSnippetSchema>;

export const RecentEditSchema = z.object({
  path: z.string().min(1),
  /** 1-based line of the edit. */
  line: z.number().int().min(1),
  before: z.string(),
  after: z.string(),
});
export type RecentEdit = z.infer<typeof RecentEditSchema>;

export const CompletionContextSchema = z.object({
  /** Workspace-relative path of the file being typed in. */
  path: z.string().min(1),
  languageId: z.string().min(1),
  /** The file's text before the cursor. */
  before: z.string(),
  /** The file's text after the cursor. */
  after: z.string(),
  related: z.array(RelatedSnippetSchema).default([]),
  recentEdits: z.array(RecentEditSchema).default([]),
});
export type CompletionContext = z.infer<typeof CompletionContextSchema>;
export type CompletionContextInput = z.input<typeof CompletionContextSchema>;

/** One line to the end of the cursor's line, or a block of lines. */
export type CompletionShape = 'single-line' | 'multi-line';
