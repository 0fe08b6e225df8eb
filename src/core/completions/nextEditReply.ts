// The reply of a next-edit request, read strictly: exactly `NONE`, or exactly three lines
//   @@ <line number>
//   -<the line as it is now>
//   +<the line as it should be>
// and the line must be the document's own line as it is now. Anything else (prose, a fence, a second
// hunk, a file name, a line that is not the document's) is refused with an error naming what is wrong,
// and nothing is shown: a wrong suggestion costs the user more than none. The reply carries no path, so
// a suggestion can only ever change the document being edited.
import type { NextEdit } from './nextEditTypes';

export const NO_NEXT_EDIT = 'NONE';

export class NextEditReplyError extends Error {
  override readonly name = 'NextEditReplyError';
  constructor(
    /** The part of the reply that is wrong: `reply`, `line`, `before` or `after`. */
    readonly field: 'reply' | 'line' | 'before' | 'after',
    message: string,
  ) {
    super(message);
  }
}

export type ParsedNextEdit = { kind: 'none' } | { kind: 'edit'; line: number; before: string; after: string };

const HEADER = /^@@ ([1-9]\d{0,6})$/;

/** The reply's three lines, or `none`; throws NextEditReplyError on anything else. */
export function parseNextEditReply(reply: string): ParsedNextEdit {
  const text = reply.replace(/\r\n/g, '\n').replace(/\n+$/, '');
  if (text.trim() === NO_NEXT_EDIT) return { kind: 'none' };
  const lines = text.split('\n');
  if (lines.length !== 3) throw new NextEditReplyError('reply', `reply: must be "${NO_NEXT_EDIT}" or exactly 3 lines (@@ line, -old, +new), got ${lines.length}`);
  const header = HEADER.exec(lines[0]!);
  if (!header) throw new NextEditReplyError('line', `line: the first line must be "@@ <line number>", got ${JSON.stringify(lines[0]!.slice(0, 80))}`);
  if (!lines[1]!.startsWith('-')) throw new NextEditReplyError('before', 'before: the second line must start with "-"');
  if (!lines[2]!.startsWith('+')) throw new NextEditReplyError('after', 'after: the third line must start with "+"');
  const before = lines[1]!.slice(1);
  const after = lines[2]!.slice(1);
  if (before === after) throw new NextEditReplyError('after', 'after: the new line is the same as the old one');
  return { kind: 'edit', line: Number(header[1]), before, after };
}

/**
 * The suggestion for `documentLines` (the document as it is now), or undefined for `NONE`. Throws
 * NextEditReplyError when the reply is malformed or names a line the document does not have as given.
 */
export function nextEditFromReply(reply: string, path: string, documentLines: readonly string[]): NextEdit | undefined {
  const parsed = parseNextEditReply(reply);
  if (parsed.kind === 'none') return undefined;
  const current = documentLines[parsed.line - 1];
  if (current === undefined) throw new NextEditReplyError('line', `line: ${parsed.line} is past the end of the document (${documentLines.length} lines)`);
  if (current !== parsed.before) throw new NextEditReplyError('before', `before: line ${parsed.line} of the document is not the line given`);
  let start = 0;
  while (start < current.length && start < parsed.after.length && current[start] === parsed.after[start]) start++;
  let end = 0;
  while (end < current.length - start && end < parsed.after.length - start && current[current.length - 1 - end] === parsed.after[parsed.after.length - 1 - end]) end++;
  return { path, line: parsed.line, before: current, after: parsed.after, startColumn: start, endColumn: current.length - end, text: parsed.after.slice(start, parsed.after.length - end) };
}
