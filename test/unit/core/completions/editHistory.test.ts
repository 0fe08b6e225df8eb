// The edit history that completion and next-edit prompts carry: per document, newest first, one entry a
// line, bounded in edits per document, in documents and in line length; a line changed back leaves it.
import assert from 'node:assert/strict';
import { changedExistingCode, EDIT_HISTORY_LIMITS, EditHistory } from '../../../../src/core/completions/editHistory';

const edit = (path: string, line: number, before = `let a${line} = 1;`, after = `let b${line} = 1;`) => ({ path, line, before, after });

describe('the edit history', () => {
  it('keeps the last few edits of each document, newest first, one per line', () => {
    const history = new EditHistory();
    for (let line = 1; line <= EDIT_HISTORY_LIMITS.perDocument + 3; line++) history.record(edit('a.ts', line));
    history.record(edit('b.ts', 1));
    const recent = history.recent('a.ts');
    assert.equal(recent.length, EDIT_HISTORY_LIMITS.perDocument);
    assert.deepEqual(recent.map((e) => e.line), [9, 8, 7, 6, 5, 4]);
    assert.deepEqual(history.recent('b.ts').map((e) => e.path), ['b.ts'], 'another document has its own');
    history.record(edit('a.ts', 5, 'let a5 = 1;', 'let c5 = 1;'));
    assert.deepEqual(history.recent('a.ts').map((e) => e.line), [5, 9, 8, 7, 6, 4], 'the same line again replaces its entry and comes first');
    assert.equal(history.latest('a.ts')!.after, 'let c5 = 1;');
    assert.deepEqual(history.recent('a.ts', 5).map((e) => e.line), [9, 8, 7, 6, 4], "the cursor's line is left out on request");
  });

  it('forgets a line changed back, a line too long to carry, and the document edited longest ago', () => {
    const history = new EditHistory();
    history.record(edit('a.ts', 1));
    history.record(edit('a.ts', 1, 'let a1 = 1;', 'let a1 = 1;'));
    assert.deepEqual(history.recent('a.ts'), []);
    history.record(edit('a.ts', 2, 'x'.repeat(EDIT_HISTORY_LIMITS.lineChars + 1), 'y'));
    assert.deepEqual(history.recent('a.ts'), []);
    for (let i = 0; i < EDIT_HISTORY_LIMITS.documents + 2; i++) history.record(edit(`f${i}.ts`, 1));
    assert.equal(history.documentCount, EDIT_HISTORY_LIMITS.documents);
    assert.deepEqual(history.recent('f0.ts'), [], 'the oldest document went first');
    assert.equal(history.recent(`f${EDIT_HISTORY_LIMITS.documents + 1}.ts`).length, 1);
    history.forget('f5.ts');
    assert.deepEqual(history.recent('f5.ts'), []);
  });

  it('asks a next edit only for a change of existing code, not for code being written', () => {
    assert.ok(changedExistingCode(edit('a.ts', 1, '  let count = 0;', '  let total = 0;')), 'a rename');
    assert.ok(changedExistingCode(edit('a.ts', 1, 'add(a, b) {', 'add(a, b, c) {')), 'a parameter added');
    assert.ok(changedExistingCode(edit('a.ts', 1, 'return count', 'return total')), 'a rename at the end of the line');
    assert.ok(!changedExistingCode(edit('a.ts', 1, '  let count', '  let count = 0;')), 'typing on at the end');
    assert.ok(!changedExistingCode(edit('a.ts', 1, '  let count = 0;', '  let count')), 'deleting the end');
    assert.ok(!changedExistingCode(edit('a.ts', 1, '', 'let x = 1;')), 'a new line');
    assert.ok(!changedExistingCode(edit('a.ts', 1, 'same', 'same')));
  });
});
