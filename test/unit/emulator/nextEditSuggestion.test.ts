// The emulator's next edits, on the prompt the extension builds: a rename on one line suggests the next
// occurrence of the old name (below first, then from the top), changed the same way and in the format
// the extension reads; an edit that renamed nothing, or a name found nowhere else, answers NONE.
import assert from 'node:assert/strict';
import { nextEditFromReply } from '../../../src/core/completions/nextEditReply';
import { nextEditMessages } from '../../../src/core/completions/nextEditPrompt';
import { NextEditContextSchema } from '../../../src/core/completions/nextEditTypes';
import { changedWord, isNextEditRequest, nextEditReply } from '../../../src/emulator/nextEditSuggestion';
import { ScriptedModel } from '../../../src/emulator/scriptedModel';

const LINES = ['export function tally(items: number[]): number {', '  let count = 0;', '  for (const item of items) count += item;', '  return count;', '}', '', 'export const counter = 1;'];

function ask(lines: readonly string[], edit: { line: number; before: string; after: string }) {
  return nextEditMessages(NextEditContextSchema.parse({ path: 'src/tally.ts', languageId: 'typescript', text: lines.join('\n'), cursorLine: edit.line, recentEdits: [{ path: 'src/tally.ts', ...edit }] }));
}

describe('the emulator suggests next edits', () => {
  it('recognises the next-edit prompt and nothing else', () => {
    assert.ok(isNextEditRequest(ask(LINES, { line: 2, before: '  let count = 0;', after: '  let total = 0;' })));
    assert.ok(!isNextEditRequest([{ role: 'system', content: '[svc completion] You are a code completion engine.' }]));
  });

  it('after a rename on one line, changes the next occurrence of the old name, a whole word only', () => {
    const renamed = LINES.map((l, i) => (i === 1 ? '  let total = 0;' : l));
    const reply = nextEditReply(ask(renamed, { line: 2, before: '  let count = 0;', after: '  let total = 0;' }));
    assert.equal(reply, '@@ 3\n-  for (const item of items) count += item;\n+  for (const item of items) total += item;');
    // The reply is one the extension accepts, for the document as it is.
    assert.equal(nextEditFromReply(reply, 'src/tally.ts', renamed)?.text, 'total');
    const again = renamed.map((l, i) => (i === 2 ? '  for (const item of items) total += item;' : l));
    assert.equal(nextEditReply(ask(again, { line: 3, before: LINES[2]!, after: again[2]! })), '@@ 4\n-  return count;\n+  return total;', '"counter" on line 7 is another word');
    const last = again.map((l, i) => (i === 3 ? '  return total;' : l));
    assert.equal(nextEditReply(ask(last, { line: 4, before: '  return count;', after: '  return total;' })), 'NONE');
  });

  it('looks above the edited line once nothing below has the name', () => {
    const renamed = LINES.map((l, i) => (i === 3 ? '  return total;' : l));
    assert.equal(nextEditReply(ask(renamed, { line: 4, before: '  return count;', after: '  return total;' })), '@@ 2\n-  let count = 0;\n+  let total = 0;');
  });

  it('answers NONE to an edit that renamed no word, and widens a partly changed word', () => {
    assert.equal(nextEditReply(ask(LINES, { line: 1, before: 'export function tally(items: number[]): number {', after: 'export function tally(items: number[], start = 0): number {' })), 'NONE');
    assert.deepEqual(changedWord('  let counter = 0;', '  let counted = 0;'), { old: 'counter', new: 'counted' });
    assert.equal(changedWord('a + b', 'a - b'), undefined);
  });

  it('answers through the scripted model, deterministically', () => {
    const renamed = LINES.map((l, i) => (i === 1 ? '  let total = 0;' : l));
    const input = { model: 'svc-k2-turbo-preview', messages: ask(renamed, { line: 2, before: '  let count = 0;', after: '  let total = 0;' }), tools: undefined, thinking: false, jsonMode: false };
    const first = new ScriptedModel([]).reply(input).content;
    assert.equal(first, new ScriptedModel([]).reply(input).content);
    assert.ok(first.startsWith('@@ 3\n'));
  });
});
