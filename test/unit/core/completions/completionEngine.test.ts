// The completion engine on the real emulator: a completion from the rest of the file, the prompt cache
// serving the stable prefix from the second request on, identical contexts answered from the cache,
// typing into a shown completion shortening it without a request, and a keystroke aborting the request
// still running at once (its tokens still counted).
import assert from 'node:assert/strict';
import type { ChatRequest } from '../../../../src/api/index';
import { CompletionEngine, type CompletionEngineDeps } from '../../../../src/core/completions/completionEngine';
import { CompletionUsage } from '../../../../src/core/completions/completionUsage';
import { startEmulatorTestBed, type EmulatorTestBed } from '../../../support/emulatorTestBed';
import { perSuite } from '../../../support/suiteHooks';

const FILE = `export function add(a: number, b: number): number {
  return a + b;
}

export function subtract(a: number, b: number): number {
  return a - b;
}
`;

function engineOn(bed: EmulatorTestBed, sent: ChatRequest[] = [], onWire: () => void = () => undefined): { engine: CompletionEngine; usage: CompletionUsage } {
  const usage = new CompletionUsage(() => Date.now(), () => ({ 'svc-k2-turbo-preview': { input: 0.6, cachedInput: 0.15, output: 2.5 } }));
  const deps: CompletionEngineDeps = {
    client: async () => bed.client,
    cacheKey: async () => 'workspace-key',
    model: () => 'svc-k2-turbo-preview',
    gate: () => ({ trusted: true, allowInRestrictedMode: false, balanceBlocked: undefined, protectedFiles: [] }),
    usage,
    onRequest: (request) => {
      sent.push(request);
      onWire();
    },
  };
  return { engine: new CompletionEngine(deps), usage };
}

const typing = (typed: string) => ({ path: 'src/math.ts', languageId: 'typescript', before: `${FILE}\nexport function ${typed}`, after: '\n' });

describe('the completion engine on the emulator', () => {
  const bed = perSuite(() => startEmulatorTestBed());

  it('completes from the rest of the file, and the prompt cache serves the stable prefix from the second request on', async () => {
    const sent: ChatRequest[] = [];
    const { engine, usage } = engineOn(bed, sent);
    const first = await engine.complete(typing('ad'));
    assert.deepEqual(first, { text: 'd(a: number, b: number): number {', shape: 'single-line', source: 'model' });
    engine.forgetShown();
    const second = await engine.complete(typing('sub'));
    assert.deepEqual(second, { text: 'tract(a: number, b: number): number {', shape: 'single-line', source: 'model' });
    assert.equal(sent.length, 2);
    const day = usage.day;
    assert.equal(day.requests, 2);
    const secondPrompt = day.promptTokens / 2;
    assert.ok(day.cachedTokens >= 0.8 * secondPrompt, `cached ${day.cachedTokens} of ${day.promptTokens}`);
    assert.ok(day.usd > 0 && usage.label().includes('tokens · $'));
  });

  it('answers an identical context from its cache and shortens a completion the user types into, without a request', async () => {
    const sent: ChatRequest[] = [];
    const { engine } = engineOn(bed, sent);
    const shown = await engine.complete(typing('ad'));
    assert.equal(shown?.source, 'model');
    const typedThrough = await engine.complete(typing('add(a: n'));
    assert.deepEqual(typedThrough, { text: 'umber, b: number): number {', shape: 'single-line', source: 'typed-through' });
    engine.forgetShown();
    const again = await engine.complete(typing('ad'));
    assert.deepEqual(again, { text: 'd(a: number, b: number): number {', shape: 'single-line', source: 'cache' });
    assert.equal(sent.length, 1, 'one request for all three');
    const differs = await engine.complete(typing('add(b'));
    assert.notEqual(differs?.source, 'typed-through', 'typing something else asks again');
    assert.equal(sent.length, 2);
  });
});

describe('the completion engine when the user types on', () => {
  // The first byte never comes before the test ends: only an abort ends these requests.
  const bed = perSuite(() => startEmulatorTestBed({ faults: { slowFirstByteMs: 60_000 } }));

  it('aborts the running request at the next keystroke, answers nothing for it, and counts its prompt', async () => {
    let wired: () => void = () => undefined;
    const onWire = new Promise<void>((resolve) => (wired = resolve));
    const { engine, usage } = engineOn(bed, [], () => wired());
    const first = engine.complete(typing('ad'));
    await onWire;
    const second = engine.complete(typing('add'));
    assert.equal(await first, undefined, 'the first request ends at once, unanswered');
    assert.equal(usage.day.aborted, 1);
    assert.ok(usage.day.promptTokens > 100, 'the aborted prompt is counted');
    engine.cancel();
    assert.equal(await second, undefined);
    assert.equal(usage.day.aborted, 2);
  });

  it('stops when the editor cancels its own request', async () => {
    const { engine } = engineOn(bed);
    const cancel = new AbortController();
    const pending = engine.complete(typing('sub'), cancel.signal);
    cancel.abort();
    assert.equal(await pending, undefined);
  });
});
