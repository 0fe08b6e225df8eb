// The completion prompt is laid out for the prompt cache: what stays the same while the user types in
// one file comes first and is byte-identical from keystroke to keystroke; the related context is chosen
// within its budget; the request asks the fast model for a short reply with stop sequences.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { BEFORE_CUT_LINES, chooseRelated, clipAfter, clipBefore, roughTokens } from '../../../../src/core/completions/completionBudget';
import { COMPLETION_MARKER, CURSOR_MARK, completionMessages, editHistoryText, stablePrefix } from '../../../../src/core/completions/completionPrompt';
import { completionRequest, DEFAULT_COMPLETION_MODEL, MAX_TOKENS } from '../../../../src/core/completions/completionRequest';
import { completionShape } from '../../../../src/core/completions/completionShape';
import { CompletionContextSchema, type CompletionContext, type RelatedSnippet } from '../../../../src/core/completions/completionTypes';
import { validateChatRequest } from '../../../../src/api/index';

const REPO = path.join(__dirname, '..', '..', '..', '..');
const file = readFileSync(path.join(REPO, 'src/core/chat/chatRequestBuilder.ts'), 'utf8');
const related: RelatedSnippet[] = [
  { path: 'src/core/requests/requestSettings.ts', kind: 'open-tab', text: readFileSync(path.join(REPO, 'src/core/requests/requestSettings.ts'), 'utf8').slice(0, 1200) },
  { path: 'src/api/models.ts', kind: 'import', text: 'export function modelInfo(id: string): ModelInfo | undefined;' },
];

function at(offset: number, text = file): CompletionContext {
  return CompletionContextSchema.parse({ path: 'src/core/chat/chatRequestBuilder.ts', languageId: 'typescript', before: text.slice(0, offset), after: text.slice(offset), related, recentEdits: [{ path: 'src/a.ts', line: 3, before: 'const x = 1;', after: 'const y = 1;' }] });
}

function userText(context: CompletionContext): string {
  return String(completionMessages(context, completionShape(context.before, context.after))[1]!.content);
}

describe('the completion prompt', () => {
  it('keeps the system prompt and the stable prefix byte-identical while the user types a line', () => {
    const start = file.indexOf('  const request');
    const typed = 'const total = items.reduce((sum, item) => sum + item.price, 0);';
    const prompts = [...typed].map((_, i) => {
      const text = `${file.slice(0, start)}  ${typed.slice(0, i + 1)}\n${file.slice(start)}`;
      return completionMessages(at(start + 3 + i, text), 'single-line');
    });
    const prefix = stablePrefix(at(start));
    for (const messages of prompts) {
      assert.equal(messages[0]!.content, prompts[0]![0]!.content);
      assert.ok(String(messages[1]!.content).startsWith(prefix), 'the stable prefix starts the user message');
      // Everything up to the cursor's line is shared: the file above the cursor is part of what repeats.
      assert.ok(String(messages[1]!.content).startsWith(`${prefix}${editHistoryText(at(start).recentEdits)}<|file|>\n${file.slice(0, start)}`));
    }
    assert.ok(String(prompts[0]![0]!.content).startsWith(COMPLETION_MARKER));
  });

  it('puts the text after the cursor after the cursor mark, so the model fills the middle', () => {
    const offset = file.indexOf('model: settings.model');
    const text = userText(at(offset));
    assert.ok(text.includes(`${file.slice(0, offset)}${CURSOR_MARK}model: settings.model`));
    assert.ok(text.indexOf('File: src/core/chat/chatRequestBuilder.ts (typescript)') < text.indexOf(CURSOR_MARK));
    assert.ok(text.indexOf('Related (import)') < text.indexOf('Related (open-tab)') && text.indexOf('Related (open-tab)') < text.indexOf('Recent edits') && text.indexOf('Recent edits') < text.indexOf('<|file|>'), 'imports, then open tabs, then the recent edits after the stable prefix');
  });

  it('cuts a long file above the cursor in blocks of lines, so its first line stays while typing', () => {
    const long = Array.from({ length: 600 }, (_, i) => `const value${i} = compute(${i}, "some text to make the line longer");`).join('\n') + '\n';
    const one = clipBefore(long, 1500);
    const two = clipBefore(`${long}const next`, 1500);
    assert.ok(roughTokens(one) <= 1500 && roughTokens(two) <= 1500);
    assert.equal(one.split('\n', 1)[0], two.split('\n', 1)[0], 'the same first line');
    const first = Number(/value(\d+)/.exec(one)![1]);
    assert.equal(first % BEFORE_CUT_LINES, 0);
    assert.ok(long.endsWith(one));
    const after = clipAfter(long, 200);
    assert.ok(roughTokens(after) <= 200 && long.startsWith(after) && after.endsWith('");'));
  });

  it('chooses the related context within its budget and the recent edits within theirs, whole or none, in a stable order', () => {
    const big: RelatedSnippet = { path: 'big.ts', kind: 'import', text: 'x'.repeat(8000) };
    const small: RelatedSnippet = { path: 'small.ts', kind: 'open-tab', text: 'export const small = 1;' };
    const edit = { path: 'a.ts', line: 1, before: 'let a', after: 'let b' };
    const chosen = chooseRelated([edit], [small, big], { related: 1000, edits: 400 });
    assert.deepEqual(chosen.edits, [edit]);
    assert.deepEqual(chosen.snippets, [small], 'the snippet over the budget is left out whole, the small one kept');
    assert.deepEqual(chooseRelated([edit], [small, big], { related: 1000, edits: 400 }), chosen);
    assert.deepEqual(chooseRelated([], [small], { related: 3, edits: 400 }).snippets, []);
    const long = { path: 'a.ts', line: 2, before: 'y'.repeat(2000), after: 'z' };
    assert.deepEqual(chooseRelated([long, edit], [small], { related: 1000, edits: 400 }), { edits: [edit], snippets: [small] }, 'an edit over its budget takes nothing from the snippets');
  });

  it('asks one line in the middle of a line and a block at an empty line or after an opening bracket', () => {
    assert.equal(completionShape('const a = ', ';\n'), 'single-line');
    assert.equal(completionShape('const a = foo', '(bar);\n'), 'single-line');
    assert.equal(completionShape('function f() {\n  ', '\n}'), 'multi-line');
    assert.equal(completionShape('function f() {', '\n}'), 'multi-line');
    assert.equal(completionShape('items.map((x) =>', ')'), 'multi-line');
  });

  it('builds a request the client accepts: fast model, temperature 0, no thinking, a small reply, stop sequences', () => {
    const request = completionRequest(completionMessages(at(100), 'single-line'), 'single-line', DEFAULT_COMPLETION_MODEL, 'key-1');
    assert.equal(request.model, 'svc-k2-turbo-preview');
    assert.equal(request.temperature, 0);
    assert.equal(request.max_completion_tokens, MAX_TOKENS['single-line']);
    assert.deepEqual(request.stop, ['\n', '<|end|>', '<|cursor|>', '```']);
    assert.equal(request.prompt_cache_key, 'key-1');
    assert.doesNotThrow(() => validateChatRequest(request));
    const k25 = completionRequest(completionMessages(at(100), 'multi-line'), 'multi-line', 'svc-k2.5', 'key-1');
    assert.deepEqual(k25.thinking, { type: 'disabled' });
    assert.equal(k25.max_completion_tokens, MAX_TOKENS['multi-line']);
    assert.doesNotThrow(() => validateChatRequest(k25));
  });

  it('refuses a context without a path with the field named', () => {
    assert.throws(() => CompletionContextSchema.parse({ path: '', languageId: 'ts', before: '', after: '' }), /path/);
  });
});
