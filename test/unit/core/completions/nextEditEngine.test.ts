// The next-edit engine on the real emulator: a rename on one line gives the next occurrence as a
// suggestion, the chain of suggestions reaches each occurrence in turn and the prompt cache serves the
// repeated prefix; a malformed reply is an error and never a suggestion; a secret file sends nothing;
// an abort ends the request at once.
import assert from 'node:assert/strict';
import type { ChatRequest } from '../../../../src/api/index';
import type { CompletionEngineDeps } from '../../../../src/core/completions/completionEngine';
import { CompletionRefusedError } from '../../../../src/core/completions/completionRefusal';
import { CompletionUsage } from '../../../../src/core/completions/completionUsage';
import { NextEditEngine } from '../../../../src/core/completions/nextEditEngine';
import { NextEditReplyError } from '../../../../src/core/completions/nextEditReply';
import { startEmulatorTestBed, type EmulatorTestBed } from '../../../support/emulatorTestBed';
import { perSuite } from '../../../support/suiteHooks';

const LINES = ['export function tally(items: number[]): number {', '  let count = 0;', '  for (const item of items) count += item;', '  return count;', '}'];

function engineOn(bed: EmulatorTestBed, sent: ChatRequest[]): { engine: NextEditEngine; usage: CompletionUsage } {
  const usage = new CompletionUsage(() => Date.now(), () => ({}));
  const deps: CompletionEngineDeps = {
    client: async () => bed.client,
    cacheKey: async () => 'workspace-key',
    model: () => 'svc-k2-turbo-preview',
    gate: () => ({ trusted: true, allowInRestrictedMode: false, balanceBlocked: undefined, protectedFiles: [] }),
    usage,
    onRequest: (request) => sent.push(request),
  };
  return { engine: new NextEditEngine(deps), usage };
}

const input = (lines: readonly string[], edits: { line: number; before: string; after: string }[], path = 'src/tally.ts') => ({
  path,
  languageId: 'typescript',
  text: lines.join('\n'),
  cursorLine: edits[0]!.line,
  recentEdits: edits.map((e) => ({ path, ...e })),
});

describe('the next-edit engine on the emulator', () => {
  const bed = perSuite(() => startEmulatorTestBed());
  const malformed = perSuite(() => startEmulatorTestBed({ scenarios: [{ match: { lastUserTextRegex: 'The next edit\\?' }, reply: { content: 'Rename it on line 3:\n@@ 3\n-x\n+y' } }] }));

  it('suggests the next occurrence after a rename, then the one after, the prefix served from the cache', async () => {
    const sent: ChatRequest[] = [];
    const { engine, usage } = engineOn(bed, sent);
    const first = LINES.map((l, i) => (i === 1 ? '  let total = 0;' : l));
    const edit1 = { line: 2, before: LINES[1]!, after: first[1]! };
    const one = await engine.suggest(input(first, [edit1]));
    assert.deepEqual(one, { path: 'src/tally.ts', line: 3, before: LINES[2], after: '  for (const item of items) total += item;', startColumn: 28, endColumn: 33, text: 'total' });
    const second = first.map((l, i) => (i === 2 ? one!.after : l));
    const two = await engine.suggest(input(second, [{ line: 3, before: LINES[2]!, after: one!.after }, edit1]));
    assert.equal(two?.line, 4);
    assert.equal(two?.after, '  return total;');
    assert.equal(sent.length, 2);
    assert.equal(usage.day.requests, 2);
    assert.ok(usage.day.cachedTokens > 0, 'the second request reuses the first one\'s prefix');
  });

  it('refuses a malformed reply with an error, and suggests nothing', async () => {
    const { engine } = engineOn(malformed, []);
    const first = LINES.map((l, i) => (i === 1 ? '  let total = 0;' : l));
    await assert.rejects(engine.suggest(input(first, [{ line: 2, before: LINES[1]!, after: first[1]! }])), (error: unknown) => error instanceof NextEditReplyError && error.field === 'reply');
  });

  it('sends nothing from a secret file, and an abort ends the request at once', async () => {
    const sent: ChatRequest[] = [];
    const { engine } = engineOn(bed, sent);
    await assert.rejects(engine.suggest(input(['API_KEY=old', 'OTHER=old'], [{ line: 1, before: 'API_KEY=1', after: 'API_KEY=old' }], '.env')), CompletionRefusedError);
    assert.equal(sent.length, 0);
    const abort = new AbortController();
    abort.abort();
    const first = LINES.map((l, i) => (i === 1 ? '  let total = 0;' : l));
    assert.equal(await engine.suggest(input(first, [{ line: 2, before: LINES[1]!, after: first[1]! }]), abort.signal), undefined);
  });
});
