// What a next-edit suggestion is asked from and what it is: the whole document with the cursor's line and
// its recent edits, and the one line the model says should change next. Zod schemas, as for ghost text.
import * as z from 'zod';
import { RecentEditSchema, RelatedSnippetSchema } from './completionTypes';

export const NextEditContextSchema = z.object({
  /** Workspace-relative path of the document being edited: the only document a suggestion may change. */
  path: z.string().min(1),
  languageId: z.string().min(1),
  /** The document's whole text, lines separated by \n. */
  text: z.string(),
  /** 1-based line of the cursor. */
  cursorLine: z.number().int().min(1),
  related: z.array(RelatedSnippetSchema).default([]),
  /** This document's recent edits, newest first; the newest is the one a next edit follows. */
  recentEdits: z.array(RecentEditSchema).min(1),
});
export type NextEditContext = z.infer<typeof NextEditContextSchema>;
export type NextEditContextInput = z.input<typeof NextEditContextSchema>;

/** One line of the document to change: where, and the part of it replaced (0-based columns, end exclusive). */
export interface NextEdit {
  path: string;
  /** 1-based line. */
  line: number;
  /** The whole line as it is now, and as it would be. */
  before: string;
  after: string;
  /** The changed part only: columns of `before` replaced by `text`. */
  startColumn: number;
  endColumn: number;
  text: string;
}
