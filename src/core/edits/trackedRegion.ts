// The lines a review owns in a document, followed through every change of the document. The region is
// a span of offsets together with the text it must hold: a change above it moves it, a change below it
// leaves it, and a change that reaches into it (or joins it to a neighbouring line) is reported, never
// absorbed. A change is the review's own write only when, after it, the region holds exactly the text
// that write asked for. So every write the review makes is computed from where its lines are now.
import type { DocumentChange } from './reviewDocument';

export type RegionFollow = 'kept' | 'written' | 'touched';

export class TrackedRegion {
  constructor(
    private startOffset: number,
    private endOffset: number,
    private held: string,
  ) {}

  get start(): number {
    return this.startOffset;
  }

  get end(): number {
    return this.endOffset;
  }

  /** The text the region holds. */
  get text(): string {
    return this.held;
  }

  /** Whether `documentText` holds the region's text at its place, as whole lines. */
  holds(documentText: string): boolean {
    return documentText.slice(this.startOffset, this.endOffset) === this.held && this.wholeLines(documentText, this.startOffset, this.endOffset);
  }

  /**
   * Follows one batch of changes (`documentText` is the text after them). With a write of the review's
   * in flight (`writing`: the text it puts in the region), changes inside the region are taken as that
   * write when the region then holds exactly its text.
   */
  follow(changes: readonly DocumentChange[], documentText: string, writing: string | undefined): RegionFollow {
    if (writing !== undefined && this.isWrite(changes, documentText, writing)) return 'written';
    let start = this.startOffset;
    let end = this.endOffset;
    for (const change of changes) {
      const delta = change.text.length - (change.end - change.start);
      if (change.start >= end) continue;
      if (change.end > start) return 'touched';
      start += delta;
      end += delta;
    }
    if (documentText.slice(start, end) !== this.held || !this.wholeLines(documentText, start, end)) return 'touched';
    this.startOffset = start;
    this.endOffset = end;
    return 'kept';
  }

  /** Whether the changes all fall inside the region and leave in it exactly `writing` (then the region holds it). */
  private isWrite(changes: readonly DocumentChange[], documentText: string, writing: string): boolean {
    let end = this.endOffset;
    for (const change of changes) {
      if (change.start < this.startOffset || change.end > end) return false;
      end += change.text.length - (change.end - change.start);
    }
    if (documentText.slice(this.startOffset, end) !== writing || !this.wholeLines(documentText, this.startOffset, end, writing)) return false;
    this.endOffset = end;
    this.held = writing;
    return true;
  }

  /** The span starts a line and ends one (with its line break, or at the end of the document). */
  private wholeLines(documentText: string, start: number, end: number, text = this.held): boolean {
    const startsLine = start === 0 || documentText[start - 1] === '\n';
    const endsLine = text === '' || text.endsWith('\n') || end === documentText.length;
    return startsLine && endsLine;
  }
}
