// How a proposal is shown for review in the file itself. The file holds what the review shows and
// nothing else: each hunk still to decide holds its proposed lines (marked added), the lines they
// replace are not in the text (the editor shows them beside it), a rejected hunk holds its current lines
// and an accepted one its proposed lines. So a save at any moment writes exactly the lines on screen,
// and with every hunk decided the text is applyHunks' result.
import type { EditProposal, Hunk, HunkDecision } from './hunks';
import { resolveLines } from './hunks';
import { joinLines } from './textLines';

export interface ShownHunk {
  hunk: Hunk;
  /** First line of the hunk in the shown text (its first proposed line, or where its removed lines were). */
  line: number;
  removedLines: number;
  addedLines: number;
}

export interface ReviewView {
  text: string;
  /** Lines of the shown text that are proposed and still to decide, by line index. */
  added: Set<number>;
  /** The hunks still to decide, top to bottom. */
  open: ShownHunk[];
}

export function renderReview(proposal: EditProposal, decisions: ReadonlyMap<string, HunkDecision>): ReviewView {
  const added = new Set<number>();
  const open: ShownHunk[] = [];
  const sorted = [...proposal.hunks].sort((a, b) => a.start - b.start);
  // Line positions in the shown text: walk the hunks in order, counting what each one shows.
  let shift = 0;
  for (const hunk of sorted) {
    const decision = decisions.get(hunk.id);
    const at = hunk.start + shift;
    if (decision === 'rejected') continue;
    shift += hunk.added.length - hunk.removed.length;
    if (decision === undefined) {
      hunk.added.forEach((_, i) => added.add(at + i));
      open.push({ hunk, line: at, removedLines: hunk.removed.length, addedLines: hunk.added.length });
    }
  }
  const lines = resolveLines(proposal.current, sorted, (hunk) => (decisions.get(hunk.id) === 'rejected' ? 'current' : 'proposed'));
  return { text: joinLines(lines, proposal.current), added, open };
}

/**
 * The document lines (1-based, first and last) a shown hunk's buttons speak of, the review's region starting
 * at `regionStartLine` (0-based): its proposed lines, or for a hunk that only removes, the line where the
 * removed lines were.
 */
export function shownLineSpan(shown: ShownHunk, regionStartLine: number): { first: number; last: number } {
  const first = regionStartLine + shown.line + 1;
  return { first, last: first + Math.max(1, shown.addedLines) - 1 };
}
