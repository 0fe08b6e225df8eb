// The reply of an inline edit as it streams: the model answers with the rewritten lines, usually in a
// code fence. Complete lines are taken as they arrive and diffed against the lines being rewritten, so
// the file can show the proposal growing; the current lines the reply has not reached yet stay plain
// (pending), not marked removed, until the reply ends.
import { diffLineArrays, type EditProposal } from './hunks';
import { splitLines, type TextLines } from './textLines';

const FENCE = /^\s*(```|~~~)/;

export class InlineEditStream {
  private received = '';
  private readonly current: TextLines;

  constructor(currentText: string) {
    this.current = splitLines(currentText);
  }

  /** Adds streamed text; true when it completed at least one line. */
  push(delta: string): boolean {
    this.received += delta;
    return delta.includes('\n');
  }

  /** The reply's code lines: inside the first fence when it has one, else all of it. */
  private codeLines(options: { complete: boolean }): string[] {
    let text = this.received;
    if (!options.complete) {
      const lastBreak = text.lastIndexOf('\n');
      text = lastBreak < 0 ? '' : text.slice(0, lastBreak + 1);
    }
    const lines = splitLines(text).lines;
    const open = lines.findIndex((line) => FENCE.test(line));
    if (open < 0) return lines;
    const close = lines.findIndex((line, i) => i > open && FENCE.test(line));
    return lines.slice(open + 1, close < 0 ? undefined : close);
  }

  /** The proposal so far: current lines past the last streamed hunk are pending, not removed. */
  partial(): EditProposal {
    const hunks = diffLineArrays(this.current.lines, this.codeLines({ complete: false }));
    const last = hunks[hunks.length - 1];
    if (last && last.start + last.removed.length === this.current.lines.length && last.removed.length > 0) {
      hunks.pop();
      if (last.added.length > 0) hunks.push({ ...last, removed: [] });
    }
    return { current: this.current, hunks };
  }

  /** The whole proposal once the reply ended. */
  final(): EditProposal {
    return { current: this.current, hunks: diffLineArrays(this.current.lines, this.codeLines({ complete: true })) };
  }

  /** The reply's code as text (the follow-up sends it back as the previous proposal). */
  proposedCode(): string {
    return this.codeLines({ complete: true }).join('\n');
  }
}
