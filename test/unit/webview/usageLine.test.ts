import assert from 'node:assert/strict';
import { ReplyTimer } from '../../../src/core/chat/replyEntry';
import { usageText } from '../../../src/webview/components/usageLine';

describe('the speed on a reply’s usage line', () => {
  it('times the first token, the reasoning and the answer from the request start', () => {
    const timer = new ReplyTimer(1000);
    assert.equal(timer.timing(1200), undefined, 'nothing arrived');
    timer.token(1300);
    timer.token(1350);
    timer.content(2300);
    timer.content(2400);
    assert.deepEqual(timer.timing(4300), { firstTokenMs: 300, reasoningMs: 1000, answerMs: 2000 });
    const answerOnly = new ReplyTimer(0);
    answerOnly.content(120);
    assert.deepEqual(answerOnly.timing(1120), { firstTokenMs: 120, reasoningMs: 0, answerMs: 1000 });
  });

  it('shows time to first token and tokens per second of the reasoning and of the answer', () => {
    const usage = { promptTokens: 1200, completionTokens: 300, cachedTokens: 1000, reasoningTokens: 100 };
    assert.equal(
      usageText(usage, { firstTokenMs: 320, reasoningMs: 2000, answerMs: 4000 }),
      'prompt 1,200 · completion 300 · cached 1,000 · reasoning 100 · first token 320 ms · thinking 50 tok/s · answer 50 tok/s',
    );
    assert.equal(usageText({ ...usage, reasoningTokens: undefined }, { firstTokenMs: 10, reasoningMs: 0, answerMs: 20 }), 'prompt 1,200 · completion 300 · cached 1,000 · first token 10 ms', 'a stretch of a few ms gives no rate');
    assert.equal(usageText(usage), 'prompt 1,200 · completion 300 · cached 1,000 · reasoning 100');
  });
});
