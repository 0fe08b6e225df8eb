// The speed on a reply's usage line (time to first token, tokens per second of thinking and answer) and
// the conversation's time on its totals: as the reply finishes, and as a reloaded conversation shows them.
import assert from 'node:assert/strict';
import type { HostMessage } from '../../src/shared/protocol';
import { CONVERSATION_ID, content, conversation, reasoning, started } from './chatPage';
import type { WebviewCase } from './webviewCase';

const usage = { promptTokens: 1200, completionTokens: 300, cachedTokens: 1000, reasoningTokens: 100 };
const speed = { firstTokenMs: 320, reasoning: { tokens: 100, ms: 2000, perSecond: 50 }, answer: { tokens: 200, ms: 4000, perSecond: 50 }, splitEstimated: false };
const time = { replies: 3, waitMs: 900, streamMs: 11_500 };

const finishedWithSpeed: HostMessage = {
  type: 'replyFinished',
  conversationId: CONVERSATION_ID,
  messageId: 'a1',
  status: 'complete',
  finishReasons: [{ choiceIndex: 0, finishReason: 'stop' }],
  usage,
  totals: usage,
  speed,
  time,
};

export const replySpeedCases: WebviewCase[] = [
  {
    name: 'a finished reply shows its time to first token and tokens per second, spelled out in its tooltip and accessible name',
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1', 1, 'svc-k2-thinking'), reasoning('a1', 'Hm.'), content('a1', 'Hello'), finishedWithSpeed]);
      const line = chat.lastAssistant().locator('.usage');
      assert.equal(await line.textContent(), 'prompt 1,200 · completion 300 · cached 1,000 · reasoning 100 · first token 320 ms · thinking 50 tok/s · answer 50 tok/s');
      const label = chat.lastAssistant().locator('[data-testid="reply-speed"]');
      assert.equal(
        await label.getAttribute('title'),
        'Time to first token: 320 ms, from the request sent\nThinking: 100 tokens in 2.0 s, 50 tokens per second\nAnswer: 200 tokens in 4.0 s, 50 tokens per second',
      );
      assert.equal(await chat.page.getByRole('note', { name: /^Speed\. Time to first token: 320 ms/ }).count(), 1, 'the speed has an accessible name');
      const totals = chat.page.locator('.totals');
      assert.equal(await totals.textContent(), 'Conversation total: prompt 1,200 · completion 300 · cached 1,000 · reasoning 100 · 3 replies, 12.4 s');
      assert.match(await totals.locator('[data-testid="time-totals"]').getAttribute('title') ?? '', /900 ms waiting for first tokens, 300 ms on average, 11\.5 s streaming/);
    },
  },
  {
    name: 'a reloaded conversation shows the saved speed, with ~ and a note where the thinking/answer split is estimated',
    page: 'strict',
    async run(chat) {
      const view = conversation([
        {
          id: 'a1',
          role: 'assistant',
          model: 'svc-k2-thinking',
          choices: [{ index: 0, content: 'Hello', reasoning: 'Hm.', finishReason: 'stop' }],
          selectedChoice: 0,
          status: 'complete',
          usage: { promptTokens: 12, completionTokens: 60, cachedTokens: 0, reasoningTokens: 0 },
          reasoningTokens: 20,
          speed: { firstTokenMs: 1250, reasoning: { tokens: 20, ms: 500, perSecond: 40 }, answer: { tokens: 40, ms: 1000, perSecond: 40 }, splitEstimated: true },
          createdAt: 2,
        },
      ]);
      await chat.play([{ type: 'conversation', conversation: { ...view, totals: { promptTokens: 12, completionTokens: 60, cachedTokens: 0 }, time: { replies: 1, waitMs: 1250, streamMs: 1500 } } }]);
      assert.match(await chat.lastAssistant().locator('.usage').textContent() ?? '', / · first token 1\.3 s · thinking ~40 tok\/s · answer ~40 tok\/s$/);
      assert.match(await chat.lastAssistant().locator('[data-testid="reply-speed"]').getAttribute('title') ?? '', /counted locally, so the split is an estimate/);
      assert.match(await chat.page.locator('.totals').textContent() ?? '', / · 1 reply, 2\.8 s$/);
    },
  },
];
