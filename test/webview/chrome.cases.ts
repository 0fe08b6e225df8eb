// The chat's frame at sidebar widths: nothing runs past the edge at 170 px or 400 px, the model picker is
// a short chip; errors and notices carry the buttons they name; the history list; the over-limit guard.
import assert from 'node:assert/strict';
import path from 'node:path';
import { resultsDir } from '../harness/toolPaths';
import { sideScrollProblems } from '../support/sideScrollProblems';
import { CONVERSATION_ID, conversation, failed, finished, MODELS, started, content, type ChatPage } from './chatPage';
import type { WebviewCase } from './webviewCase';

const NETWORK_ERROR = { kind: 'network' as const, type: 'ENOTFOUND', message: "Can't reach api.svc.example: its name could not be looked up. Check your connection or proxy (http.proxy), or use the local emulator.", action: 'retry' as const };

/** Elements of the chat that stick out of the view, with how far, and any element scrolling sideways. */
async function overflowing(chat: ChatPage): Promise<string[]> {
  return chat.page.evaluate(sideScrollProblems);
}

/** A chat with a reply (and its actions and usage), a network error, a notice and the history open. */
async function fillChat(chat: ChatPage): Promise<void> {
  const now = Date.now();
  // Noon of the day before, so it is "Yesterday" at any time of today (26 hours back is two days back just after midnight).
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  yesterday.setHours(12, 0, 0, 0);
  await chat.send({
    type: 'conversations',
    conversations: [
      { id: CONVERSATION_ID, title: 'Explain the retry policy', updatedAt: now, messageCount: 2 },
      { id: 'c2', title: 'Add a test for the parser', updatedAt: yesterday.getTime(), messageCount: 4 },
      { id: 'c3', title: 'Refactor the conversation store so every write is batched', updatedAt: now - 40 * 24 * 3600 * 1000, messageCount: 6 },
    ],
  });
  await chat.play([
    { type: 'conversation', conversation: conversation([{ id: 'u1', role: 'user', content: 'How does the retry policy work? See src/api/retryPolicy.ts', createdAt: 1 }]) },
    started('a1'),
    content('a1', 'It retries **rate limits** and overloads after the wait the service asks for, up to three times. A network failure waits for you: `Retry` sends it again.'),
    finished('a1'),
    started('a2'),
    failed('a2', NETWORK_ERROR),
  ]);
  await chat.send({ type: 'notice', level: 'info', message: 'Back at the checkpoint #2: 2 files restored, 3 messages removed from the conversation. "Undo Restore" brings it back.', undoRestoreOf: CONVERSATION_ID });
  await chat.page.locator('[data-action="toggle-conversations"]').click();
  await chat.frames(2);
}

async function layoutAt(chat: ChatPage, width: number): Promise<void> {
  await chat.page.setViewportSize({ width, height: 900 });
  await chat.frames(3);
  await chat.page.screenshot({ path: path.join(resultsDir, `webview-chat-${width}px-light.png`) });
  assert.deepEqual(await overflowing(chat), [], `at ${width} px`);
  const bannerRows = await chat.page.locator('[data-testid="status-banner"] button').evaluateAll((buttons) => new Set(buttons.filter((b) => b.getClientRects().length > 0).map((b) => Math.round(b.getBoundingClientRect().top))).size);
  // In the narrowest side bar the banner's buttons are icons on one line; wider, their words may wrap below.
  if (width <= 240) assert.equal(bannerRows, 1, `the emulator banner's buttons share one line at ${width} px`);
  const bannerIcons = await chat.page.locator('[data-testid="status-banner"] button .codicon').evaluateAll((icons) => icons.filter((i) => getComputedStyle(i).display !== 'none').length);
  assert.equal(bannerIcons, 2, `the emulator banner's buttons keep their icons at ${width} px`);
  const authorLines = await chat.page.locator('.message-author').evaluateAll((names) => names.map((n) => n.getClientRects().length));
  assert.ok(authorLines.length > 0 && authorLines.every((lines) => lines === 1), `each model name on one line at ${width} px: ${JSON.stringify(authorLines)}`);
  for (const testid of ['model-picker', 'send', 'composer-input']) {
    const box = await chat.page.locator(`[data-testid="${testid}"]`).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= width + 0.5, `${testid} inside the view at ${width} px`);
  }
}

export const chromeCases: WebviewCase[] = [
  {
    name: 'at 170 px and at 400 px nothing of the header, messages, error, notice, history or composer runs past the edge',
    page: 'strict',
    async run(chat) {
      await fillChat(chat);
      await layoutAt(chat, 170);
      await layoutAt(chat, 400);
    },
  },
  {
    name: 'the model picker is a short chip: the id alone, what the model can do in its tooltip and icons',
    page: 'strict',
    async run(chat) {
      const picker = chat.page.locator('[data-testid="model-picker"]');
      assert.deepEqual(await picker.locator('option').allTextContents(), MODELS.map((m) => m.id));
      assert.equal(await picker.locator('option').first().getAttribute('title'), 'svc-k2.5: can think, sees images');
      const box = await picker.boundingBox();
      assert.ok(box && box.width <= 130, `the chip is ${box?.width} px wide`);
    },
  },
  {
    name: 'a network error is a plain sentence with Retry, Open Proxy Settings and Use Local Emulator',
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1'), failed('a1', NETWORK_ERROR)]);
      const error = chat.lastAssistant().locator('[data-testid="error"]');
      assert.doesNotMatch(await error.innerText(), /getaddrinfo/);
      // The system's code is for support: folded under Details, never a line of the error itself.
      assert.doesNotMatch(await error.innerText(), /ENOTFOUND/, 'the code is not shown as text of the error');
      const details = error.getByTestId('error-details');
      assert.equal(await details.getAttribute('open'), null, 'the details start folded');
      assert.equal(await details.locator('summary').innerText(), 'Details');
      await details.locator('summary').click();
      assert.equal(await details.locator('.error-code').innerText(), 'code: ENOTFOUND', 'the code is there when asked for');
      assert.deepEqual(await error.locator('button').allInnerTexts(), ['Retry Now', 'Open Proxy Settings', 'Use Local Emulator']);
      await error.locator('button', { hasText: 'Open Proxy Settings' }).click();
      assert.equal((await chat.waitForPosted('runAction')).action, 'openProxySettings');
      await error.locator('button', { hasText: 'Use Local Emulator' }).click();
      assert.equal((await chat.waitForPosted('runAction', 2)).action, 'useEmulator');
      await error.locator('button', { hasText: 'Retry Now' }).click();
      assert.equal((await chat.waitForPosted('retry')).messageId, 'a1');
    },
  },
  {
    name: 'the notice of a restore has an Undo Restore button that undoes it and stays until used',
    page: 'strict',
    async run(chat) {
      await chat.send({ type: 'notice', level: 'info', message: 'Back at the checkpoint #1: 1 file restored. "Undo Restore" brings it back.', undoRestoreOf: CONVERSATION_ID });
      const notice = chat.page.locator('[data-testid="notice"]', { hasText: 'Back at the checkpoint' });
      await notice.locator('button', { hasText: 'Undo Restore' }).click();
      assert.deepEqual(await chat.waitForPosted('undoRestore'), { type: 'undoRestore', conversationId: CONVERSATION_ID });
      assert.equal(await notice.count(), 0, 'the notice goes once its action ran');
    },
  },
  {
    name: 'the history groups conversations by day (Today, Yesterday, date), filters, exports with a save icon, and closes when one is chosen',
    page: 'strict',
    async run(chat) {
      await fillChat(chat);
      const panel = chat.page.locator('[data-testid="conversation-panel"]');
      assert.deepEqual((await panel.locator('[data-testid="conversation-day"]').allInnerTexts()).slice(0, 2).map((t) => t.toLowerCase()), ['today', 'yesterday']);
      assert.equal(await panel.locator('[data-testid="conversation-day"]').count(), 3);
      const exportIcon = panel.locator('[data-action="export-conversation"] .codicon').first();
      assert.match((await exportIcon.getAttribute('class')) ?? '', /codicon-save-as/);
      assert.match((await chat.page.locator('[data-action="export-active"] .codicon').getAttribute('class')) ?? '', /codicon-save-as/);
      await chat.page.locator('[data-testid="conversation-search"]').fill('parser');
      assert.deepEqual(await panel.locator('.conversation-title').allInnerTexts(), ['Add a test for the parser']);
      await panel.locator('.conversation-open').first().click();
      assert.equal((await chat.waitForPosted('switchConversation')).conversationId, 'c2');
      assert.equal(await panel.isHidden(), true);
      assert.equal(await chat.page.locator('[data-action="toggle-conversations"]').getAttribute('aria-expanded'), 'false');
    },
  },
  {
    name: 'a message over the context length is held back with a warning and the draft kept; Send again sends it anyway',
    page: 'strict',
    async run(chat) {
      const request = await chat.typeForEstimate('svc-v1-8k', 'a very long paste');
      await chat.send({ type: 'tokenEstimate', requestId: String(request?.requestId), tokens: 18_680, contextLength: 8192 });
      await chat.page.locator('.token-estimate.over-limit').waitFor();
      const input = chat.page.locator('[data-testid="composer-input"]');
      await input.press('Enter');
      await chat.frames(2);
      assert.equal((await chat.posted()).filter((m) => m.type === 'send').length, 0, 'not sent');
      assert.equal(await input.inputValue(), 'a very long paste');
      assert.match(await chat.page.locator('[data-testid="context-limit-warning"]').innerText(), /Too long for svc-v1-8k: about 18,680 tokens, and it takes 8,192/);
      await input.press('Enter');
      assert.equal((await chat.waitForPosted('send')).text, 'a very long paste');
    },
  },
  {
    name: 'an empty conversation on the local emulator invites to try the agent on a sample project; the invite asks the host for the demo, and is gone on the service',
    page: 'strict',
    async run(chat) {
      const invite = chat.page.locator('[data-testid="empty-try-demo"]');
      assert.equal(await invite.isVisible(), true);
      assert.equal((await invite.innerText()).trim(), 'Try the agent on a sample project');
      await invite.click();
      assert.equal((await chat.waitForPosted('runAction')).action, 'tryDemo');
      assert.equal((await chat.posted()).filter((m) => m.type === 'runAction').length, 1, 'one click, one demo');
      await chat.play([{ type: 'connection', connection: { mode: 'apiKey', baseUrl: 'https://api.svc.example/v1' } }]);
      assert.equal(await invite.isVisible(), false);
    },
  },
];
