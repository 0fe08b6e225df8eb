// The next-edit prompt: laid out for the prompt cache (fixed instructions, then ghost text's stable
// prefix, then the numbered file, then the edit history), so the prefix stays byte-identical from one
// edit to the next; a long file is a window around the cursor; the request is short and
// deterministic and one the client accepts.
import assert from 'node:assert/strict';
import { validateChatRequest } from '../../../../src/api/index';
import { completionMessages, stablePrefix } from '../../../../src/core/completions/completionPrompt';
import { CompletionContextSchema } from '../../../../src/core/completions/completionTypes';
import { nextEditRequest, NEXT_EDIT_MAX_TOKENS } from '../../../../src/core/completions/nextEditEngine';
import { NEXT_EDIT_MARKER, nextEditMessages } from '../../../../src/core/completions/nextEditPrompt';
import { NextEditContextSchema } from '../../../../src/core/completions/nextEditTypes';

const TEXT = 'export function tally(items: number[]): number {\n  let count = 0;\n  for (const item of items) count += item;\n  return count;\n}';
const related = [{ path: 'src/items.ts', kind: 'open-tab' as const, text: 'export const items = [1, 2, 3];' }];

function context(edits: { line: number; before: string; after: string }[], text = TEXT, cursorLine = 2) {
  return NextEditContextSchema.parse({ path: 'src/tally.ts', languageId: 'typescript', text, cursorLine, related, recentEdits: edits.map((e) => ({ path: 'src/tally.ts', ...e })) });
}

describe('the next-edit prompt', () => {
  it('keeps the instructions and the stable prefix byte-identical from one edit to the next, the file and then the history after them', () => {
    const first = nextEditMessages(context([{ line: 2, before: '  let count = 0;', after: '  let total = 0;' }]));
    const second = nextEditMessages(context([{ line: 3, before: '  for (const item of items) count += item;', after: '  for (const item of items) total += item;' }, { line: 2, before: '  let count = 0;', after: '  let total = 0;' }], TEXT.replace('let count', 'let total'), 3));
    assert.equal(first[0]!.content, second[0]!.content);
    assert.ok(String(first[0]!.content).startsWith(NEXT_EDIT_MARKER));
    const prefix = stablePrefix({ path: 'src/tally.ts', languageId: 'typescript', related });
    for (const messages of [first, second]) {
      const user = String(messages[1]!.content);
      assert.ok(user.startsWith(prefix), 'the stable prefix starts the user message');
      assert.equal(user.indexOf('<|file|>'), prefix.length, 'the numbered file right after the stable prefix');
      assert.ok(user.indexOf('Recent edits, newest first:') > user.indexOf('<|end|>'), 'the edit history, which changes with every edit, after the file');
    }
    const user = String(second[1]!.content);
    assert.ok(user.includes('src/tally.ts:3\n```\n-  for (const item of items) count += item;\n+  for (const item of items) total += item;\n```\nsrc/tally.ts:2'), 'newest first, as a compact diff');
    assert.ok(user.includes('<|file|>\n1|export function tally(items: number[]): number {\n2|  let total = 0;\n'), 'numbered lines');
    assert.ok(user.endsWith('The cursor is on line 3. The next edit?'));
    // Ghost text shares the layout: its stable prefix is the same bytes and the edits follow it.
    const ghost = String(completionMessages(CompletionContextSchema.parse({ path: 'src/tally.ts', languageId: 'typescript', before: 'x', after: '', related, recentEdits: [{ path: 'src/tally.ts', line: 2, before: 'a', after: 'b' }] }), 'single-line')[1]!.content);
    assert.ok(ghost.startsWith(`${prefix}Recent edits, newest first:\n`));
  });

  it('gives a long file as a window around the cursor that starts on a block boundary', () => {
    const long = Array.from({ length: 2000 }, (_, i) => `const value${i + 1} = compute(${i});`).join('\n');
    const user = String(nextEditMessages(context([{ line: 1210, before: 'a', after: 'b' }], long, 1210))[1]!.content);
    const numbers = [...user.matchAll(/^(\d+)\|/gm)].map((m) => Number(m[1]));
    assert.equal(numbers[0], 1151, 'a block before the cursor\'s block');
    assert.ok(numbers.includes(1210) && numbers.length < 2000);
    const moved = String(nextEditMessages(context([{ line: 1212, before: 'a', after: 'b' }], long, 1212))[1]!.content);
    assert.equal(/^(\d+)\|/m.exec(moved)![1], '1151', 'the same first line while the cursor stays in its block');
  });

  it('asks a short, deterministic reply the client accepts', () => {
    const request = nextEditRequest(nextEditMessages(context([{ line: 2, before: '  let count = 0;', after: '  let total = 0;' }])), 'svc-k2-turbo-preview', 'workspace-key');
    assert.equal(request.max_completion_tokens, NEXT_EDIT_MAX_TOKENS);
    assert.equal(request.temperature, 0);
    assert.equal(request.prompt_cache_key, 'workspace-key');
    assert.doesNotThrow(() => validateChatRequest(request));
    assert.throws(() => NextEditContextSchema.parse({ path: 'a.ts', languageId: 'typescript', text: '', cursorLine: 1, recentEdits: [] }), /recentEdits/);
  });
});
