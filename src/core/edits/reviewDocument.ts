// What a review that writes into an open document needs of it: its text now, a replace that lands only
// on the text it was computed from, and the changes made to it (by anyone) as they happen. The editor
// implements it over a VS Code document; the tests over an in-memory one that behaves the same.

/** One change of a document: the span [start, end) of the text just before it became `text`. */
export interface DocumentChange {
  start: number;
  end: number;
  text: string;
}

/** The outcome of a replace: it landed; the document changed before it could (computed again, it may); or it cannot be written. */
export type ReplaceResult = 'applied' | 'stale' | 'refused';

export interface ReplaceRequest {
  /** Offsets in the document's text as it was when the request was made. */
  start: number;
  end: number;
  /** What [start, end) holds; the replace is refused when it holds anything else. */
  expected: string;
  text: string;
}

/** Where the editor's undo steps break around a write: the review's writes make one step together. */
export interface UndoStops {
  undoStopBefore: boolean;
  undoStopAfter: boolean;
}

export interface ReviewDocument {
  /** The line break the document uses for every line (VS Code writes every inserted break in it). */
  readonly eol: '\n' | '\r\n';
  getText(): string;
  /**
   * Replaces [start, end) with `text` if the document has not changed since the request was made and
   * the span holds `expected`; otherwise it writes nothing. The change is reported to the listeners
   * before the promise resolves.
   */
  replace(request: ReplaceRequest, undo: UndoStops): Promise<ReplaceResult>;
  /** Changes in the order they apply: each change's offsets are in the text left by the ones before it. */
  onDidChange(listener: (changes: readonly DocumentChange[]) => void): { dispose(): void };
}
