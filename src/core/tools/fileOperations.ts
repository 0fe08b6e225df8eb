// The file operations an agent task applies, as its change journal records them: each one names the
// bytes it left, so undo can tell whether the file is still as the agent left it. Paths are absolute
// (the path policy's); `display` is the workspace-relative name the user sees.

export interface JournalPath {
  path: string;
  display: string;
}

/** A new file at a path where none was. */
export interface CreateOperation extends JournalPath {
  kind: 'create';
  after: Uint8Array;
}

/** New bytes in a file that was there. */
export interface WriteOperation extends JournalPath {
  kind: 'write';
  before: Uint8Array;
  after: Uint8Array;
  /** The user undid hunks of the agent's change in the review: not an edit of the agent's to review. */
  fromReview?: true;
}

/** A file moved to a path where none was, its bytes unchanged. */
export interface MoveOperation {
  kind: 'move';
  from: JournalPath;
  to: JournalPath;
  bytes: Uint8Array;
}

/** A file removed. */
export interface DeleteOperation extends JournalPath {
  kind: 'delete';
  before: Uint8Array;
}

export type FileOperation = CreateOperation | WriteOperation | MoveOperation | DeleteOperation;

/** The paths an operation touches: both ends of a move, else its one path. */
export function touchedPaths(operation: FileOperation): JournalPath[] {
  switch (operation.kind) {
    case 'move':
      return [operation.from, operation.to];
    case 'create':
    case 'write':
    case 'delete':
      return [operation];
  }
}

/** Where the file the operation leaves is, or undefined when it leaves none (a delete). */
export function resultPath(operation: FileOperation): JournalPath | undefined {
  switch (operation.kind) {
    case 'move':
      return operation.to;
    case 'delete':
      return undefined;
    case 'create':
    case 'write':
      return operation;
  }
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
