import assert from 'node:assert/strict';
import { computeTokenBudget } from '../../../src/core/tokens/tokenBudget';
import { DebouncedEstimator, countTokensLocally, estimateRequestTokens, type TokenEstimate } from '../../../src/core/tokens/tokenEstimator';
import type { TokenEstimateRequest } from '../../../src/api/schemas';
import { ManualClock } from './support/manualClock';

describe('token budget', () => {
  it('compares input plus the completion cap with the model length', () => {
    assert.equal(computeTokenBudget({ inputTokens: 1000, approximate: false, maxCompletionTokens: 1024, contextLength: 8192 }).state, 'ok');
    const near = computeTokenBudget({ inputTokens: 6500, approximate: false, maxCompletionTokens: 1024, contextLength: 8192 });
    assert.equal(near.state, 'near');
    assert.equal(near.remaining, 8192 - 7524);
    assert.equal(near.requestTokens, 7524);
    const over = computeTokenBudget({ inputTokens: 7200, approximate: true, maxCompletionTokens: 1024, contextLength: 8192 });
    assert.equal(over.state, 'over');
    assert.equal(over.remaining, -32);
    assert.equal(over.approximate, true);
    const unknown = computeTokenBudget({ inputTokens: 10, approximate: false, maxCompletionTokens: 1024, contextLength: undefined });
    assert.equal(unknown.state, 'unknown-limit');
    assert.equal(unknown.remaining, undefined);
  });
});

class FakeEstimateClient {
  calls: TokenEstimateRequest[] = [];
  failWith: Error | undefined;
  pending: ((n: number) => void)[] = [];
  async estimateTokens(request: TokenEstimateRequest): Promise<number> {
    this.calls.push(request);
    if (this.failWith) throw this.failWith;
    return new Promise<number>((resolve) => this.pending.push(resolve));
  }
}

const flush = () => new Promise((r) => setImmediate(r));

describe('token estimator', () => {
  it('asks the estimate endpoint for models it accepts', async () => {
    const client = new FakeEstimateClient();
    const result = estimateRequestTokens(client, { model: 'svc-v1-8k', messages: [{ role: 'user', content: 'hi' }] });
    await flush();
    client.pending[0]?.(17);
    assert.deepEqual(await result, { tokens: 17, approximate: false });
  });

  it('counts locally, marked approximate, for models the endpoint refuses and when it fails', async () => {
    const client = new FakeEstimateClient();
    const messages = [{ role: 'user' as const, content: 'hello there, how are you today?' }];
    const local = await estimateRequestTokens(client, { model: 'svc-k2-thinking', messages });
    assert.equal(client.calls.length, 0, 'svc-k2-thinking is not accepted by the estimate endpoint');
    assert.equal(local.approximate, true);
    assert.equal(local.tokens, await countTokensLocally(messages));
    assert.ok(local.tokens > 4);
    client.failWith = new Error('down');
    assert.deepEqual(await estimateRequestTokens(client, { model: 'svc-v1-8k', messages }), local);
  });

  it('counts reasoning and tool calls of assistant messages locally', async () => {
    const bare = await countTokensLocally([{ role: 'assistant', content: 'ok' }]);
    const full = await countTokensLocally([
      { role: 'assistant', content: 'ok', reasoning_content: 'a long chain of thought', tool_calls: [{ id: '1', type: 'function', function: { name: 'date', arguments: '{}' } }] },
    ]);
    assert.ok(full > bare);
  });

  it('debounces drafts and drops answers to an older draft', async () => {
    const clock = new ManualClock();
    const client = new FakeEstimateClient();
    const seen: TokenEstimate[] = [];
    const estimator = new DebouncedEstimator(client, clock, 300, (e) => seen.push(e));
    const req = (text: string): TokenEstimateRequest => ({ model: 'svc-v1-8k', messages: [{ role: 'user', content: text }] });
    estimator.request(req('h'));
    clock.advance(100);
    estimator.request(req('he'));
    clock.advance(299);
    assert.equal(client.calls.length, 0);
    clock.advance(1);
    assert.equal(client.calls.length, 1);
    assert.equal(client.calls[0]?.messages[0]?.content, 'he');
    estimator.request(req('hel'));
    clock.advance(300);
    await flush();
    assert.equal(client.calls.length, 2);
    client.pending[1]?.(3);
    client.pending[0]?.(2);
    await flush();
    assert.deepEqual(seen, [{ tokens: 3, approximate: false }], 'the stale answer for "he" is dropped');
    estimator.request(req('hell'));
    estimator.cancel();
    clock.advance(1000);
    assert.equal(client.calls.length, 2);
  });
});
