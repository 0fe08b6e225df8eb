// The next-edit reply format, read strictly: NONE or exactly "@@ line", "-old", "+new", the old line
// being the document's own; anything else is refused with the field named, and nothing is suggested.
import assert from 'node:assert/strict';
import { nextEditFromReply, NextEditReplyError, parseNextEditReply } from '../../../../src/core/completions/nextEditReply';

const DOC = ['export function tally(items: number[]): number {', '  let count = 0;', '  for (const item of items) count += item;', '  return count;', '}'];

function refused(reply: string, field: NextEditReplyError['field']): void {
  assert.throws(
    () => nextEditFromReply(reply, 'src/tally.ts', DOC),
    (error: unknown) => error instanceof NextEditReplyError && error.field === field && error.message.startsWith(`${field}:`),
    JSON.stringify(reply),
  );
}

describe('the next-edit reply', () => {
  it('reads a suggestion into the changed part of one line of the document', () => {
    const edit = nextEditFromReply('@@ 3\n-  for (const item of items) count += item;\n+  for (const item of items) total += item;\n', 'src/tally.ts', DOC);
    assert.deepEqual(edit, { path: 'src/tally.ts', line: 3, before: DOC[2], after: '  for (const item of items) total += item;', startColumn: 28, endColumn: 33, text: 'total' });
    const inserted = nextEditFromReply('@@ 1\r\n-export function tally(items: number[]): number {\r\n+export function tally(items: number[], start: number): number {', 'src/tally.ts', DOC)!;
    assert.equal(DOC[0]!.slice(0, inserted.startColumn) + inserted.text + DOC[0]!.slice(inserted.endColumn), 'export function tally(items: number[], start: number): number {');
    assert.equal(inserted.startColumn, inserted.endColumn, 'an insertion replaces nothing');
    assert.equal(nextEditFromReply('NONE', 'src/tally.ts', DOC), undefined);
    assert.deepEqual(parseNextEditReply(' NONE \n'), { kind: 'none' });
  });

  it('refuses a malformed reply, naming what is wrong', () => {
    refused('Sure! Here is the next edit:\n@@ 3\n-a\n+b', 'reply');
    refused('```\n@@ 3\n-  return count;\n+  return total;\n```', 'reply');
    refused('@@ 3\n-  return count;\n+  return total;\n@@ 4\n-  return count;\n+  return total;', 'reply');
    refused('@@ src/other.ts:4\n-  return count;\n+  return total;', 'line');
    refused('@@ 0\n-x\n+y', 'line');
    refused('@@ 4\n  return count;\n+  return total;', 'before');
    refused('@@ 4\n-  return count;\n   return total;', 'after');
    refused('@@ 4\n-  return count;\n+  return count;', 'after');
    refused('', 'reply');
  });

  it('refuses a line the document does not have as given', () => {
    refused('@@ 9\n-  return count;\n+  return total;', 'line');
    refused('@@ 3\n-  return count;\n+  return total;', 'before');
    refused('@@ 4\n-return count;\n+return total;', 'before');
  });
});
