// A replace of a region by a new text, narrowed to the lines that differ: an editor given only those
// keeps the cursor, the selection and the folds on the lines that stay, and reports a smaller change.

/** The smallest span of whole lines of `before` to replace to get `after`: offsets in `before`, and its replacement. */
export function changedLines(before: string, after: string): { start: number; end: number; insert: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  // Back to the start of the line the first difference is on (lastIndexOf would read index 0 for -1).
  start = start === 0 ? 0 : before.lastIndexOf('\n', start - 1) + 1;
  let tail = 0;
  while (tail < before.length - start && tail < after.length - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const startsLine = (text: string, at: number) => at === start || text[at - 1] === '\n';
  while (tail > 0 && !(startsLine(before, before.length - tail) && startsLine(after, after.length - tail))) tail--;
  return { start, end: before.length - tail, insert: after.slice(start, after.length - tail) };
}
