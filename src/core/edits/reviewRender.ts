// How a proposal is shown for review in the file itself: each hunk still to decide shows its current
// lines (marked removed) followed by its proposed lines (marked added); a decided hunk shows only what
// was chosen. With every hunk decided the text is exactly applyHunks' result.
import type { EditProposal, Hunk, HunkDecision } from './hunks';
import { resolveLines } from './hunks';
import { joinLines } from './textLines';

export type LineMark = 'added' | 'removed';

export interface ShownHunk {
  hunk: Hunk;
  /** First line of the hunk in the shown text (its first removed line, or its first added one). */
  line: number;
  removedLines: number;
  addedLines: number;
}

export interface ReviewView {
  text: string;
  /** Marked lines of the shown text, by line index. */
  marks: Map<number, LineMark>;
  /** The hunks still to decide, top to bottom. */
  open: ShownHunk[];
}

export function renderReview(proposal: EditProposal, decisions: ReadonlyMap<string, HunkDecision>): ReviewView {
  const marks = new Map<number, LineMark>();
  const open: ShownHunk[] = [];
  const sorted = [...proposal.hunks].sort((a, b) => a.start - b.start);
  // Line positions in the shown text: walk the hunks in order, counting what each one shows.
  let shift = 0;
  for (const hunk of sorted) {
    const decision = decisions.get(hunk.id);
    const at = hunk.start + shift;
    if (decision === 'accepted') shift += hunk.added.length - hunk.removed.length;
    else if (decision === undefined) {
      hunk.removed.forEach((_, i) => marks.set(at + i, 'removed'));
      hunk.added.forEach((_, i) => marks.set(at + hunk.removed.length + i, 'added'));
      open.push({ hunk, line: at, removedLines: hunk.removed.length, addedLines: hunk.added.length });
      shift += hunk.added.length;
    }
  }
  const lines = resolveLines(proposal.current, sorted, (hunk) => {
    const decision = decisions.get(hunk.id);
    return decision === 'accepted' ? 'proposed' : decision === 'rejected' ? 'current' : 'both';
  });
  return { text: joinLines(lines, proposal.current), marks, open };
}
