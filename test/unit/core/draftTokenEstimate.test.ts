import assert from 'node:assert/strict';
import type { TokenEstimateRequest } from '../../../src/api/index';
import type { Conversation } from '../../../src/core/conversations/conversation';
import { DraftTokenEstimates, ESTIMATE_DEBOUNCE_MS, draftMessages, scaledBreakdown, type DraftEstimate } from '../../../src/core/tokens/draftTokenEstimate';
import type { EstimateClient } from '../../../src/core/tokens/tokenEstimator';
import { ManualClock } from './support/manualClock';

class CountingClient implements EstimateClient {
  readonly requests: TokenEstimateRequest[] = [];
  constructor(private readonly answer: number | Error) {}
  async estimateTokens(request: TokenEstimateRequest): Promise<number> {
    this.requests.push(request);
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }
}

function conversation(): Conversation {
  return {
    version: 1,
    id: 'c1',
    title: 'Maps',
    titleIsCustom: false,
    createdAt: 1,
    updatedAt: 1,
    systemPrompt: 'Be brief.',
    entries: [{ id: 'u1', role: 'user', createdAt: 1, content: 'Sort a map' }],
    usageTotals: { promptTokens: 0, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 },
  } as Conversation;
}

/** Lets any further (unwanted) estimate run to its end, so an assertion on the count sees it. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

function estimatesWith(client: () => Promise<EstimateClient>) {
  const clock = new ManualClock();
  const results: DraftEstimate[] = [];
  let waiting: (() => void) | undefined;
  const estimates = new DraftTokenEstimates(client, clock, (e) => {
    results.push(e);
    waiting?.();
  });
  /** Resolves once `count` estimates have arrived (a local count loads its tokenizer first). */
  const received = (count: number) =>
    new Promise<void>((resolve) => {
      waiting = () => results.length >= count && resolve();
      waiting();
    });
  return { clock, results, estimates, received };
}

const base = { systemPrompt: '', maxCompletionTokens: undefined, conversation: undefined };

describe('the draft token estimate', () => {
  it('answers 0 at once, without a call, when there is nothing to send', async () => {
    const client = new CountingClient(99);
    const { results, estimates } = estimatesWith(async () => client);
    await estimates.request({ ...base, requestId: 'r1', model: 'svc-v1-8k', draft: '   ' });
    assert.deepEqual(results, [{ requestId: 'r1', tokens: 0, contextLength: 8192 }]);
    assert.equal(client.requests.length, 0);
  });

  it('makes one call for a burst of typing, answers the last draft, and adds the reply reserve against a known length', async () => {
    const client = new CountingClient(100);
    const { clock, results, estimates, received } = estimatesWith(async () => client);
    for (const [i, draft] of ['S', 'So', 'Sort'].entries()) await estimates.request({ ...base, requestId: `r${i}`, model: 'svc-v1-8k', draft, maxCompletionTokens: 500 });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(1);
    await settle();
    assert.equal(client.requests.length, 1);
    assert.deepEqual(client.requests[0]?.messages, [{ role: 'user', content: 'Sort' }]);
    assert.deepEqual(results, [{ requestId: 'r2', tokens: 600, contextLength: 8192, breakdown: [{ label: 'Your message', tokens: 100 }, { label: 'Reserved for the reply', tokens: 500 }] }]);
  });

  it('gives the input alone when the model states no length, and the service default reserve otherwise', async () => {
    const client = new CountingClient(40);
    const { clock, results, estimates, received } = estimatesWith(async () => client);
    await estimates.request({ ...base, requestId: 'a', model: 'svc-v1-auto', draft: 'hi' });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(1);
    await estimates.request({ ...base, requestId: 'b', model: 'svc-v1-32k', draft: 'hi' });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(2);
    assert.deepEqual(results, [
      { requestId: 'a', tokens: 40, contextLength: null, breakdown: [{ label: 'Your message', tokens: 40 }] },
      { requestId: 'b', tokens: 40 + 1024, contextLength: 32768, breakdown: [{ label: 'Your message', tokens: 40 }, { label: 'Reserved for the reply', tokens: 1024 }] },
    ]);
  });

  it('counts locally, and says so, when the endpoint fails or does not take the model', async () => {
    const failing = new CountingClient(new Error('503'));
    const { clock, results, estimates, received } = estimatesWith(async () => failing);
    await estimates.request({ ...base, requestId: 'f', model: 'svc-v1-auto', draft: 'hello there' });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(1);
    await estimates.request({ ...base, requestId: 't', model: 'svc-k2-thinking', draft: 'hello there' });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(2);
    assert.equal(failing.requests.length, 1, 'the thinking model is never sent to the endpoint');
    assert.equal(results.length, 2);
    for (const result of results) {
      assert.ok(result.tokens > 0);
      assert.match(result.unavailableReason ?? '', /^approximate: counted locally/);
    }
  });

  it('drops an estimate pending for the previous client when the client changes', async () => {
    const first = new CountingClient(1);
    const second = new CountingClient(2);
    let current: EstimateClient = first;
    const { clock, results, estimates, received } = estimatesWith(async () => current);
    await estimates.request({ ...base, requestId: 'old', model: 'svc-v1-auto', draft: 'a' });
    current = second;
    await estimates.request({ ...base, requestId: 'new', model: 'svc-v1-auto', draft: 'ab' });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(1);
    await settle();
    assert.equal(first.requests.length, 0);
    assert.deepEqual(results, [{ requestId: 'new', tokens: 2, contextLength: null, breakdown: [{ label: 'Your message', tokens: 2 }] }]);
  });

  it('breaks the figure down into rules and system prompt, conversation, the message and the reserve, adding up to it, with the cached share of the last reply', async () => {
    const client = new CountingClient(300);
    const { clock, results, estimates, received } = estimatesWith(async () => client);
    const withReply = conversation();
    withReply.entries.push({ id: 'a1', role: 'assistant', createdAt: 2, model: 'svc-v1-8k', alternatives: [{ content: 'Use sorted().', reasoning: '', finishReason: 'stop' }], selected: 0, status: 'complete', usage: { promptTokens: 50, completionTokens: 5, cachedTokens: 32, reasoningTokens: 0 } });
    await estimates.request({ ...base, requestId: 'm', model: 'svc-v1-8k', draft: 'and by key?', conversation: withReply, instructions: { role: 'system', content: 'Project rules: use tabs.' }, maxCompletionTokens: 200 });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(1);
    const [result] = results;
    assert.deepEqual(result?.breakdown?.map((p) => p.label), ['Rules, system prompt, files and mentions', 'Conversation', 'Your message', 'Reserved for the reply']);
    assert.equal(result?.breakdown?.reduce((sum, p) => sum + p.tokens, 0), 500, 'the parts add up to the figure shown');
    assert.equal(result?.cachedTokens, 32);
    assert.equal((client.requests[0]?.messages[0] as { content: string }).content, 'Project rules: use tabs.', 'the rules are counted');
    assert.deepEqual(scaledBreakdown([{ label: 'a', tokens: 1 }, { label: 'b', tokens: 2 }], 10, 0), [{ label: 'a', tokens: 3 }, { label: 'b', tokens: 7 }]);
  });

  it("counts the draft's mentions, right before the draft as they will be sent, and gives each chip its tokens or its problem", async () => {
    const client = new CountingClient(50);
    const { clock, estimates, received, results } = estimatesWith(async () => client);
    const mention = { role: 'system' as const, content: 'The user mentioned @src/app.ts (file src/app.ts):\n\nconst app = 1;' };
    await estimates.request({
      ...base,
      requestId: 'x',
      model: 'svc-v1-8k',
      draft: 'explain @src/app.ts and @gone.ts with @https://example.com',
      mentions: [
        { raw: '@src/app.ts', kind: 'path', message: mention },
        { raw: '@gone.ts', kind: 'path', problem: 'no such file' },
        { raw: '@https://example.com', kind: 'url' },
      ],
    });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(1);
    assert.deepEqual(client.requests[0]?.messages, [mention, { role: 'user', content: 'explain @src/app.ts and @gone.ts with @https://example.com' }]);
    const chips = results[0]?.mentions;
    assert.equal(chips?.length, 3);
    assert.ok((chips?.[0]?.tokens ?? 0) > 10, `the file's tokens are counted: ${JSON.stringify(chips?.[0])}`);
    assert.deepEqual(chips?.slice(1), [
      { raw: '@gone.ts', kind: 'path', problem: 'no such file' },
      { raw: '@https://example.com', kind: 'url' },
    ]);
  });

  it("counts the attached files' text, after the mentions and right before the draft, as it will be sent", async () => {
    const client = new CountingClient(80);
    const { clock, estimates, received } = estimatesWith(async () => client);
    const mention = { role: 'system' as const, content: 'The user mentioned @a.ts:\n\nconst a = 1;' };
    const file = { role: 'system' as const, content: '{"filename":"notes.md","content":"The release is on Friday."}' };
    await estimates.request({ ...base, requestId: 'f', model: 'svc-v1-8k', draft: 'see @a.ts', mentions: [{ raw: '@a.ts', kind: 'path', message: mention }], attachments: [file] });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(1);
    assert.deepEqual(client.requests[0]?.messages, [mention, file, { role: 'user', content: 'see @a.ts' }]);
  });

  it('says what compacting now would replace and cost the cache, and whether the next message compacts first, on the figures that decide it', async () => {
    const client = new CountingClient(100);
    const { clock, results, estimates, received } = estimatesWith(async () => client);
    const long = conversation();
    for (let i = 0; i < 4; i++) {
      long.entries.push({ id: `a${i}`, role: 'assistant', createdAt: 2, model: 'svc-v1-8k', alternatives: [{ content: 'word '.repeat(600), reasoning: '', finishReason: 'stop' }], selected: 0, status: 'complete', usage: { promptTokens: 50, completionTokens: 5, cachedTokens: 40 + i, reasoningTokens: 0 } });
      long.entries.push({ id: `u${i + 2}`, role: 'user', createdAt: 3, content: `Question ${i}` });
    }
    await estimates.request({ ...base, requestId: 'quiet', model: 'svc-v1-8k', draft: 'next', conversation: conversation() });
    await estimates.request({ ...base, requestId: 'low', model: 'svc-v1-8k', draft: 'next', conversation: long, compactionThreshold: 0.99 });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(1);
    const outlook = results[0]?.compaction;
    assert.ok(outlook && outlook.coveredTokens > 1000, `three old turns are covered: ${JSON.stringify(outlook)}`);
    assert.equal(outlook?.cacheLost, 43, "the last reply's cached tokens");
    assert.equal(outlook?.automatic, false, 'far from 99 % of 8k');
    await estimates.request({ ...base, requestId: 'high', model: 'svc-v1-8k', draft: 'next', conversation: long, compactionThreshold: 0.2 });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(2);
    assert.equal(results[1]?.compaction?.automatic, true, 'past 20 % of 8k, with most of the history covered');
    await estimates.request({ ...base, requestId: 'short', model: 'svc-v1-8k', draft: 'next', conversation: conversation(), compactionThreshold: 0.2 });
    clock.advance(ESTIMATE_DEBOUNCE_MS);
    await received(3);
    assert.equal(results[2]?.compaction, undefined, 'a conversation too short to compact has no outlook');
  });

  it('sends the history of the conversation, or the system prompt of a new chat, before the draft', () => {
    assert.deepEqual(draftMessages(undefined, 'Hi', 'Be brief.'), [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
    assert.deepEqual(draftMessages(conversation(), 'More', 'ignored for an existing chat'), [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Sort a map' },
      { role: 'user', content: 'More' },
    ]);
  });
});
