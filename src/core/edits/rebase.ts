// When the user edits a file while a proposal for it streams in, the proposal was made against text
// that no longer exists. Writing it would overwrite what the user typed, so the proposal is carried onto
// the new text when the two touch different lines, and refused (with the first line where they meet)
// when they touch the same ones.
import * as l10n from '../l10n';
import { diffLineArrays, type Hunk } from './hunks';
import { joinLines, proposalLines, splitLines, type OutputLine } from './textLines';

export class EditConflictError extends Error {
  constructor(readonly line: number) {
    super(l10n.t('You changed line {0}, which the proposed edit also changes; the proposal was stopped so your edit stays as you wrote it.', line + 1));
    this.name = 'EditConflictError';
  }
}

/** Whether two hunks of the same original text touch the same lines (two insertions at one place count). */
function overlap(a: Hunk, b: Hunk): boolean {
  const aEnd = a.start + a.removed.length;
  const bEnd = b.start + b.removed.length;
  if (a.removed.length === 0 || b.removed.length === 0) return a.start <= bEnd && b.start <= aEnd;
  return a.start < bEnd && b.start < aEnd;
}

/**
 * The proposal made against `originalText`, carried onto `editedText` (the user's version of the same
 * original): the result holds the user's changes and the proposal's. Throws EditConflictError when a
 * change of the user's and one of the proposal's touch the same lines. Line endings follow the edited text.
 */
export function rebaseProposal(originalText: string, editedText: string, proposedText: string): string {
  const original = splitLines(originalText);
  const edited = splitLines(editedText);
  const users = diffLineArrays(original.lines, edited.lines);
  const proposals = diffLineArrays(original.lines, proposalLines(proposedText));
  for (const user of users) {
    const meets = proposals.find((proposal) => overlap(user, proposal));
    if (meets) throw new EditConflictError(Math.min(user.start, meets.start));
  }
  const changes = [...users.map((hunk) => ({ hunk, mine: true })), ...proposals.map((hunk) => ({ hunk, mine: false }))].sort((a, b) => a.hunk.start - b.hunk.start);
  const output: OutputLine[] = [];
  let line = 0;
  let editedLine = 0;
  const keep = (until: number) => {
    for (; line < until; line++, editedLine++) output.push({ text: original.lines[line]!, terminator: edited.terminators[editedLine] });
  };
  for (const { hunk, mine } of changes) {
    keep(hunk.start);
    line += hunk.removed.length;
    // Lines only the proposal removes are still in the user's text: step over them there too.
    if (!mine) editedLine += hunk.removed.length;
    for (const text of hunk.added) {
      output.push({ text, terminator: mine ? edited.terminators[editedLine] : undefined });
      if (mine) editedLine++;
    }
  }
  keep(original.lines.length);
  return joinLines(output, edited);
}
