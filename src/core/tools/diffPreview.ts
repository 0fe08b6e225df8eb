// The diff-preview port of the workspace host: a proposed change shown (VS Code's diff editor) while the
// user decides whether it is written.

export interface ProposedChange {
  path: string;
  /** Path as the user reads it, relative to the workspace. */
  display: string;
  /** Undefined when the file is created. */
  before: string | undefined;
  after: string;
}

export interface DiffPreview {
  /** Shows the change; `close` hides it again. */
  showProposedChange(change: ProposedChange): Promise<{ close(): Promise<void> }>;
}
