import assert from 'node:assert/strict';
import { ReplyTimer } from '../../../src/core/chat/replyTimer';
import { ConversationSchema, type AssistantEntry } from '../../../src/core/conversations/conversation';
import { replySpeed, stretchSpeed } from '../../../src/core/conversations/replySpeed';
import { addTiming } from '../../../src/core/conversations/timeTotals';

function entry(extra: Partial<AssistantEntry>): AssistantEntry {
  return { id: 'a', role: 'assistant', createdAt: 0, model: 'svc-k2-thinking', selected: 0, status: 'complete', alternatives: [{ content: 'ok', reasoning: 'hm', finishReason: 'stop' }], ...extra };
}

describe('the speed of a reply', () => {
  it('times the first token, the reasoning and the answer from the request sent', () => {
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
    const stoppedWhileThinking = new ReplyTimer(0);
    stoppedWhileThinking.token(100);
    assert.deepEqual(stoppedWhileThinking.timing(600), { firstTokenMs: 100, reasoningMs: 500, answerMs: 0 });
  });

  it('divides the service’s reasoning and answer tokens by how long each streamed', () => {
    const timing = { firstTokenMs: 300, reasoningMs: 1000, answerMs: 2000 };
    const usage = { promptTokens: 5, completionTokens: 90, cachedTokens: 0, reasoningTokens: 30 };
    assert.deepEqual(replySpeed(entry({ timing, usage, reasoningTokens: 30 })), {
      firstTokenMs: 300,
      reasoning: { tokens: 30, ms: 1000, perSecond: 30 },
      answer: { tokens: 60, ms: 2000, perSecond: 30 },
      splitEstimated: false,
    });
  });

  it('estimates the split with the local count when the service gives no reasoning tokens, and says so', () => {
    const speed = replySpeed(entry({ timing: { firstTokenMs: 50, reasoningMs: 500, answerMs: 1000 }, usage: { promptTokens: 5, completionTokens: 60, cachedTokens: 0, reasoningTokens: 0 }, reasoningTokens: 20 }));
    assert.deepEqual(speed, { firstTokenMs: 50, reasoning: { tokens: 20, ms: 500, perSecond: 40 }, answer: { tokens: 40, ms: 1000, perSecond: 40 }, splitEstimated: true });
    const noReasoning = replySpeed(entry({ alternatives: [{ content: 'ok', reasoning: '', finishReason: 'stop' }], timing: { firstTokenMs: 50, reasoningMs: 0, answerMs: 400 }, usage: { promptTokens: 5, completionTokens: 8, cachedTokens: 0, reasoningTokens: 0 } }));
    assert.deepEqual(noReasoning, { firstTokenMs: 50, answer: { tokens: 8, ms: 400, perSecond: 20 }, splitEstimated: false });
  });

  it('gives no rate for a stretch of a few milliseconds, and only the first token without usage or with n > 1', () => {
    assert.deepEqual(stretchSpeed(3, 49), { tokens: 3, ms: 49 });
    assert.deepEqual(stretchSpeed(0, 500), { tokens: 0, ms: 500 });
    const timing = { firstTokenMs: 80, reasoningMs: 0, answerMs: 900 };
    assert.deepEqual(replySpeed(entry({ timing })), { firstTokenMs: 80, splitEstimated: false });
    const two = entry({ timing, usage: { promptTokens: 1, completionTokens: 50, cachedTokens: 0, reasoningTokens: 0 }, alternatives: [{ content: 'a', reasoning: '', finishReason: 'stop' }, { content: 'b', reasoning: '', finishReason: 'stop' }] });
    assert.deepEqual(replySpeed(two), { firstTokenMs: 80, splitEstimated: false });
    assert.equal(replySpeed(entry({})), undefined, 'a reply saved before timing');
  });

  it('adds each timed reply to the conversation’s time, which older saves lack', () => {
    const once = addTiming(undefined, { firstTokenMs: 300, reasoningMs: 1000, answerMs: 2000 });
    assert.deepEqual(once, { replies: 1, waitMs: 300, streamMs: 3000 });
    assert.deepEqual(addTiming(once, { firstTokenMs: 100, reasoningMs: 0, answerMs: 500 }), { replies: 2, waitMs: 400, streamMs: 3500 });
    const old = { version: 1, id: 'c', title: 't', titleIsCustom: false, createdAt: 0, updatedAt: 0, entries: [entry({})], usageTotals: { promptTokens: 0, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 } };
    const parsed = ConversationSchema.parse(old);
    assert.equal(parsed.timeTotals, undefined);
    assert.equal((parsed.entries[0] as AssistantEntry).timing, undefined);
  });
});
