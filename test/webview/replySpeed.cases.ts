// The speed of a reply (time to first token, tokens per second of thinking and answer) in its usage line's
// tooltip, and the conversation's time in its summary: as the reply finishes, and as a reloaded
// conversation shows them.
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
    name: "a finished reply shows a usage icon; its tokens, time to first token and tokens per second are spelled out in its tooltip and accessible name, the totals in the header icon's summary",
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1', 1, 'svc-k2-thinking'), reasoning('a1', 'Hm.'), content('a1', 'Hello'), finishedWithSpeed]);
      const line = chat.lastAssistant().locator('.usage');
      assert.equal(await line.innerText(), '', 'the figures are not shown beside the reply');
      assert.equal(await line.getAttribute('role'), 'img');
      assert.equal(
        await line.getAttribute('title'),
        [
          'Prompt: 1,200 tokens, 1,000 cached',
          'Completion: 300 tokens, 100 of them reasoning',
          'Time to first token: 320 ms, from the request sent',
          'Thinking: 100 tokens in 2.0 s, 50 tokens per second',
          'Answer: 200 tokens in 4.0 s, 50 tokens per second',
        ].join('\n'),
      );
      assert.match(await line.getAttribute('aria-label') ?? '', /^Usage: 1\.5k tokens\. Prompt: 1,200 tokens, 1,000 cached\. .*Time to first token: 320 ms/);
      const totals = chat.page.locator('[data-testid="conversation-totals"]');
      assert.equal(await totals.innerText(), '', 'the header shows an icon, not a figure');
      assert.match(await totals.getAttribute('aria-label') ?? '', /^Conversation total: 1\.5k tokens\. Show the summary$/);
      const summary = chat.page.locator('[data-testid="conversation-summary"]');
      assert.equal(await summary.isVisible(), false, 'the summary waits for a click');
      await totals.click();
      assert.equal(await totals.getAttribute('aria-expanded'), 'true');
      assert.deepEqual(await summary.locator('div').allTextContents(), [
        'Conversation total: 1.5k tokens',
        'Prompt: 1,200 tokens, 1,000 cached',
        'Completion: 300 tokens, 100 of them reasoning',
        'Timed replies: 3, 12.4 s in all: 900 ms waiting for first tokens, 300 ms on average, 11.5 s streaming',
      ]);
      await chat.page.keyboard.press('Escape');
      assert.equal(await summary.isVisible(), false, 'Escape closes the summary');
      assert.equal(await chat.page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'conversation-totals');
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
      assert.match(await chat.lastAssistant().locator('.usage').getAttribute('aria-label') ?? '', /^Usage: 72 tokens\./);
      assert.match(await chat.lastAssistant().locator('.usage').getAttribute('title') ?? '', /Time to first token: 1\.3 s.*\n.*counted locally, so the split is an estimate/s);
      await chat.page.locator('[data-testid="conversation-totals"]').click();
      const summary = await chat.page.locator('[data-testid="conversation-summary"]').innerText();
      assert.match(summary, /Timed replies: 1, 2\.8 s in all/);
      assert.match(summary, /Last reply: first token 1\.3 s · thinking ~40 tok\/s · answer ~40 tok\/s/);
    },
  },
];
