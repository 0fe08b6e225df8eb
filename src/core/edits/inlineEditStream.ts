// The reply of an inline edit as it streams: the model answers with the rewritten lines, usually in a
// code fence. Complete lines are taken as they arrive and diffed against the lines being rewritten, so
// the file can show the proposal growing; the current lines the reply has not reached yet stay plain
// (pending), not marked removed, until the reply ends.
import { diffLineArrays, hunkId, type EditProposal, type Hunk } from './hunks';
import { splitLines, type TextLines } from './textLines';

const FENCE = /^\s*(```|~~~)/;

/**
 * While streaming, the reply is diffed against only as many current lines as it has, plus this many: a
 * reply that has reached line k of a long file is compared with its first k + 40 lines, not all of them,
 * so each update costs in proportion to what arrived (a diff against the whole file would see the rest
 * as removed and take the diff's worst case at every line).
 */
const PENDING_WINDOW = 40;

/** Hunks this many streamed lines behind the reply's end no longer change as more arrives; they are kept, not diffed again. */
const SETTLE_MARGIN = 40;

export class InlineEditStream {
  /** The reply's complete lines so far (split once each, as they arrive) and the line still arriving. */
  private readonly lines: string[] = [];
  private partialLine = '';
  private readonly current: TextLines;
  /** What is settled: hunks above these positions (current lines, streamed lines), diffed once. */
  private settled = { current: 0, streamed: 0, hunks: [] as Hunk[] };
  /** Where the reply's code starts (the line after its opening fence); what was settled before it moved is diffed again. */
  private codeStart = 0;
  private ended: EditProposal | undefined;

  constructor(currentText: string) {
    this.current = splitLines(currentText);
  }

  /** Adds streamed text; true when it completed at least one line. */
  push(delta: string): boolean {
    this.ended = undefined;
    const pieces = (this.partialLine + delta).split('\n');
    this.partialLine = pieces.pop() ?? '';
    for (const line of pieces) this.lines.push(line.endsWith('\r') ? line.slice(0, -1) : line);
    return pieces.length > 0;
  }

  /** The reply's code lines: inside the first fence when it has one, else all of it. */
  private codeLines(options: { complete: boolean }): string[] {
    const lines = options.complete && this.partialLine !== '' ? [...this.lines, this.partialLine.replace(/\r$/, '')] : this.lines;
    const open = lines.findIndex((line) => FENCE.test(line));
    if (open + 1 !== this.codeStart) {
      this.codeStart = open + 1;
      this.settled = { current: 0, streamed: 0, hunks: [] };
    }
    if (open < 0) return lines.slice();
    const close = lines.findIndex((line, i) => i > open && FENCE.test(line));
    return lines.slice(open + 1, close < 0 ? undefined : close);
  }

  /** The proposal so far: current lines past the last streamed hunk are pending, not removed. */
  partial(): EditProposal {
    const streamed = this.codeLines({ complete: false });
    const from = this.settled;
    const window = Math.min(this.current.lines.length, from.current + (streamed.length - from.streamed) + PENDING_WINDOW);
    const tail = diffLineArrays(this.current.lines.slice(from.current, window), streamed.slice(from.streamed)).map((h) => {
      const start = h.start + from.current;
      return { ...h, start, id: hunkId(start, h.removed, h.added) };
    });
    this.settle(tail, streamed.length);
    const hunks = [...from.hunks, ...tail];
    const last = hunks[hunks.length - 1];
    if (last && last.start + last.removed.length === window && last.removed.length > 0) {
      hunks.pop();
      if (last.added.length > 0) hunks.push({ ...last, removed: [] });
    }
    return { current: this.current, hunks };
  }

  /** Moves the settled point as far as SETTLE_MARGIN lines behind the reply's end, keeping the hunks above it. */
  private settle(tail: readonly Hunk[], streamedCount: number): void {
    const limit = streamedCount - SETTLE_MARGIN;
    if (limit <= this.settled.streamed) return;
    // A streamed line's index is its current line's index plus `shift` in an unchanged stretch.
    let shift = this.settled.streamed - this.settled.current;
    let point = { current: this.settled.current, streamed: this.settled.streamed };
    let kept = 0;
    for (const hunk of tail) {
      const end = hunk.start + hunk.removed.length;
      const after = shift + hunk.added.length - hunk.removed.length;
      if (end + after > limit) break;
      shift = after;
      kept++;
      point = { current: end, streamed: end + shift };
    }
    // The unchanged stretch after the kept hunks settles too, up to the limit or the next hunk.
    const next = tail[kept];
    const furthest = Math.min(limit - shift, next ? next.start : Number.POSITIVE_INFINITY);
    if (furthest > point.current) point = { current: furthest, streamed: furthest + shift };
    if (point.streamed <= this.settled.streamed) return;
    this.settled = { ...point, hunks: [...this.settled.hunks, ...tail.slice(0, kept)] };
  }

  /**
   * The whole proposal once the reply ended: the settled hunks plus a diff of the rest, so the end costs
   * no more than an update (a diff of a whole long file at once would stall the editor).
   */
  final(): EditProposal {
    if (this.ended) return this.ended;
    const streamed = this.codeLines({ complete: true });
    const from = this.settled;
    const tail = diffLineArrays(this.current.lines.slice(from.current), streamed.slice(from.streamed)).map((h) => {
      const start = h.start + from.current;
      return { ...h, start, id: hunkId(start, h.removed, h.added) };
    });
    this.ended = { current: this.current, hunks: [...from.hunks, ...tail] };
    return this.ended;
  }

  /** The reply's code as text (the follow-up sends it back as the previous proposal). */
  proposedCode(): string {
    return this.codeLines({ complete: true }).join('\n');
  }
}
