// The long-reply case: 20,000 tokens streamed as fast as the page accepts them must render completely,
// equal a one-shot rendering of the same text, and never block the page for long. The timings are
// reported; the only timing assertion is a generous bound that only a frozen view would break.
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { type ChatPage, content, finished, started } from './chatPage';
import { longReply, tokenize } from './longReply';
import type { FakeWindow } from './fakeHostApi';
import type { WebviewCase } from './webviewCase';

const TOKENS = 20_000;
/** A long task this long means the view froze; normal figures are far below (see the report line). */
const FROZEN_MS = 1_000;
/** Host messages posted per task: far more than one frame's worth, i.e. as fast as the page takes them. */
const BATCH = 100;

async function streamLongReply(chat: ChatPage, tokens: string[], report: (line: string) => void, label: string): Promise<void> {
  const text = tokens.join('');
  await chat.play([started('long')]);
  const messages = tokens.map((t) => content('long', t));
  const figures = await chat.page.evaluate(
    ([batch, end, size]) => (window as unknown as FakeWindow).__host.measureStream(batch, end, 'long', size),
    [messages, finished('long'), BATCH] as const,
  );
  assert.equal(await chat.lastAssistant().getAttribute('data-status'), 'complete');
  const expectedHtml = new MarkdownIt({ html: false, linkify: true }).render(text);
  const { shown, expected, blocks } = await chat.page.evaluate((html) => {
    const host = (window as unknown as FakeWindow).__host;
    const selector = '[data-message-id="long"] [data-testid="message-content"]';
    return { shown: host.shownText(selector), expected: host.htmlText(html), blocks: document.querySelector(selector)?.children.length ?? 0 };
  }, expectedHtml);
  report(
    `${label}: ${tokens.length} tokens, ${text.length} chars, ${figures.elapsedMs.toFixed(0)} ms to render completely, ` +
      `${figures.frames} frames, ${blocks} frozen blocks, long tasks: ${figures.longTasks} (max ${figures.maxLongTaskMs.toFixed(0)} ms, ` +
      `total blocking ${figures.blockingMs.toFixed(0)} ms)`,
  );
  assert.equal(shown.length, expected.length, 'the shown text has the length of the streamed text');
  assert.equal(shown, expected, 'the shown text equals a one-shot rendering of the streamed text');
  assert.ok(figures.maxLongTaskMs < FROZEN_MS, `longest task ${figures.maxLongTaskMs.toFixed(0)} ms: the view froze`);
}

export const longReplyCases: WebviewCase[] = [
  {
    name: `a ${TOKENS.toLocaleString('en-US')}-token reply streamed at full speed renders completely without freezing the view`,
    page: 'strict',
    run: (chat, report) => streamLongReply(chat, longReply(TOKENS), report, 'long reply'),
  },
  {
    name: `a ${TOKENS.toLocaleString('en-US')}-token reply that is one long list renders completely without freezing the view`,
    page: 'strict',
    run: (chat, report) => {
      const list = Array.from({ length: 2_000 }, (_, i) => `${i + 1}. item ${i} is **important** because of \`reason${i}\``).join('\n');
      return streamLongReply(chat, tokenize(list).slice(0, TOKENS), report, 'long list');
    },
  },
];
