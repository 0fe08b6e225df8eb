// The last few edits of each document, one entry per line (the line as the cursor found it, and as it is
// now), newest first. Bounded everywhere: a few edits per document, a few documents, lines of a sensible
// length, so the history a prompt carries stays a compact diff. Both the ghost-text and the next-edit
// prompts read it; the extension records into it as the user edits.
import type { RecentEdit } from './completionTypes';

export const EDIT_HISTORY_LIMITS = {
  /** Edits kept per document. */
  perDocument: 6,
  /** Documents kept; the one edited longest ago goes first. */
  documents: 16,
  /** A longer line (minified code, data) is not recorded: its diff would fill the prompt. */
  lineChars: 400,
} as const;

export class EditHistory {
  private readonly documents = new Map<string, RecentEdit[]>();

  constructor(private readonly limits: typeof EDIT_HISTORY_LIMITS = EDIT_HISTORY_LIMITS) {}

  /**
   * Records the line `edit.line` of `edit.path` as changed from `before` to `after`; a newer edit of the
   * same line replaces the older one, and a line changed back to what it was leaves the history.
   */
  record(edit: RecentEdit): void {
    if (edit.before.length > this.limits.lineChars || edit.after.length > this.limits.lineChars) return;
    const others = (this.documents.get(edit.path) ?? []).filter((e) => e.line !== edit.line);
    const edits = edit.before === edit.after ? others : [edit, ...others].slice(0, this.limits.perDocument);
    this.documents.delete(edit.path);
    if (edits.length > 0) this.documents.set(edit.path, edits);
    while (this.documents.size > this.limits.documents) this.documents.delete(this.documents.keys().next().value!);
  }

  /** The document's edits, newest first, without the one on `exceptLine` (1-based) when given. */
  recent(path: string, exceptLine?: number): RecentEdit[] {
    return (this.documents.get(path) ?? []).filter((e) => e.line !== exceptLine);
  }

  /** The document's newest edit. */
  latest(path: string): RecentEdit | undefined {
    return this.documents.get(path)?.[0];
  }

  /** The document is gone (closed, renamed): its history with it. */
  forget(path: string): void {
    this.documents.delete(path);
  }

  get documentCount(): number {
    return this.documents.size;
  }
}

/**
 * Whether an edit changed existing code (a rename, a changed signature, a parameter added inside the
 * brackets) rather than wrote new code: typing at the end of a line or on a new line asks no next edit.
 */
export function changedExistingCode(edit: RecentEdit): boolean {
  if (edit.before.trim() === '' || edit.before === edit.after) return false;
  return !edit.after.startsWith(edit.before) && !edit.before.startsWith(edit.after);
}
