// The hunk model of a proposed edit: a file's current text against a proposed text, as a line diff
// (the `diff` library's array diff over lines) grouped into hunks. A hunk's id is derived from where it
// sits and what it changes, so the same proposal always yields the same ids and a decision taken on a
// hunk still names it after the diff is computed again. Applying any subset of the hunks gives the exact
// text: accepted hunks take the proposed lines, the others keep the current ones, untouched lines keep
// their bytes and line endings.
import { createHash } from 'node:crypto';
import { diffArrays } from 'diff';
import { joinLines, proposalLines, splitLines, type OutputLine, type TextLines } from './textLines';

export interface Hunk {
  id: string;
  /** Index of the first current line the hunk replaces (where it inserts, when it removes none). */
  start: number;
  /** The current lines it removes. */
  removed: string[];
  /** The proposed lines it puts in their place. */
  added: string[];
}

export interface EditProposal {
  current: TextLines;
  hunks: Hunk[];
}

export function hunkId(start: number, removed: readonly string[], added: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify([start, removed, added])).digest('hex').slice(0, 12);
}

/** The hunks that turn the lines `current` into the lines `proposed`. */
export function diffLineArrays(current: readonly string[], proposed: readonly string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let line = 0;
  let open: { start: number; removed: string[]; added: string[] } | undefined;
  const close = () => {
    if (open) hunks.push({ id: hunkId(open.start, open.removed, open.added), ...open });
    open = undefined;
  };
  for (const change of diffArrays([...current], [...proposed])) {
    if (!change.added && !change.removed) {
      close();
      line += change.count;
      continue;
    }
    open ??= { start: line, removed: [], added: [] };
    if (change.removed) {
      open.removed.push(...change.value);
      line += change.count;
    } else open.added.push(...change.value);
  }
  close();
  return hunks;
}

/** The hunks between a file's current text and a proposed text (the proposal's own line endings do not count). */
export function proposeEdit(currentText: string, proposedText: string): EditProposal {
  const current = splitLines(currentText);
  return { current, hunks: diffLineArrays(current.lines, proposalLines(proposedText)) };
}

export type HunkDecision = 'accepted' | 'rejected';

/** The lines of the current text with each hunk resolved by `take`: its proposed lines, its current ones, or both (a review showing it). */
export function resolveLines(current: TextLines, hunks: readonly Hunk[], take: (hunk: Hunk) => 'proposed' | 'current' | 'both'): OutputLine[] {
  const output: OutputLine[] = [];
  let line = 0;
  const keep = (until: number) => {
    for (; line < until; line++) output.push({ text: current.lines[line]!, terminator: current.terminators[line] });
  };
  for (const hunk of [...hunks].sort((a, b) => a.start - b.start)) {
    keep(hunk.start);
    const choice = take(hunk);
    if (choice !== 'proposed') keep(hunk.start + hunk.removed.length);
    else line = hunk.start + hunk.removed.length;
    if (choice !== 'current') for (const text of hunk.added) output.push({ text, terminator: undefined });
  }
  keep(current.lines.length);
  return output;
}

/** The exact text after accepting the hunks whose ids are in `accepted` and rejecting the rest. */
export function applyHunks(proposal: EditProposal, accepted: ReadonlySet<string>): string {
  return joinLines(
    resolveLines(proposal.current, proposal.hunks, (hunk) => (accepted.has(hunk.id) ? 'proposed' : 'current')),
    proposal.current,
  );
}
