// An in-memory document that behaves as a VS Code document does for the inline edit's review: one
// line break for every line, a version that moves at every change, change events in the order they
// apply, and writes that land later (when the test says so) and only if the document did not change
// since they were asked, as VS Code's version-checked edits do. A landing write is reported as the whole
// replace, as the lines that differ (what the extension's document sends VS Code), or as the smallest span
// of characters that differ, as VS Code may report a change either way.
import { changedLines } from '../../../../src/core/edits/changedLines';
import type { DocumentChange, ReplaceRequest, ReplaceResult, ReviewDocument, UndoStops } from '../../../../src/core/edits/reviewDocument';

interface Waiting {
  request: ReplaceRequest;
  undo: UndoStops;
  version: number;
  resolve(result: ReplaceResult): void;
}

export class MemoryReviewDocument implements ReviewDocument {
  private content: string;
  private version = 1;
  private readonly waiting: Waiting[] = [];
  private readonly listeners = new Set<(changes: readonly DocumentChange[]) => void>();
  /** Every write of the review's that landed, with its undo stops, in order. */
  readonly writes: { request: ReplaceRequest; undo: UndoStops }[] = [];

  constructor(
    text: string,
    readonly eol: '\n' | '\r\n',
    private readonly reportAs: () => 'whole' | 'lines' | 'characters' = () => 'whole',
  ) {
    this.content = text;
  }

  getText(): string {
    return this.content;
  }

  get pending(): number {
    return this.waiting.length;
  }

  replace(request: ReplaceRequest, undo: UndoStops): Promise<ReplaceResult> {
    return new Promise((resolve) => this.waiting.push({ request, undo, version: this.version, resolve }));
  }

  onDidChange(listener: (changes: readonly DocumentChange[]) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Lands the oldest write waiting; false when none waits. */
  land(): boolean {
    const write = this.waiting.shift();
    if (!write) return false;
    const { start, end, expected } = write.request;
    if (write.version !== this.version) write.resolve('stale');
    else if (this.content.slice(start, end) !== expected) write.resolve('refused');
    else {
      this.apply([this.change(write.request)]);
      this.writes.push({ request: write.request, undo: write.undo });
      write.resolve('applied');
    }
    return true;
  }

  private change({ start, end, expected, text }: ReplaceRequest): DocumentChange {
    const as = this.reportAs();
    if (as === 'whole') return { start, end, text };
    if (as === 'characters') return smallest(start, expected, text);
    const lines = changedLines(expected, text);
    return { start: start + lines.start, end: start + lines.end, text: lines.insert };
  }

  /** The user's edit: changes in the order they apply (VS Code lists a multi-cursor edit bottom-up). */
  type(changes: readonly DocumentChange[]): void {
    this.apply(changes);
  }

  private apply(changes: readonly DocumentChange[]): void {
    for (const change of changes) {
      if (change.start < 0 || change.end > this.content.length || change.start > change.end) throw new Error(`bad change ${JSON.stringify(change)}`);
      this.content = this.content.slice(0, change.start) + change.text.replace(/\r?\n/g, this.eol) + this.content.slice(change.end);
    }
    this.version++;
    for (const listener of [...this.listeners]) listener(changes.map((c) => ({ ...c, text: c.text.replace(/\r?\n/g, this.eol) })));
  }
}

/** The replace of `expected` at `start` by `text` as its smallest changed span of characters. */
function smallest(start: number, expected: string, text: string): DocumentChange {
  let head = 0;
  while (head < expected.length && head < text.length && expected[head] === text[head]) head++;
  let tail = 0;
  while (tail < expected.length - head && tail < text.length - head && expected[expected.length - 1 - tail] === text[text.length - 1 - tail]) tail++;
  return { start: start + head, end: start + expected.length - tail, text: text.slice(head, text.length - tail) };
}
