import assert from 'node:assert/strict';
import { compactCount, duration, speedDetails, speedText, timeTotalsDetails, timeTotalsText, tokensSummary, usageDetails } from '../../../src/webview/components/usageLine';

describe('the usage line of a reply and of the conversation', () => {
  const speed = { firstTokenMs: 320, reasoning: { tokens: 100, ms: 2000, perSecond: 50 }, answer: { tokens: 200, ms: 4000, perSecond: 50 }, splitEstimated: false };

  it('shows the tokens as one short figure, and spells out prompt, cached, completion and reasoning (when known) for the tooltip', () => {
    const usage = { promptTokens: 1200, completionTokens: 300, cachedTokens: 1000, reasoningTokens: 100 };
    assert.equal(tokensSummary(usage), '1.5k tokens');
    assert.deepEqual(usageDetails(usage), ['Prompt: 1,200 tokens, 1,000 cached', 'Completion: 300 tokens, 100 of them reasoning']);
    assert.deepEqual(usageDetails({ ...usage, reasoningTokens: undefined }), ['Prompt: 1,200 tokens, 1,000 cached', 'Completion: 300 tokens']);
    assert.deepEqual([0, 999, 1000, 1234, 9960, 12_345, 999_400, 1_250_000, 3_000_000].map(compactCount), ['0', '999', '1k', '1.2k', '10k', '12k', '999k', '1.3M', '3M']);
  });

  it('shows time to first token and tokens per second of the thinking and of the answer, short', () => {
    assert.equal(speedText(speed), 'first token 320 ms · thinking 50 tok/s · answer 50 tok/s');
    assert.equal(speedText({ firstTokenMs: 1250, answer: { tokens: 3, ms: 20 }, splitEstimated: false }), 'first token 1.3 s', 'a stretch too short for a rate shows none');
    assert.equal(speedText({ ...speed, answer: { tokens: 2000, ms: 41_000, perSecond: 48.78 }, splitEstimated: true }), 'first token 320 ms · thinking ~50 tok/s · answer ~49 tok/s');
  });

  it('spells every figure out for the tooltip, and says when the split is an estimate', () => {
    assert.deepEqual(speedDetails(speed), [
      'Time to first token: 320 ms, from the request sent',
      'Thinking: 100 tokens in 2.0 s, 50 tokens per second',
      'Answer: 200 tokens in 4.0 s, 50 tokens per second',
    ]);
    const estimated = speedDetails({ firstTokenMs: 90, answer: { tokens: 4, ms: 10 }, splitEstimated: true });
    assert.equal(estimated[1], 'Answer: 4 tokens in 10 ms (too short for a rate)');
    assert.match(estimated[2] ?? '', /counted locally, so the split is an estimate/);
  });

  it('adds the conversation’s time to its totals', () => {
    const time = { replies: 3, waitMs: 900, streamMs: 11_500 };
    assert.equal(timeTotalsText(time), '3 replies, 12.4 s');
    assert.equal(timeTotalsText({ replies: 1, waitMs: 100, streamMs: 400 }), '1 reply, 500 ms');
    assert.equal(timeTotalsDetails(time), 'Timed replies: 3, 12.4 s in all: 900 ms waiting for first tokens, 300 ms on average, 11.5 s streaming');
    assert.equal(duration(999.6), '1.0 s');
  });
});
