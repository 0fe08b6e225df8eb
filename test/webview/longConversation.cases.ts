// Restoring a long conversation: the newest messages show in the first frame, the older ones arrive in
// later slices, and the settled view is the same DOM as the one a message-by-message build gives.
import assert from 'node:assert/strict';
import type { ConversationView, HostMessage } from '../../src/shared/protocol';
import { conversation, initMessage } from './chatPage';
import type { FakeWindow } from './fakeHostApi';
import { longReply } from './longReply';
import type { WebviewCase } from './webviewCase';

const PAIRS = 80;

function longConversation(): ConversationView {
  const messages: ConversationView['messages'] = [];
  for (let i = 0; i < PAIRS; i++) {
    const question = i % 3 === 0 ? `Why does this fail?\n\n\`\`\`ts\nconst x${i} = parse(input${i});\n\`\`\`` : `Question ${i}: ${longReply(20, 900 + i).join('')}`;
    messages.push({ id: `u${i}`, role: 'user', content: question, createdAt: 1_000 + i });
    messages.push({
      id: `a${i}`,
      role: 'assistant',
      model: 'svc-k2.5',
      choices: [{ index: 0, content: longReply(120 + (i % 4) * 40, 1_000 + i).join(''), reasoning: i % 2 === 0 ? longReply(40, 5_000 + i).join('') : '', finishReason: 'stop' }],
      selectedChoice: 0,
      status: 'complete',
      usage: { promptTokens: 100 + i, completionTokens: 50, cachedTokens: 0 },
      createdAt: 1_001 + i,
    });
  }
  return conversation(messages);
}

/** Each message's id and outer HTML, in DOM order. */
async function messageHtml(page: FakeWindowPage): Promise<[string, string][]> {
  return page.evaluate(() => [...document.querySelectorAll('[data-testid="message"]')].map((m) => [m.getAttribute('data-message-id') ?? '', m.outerHTML] as [string, string]));
}

type FakeWindowPage = Parameters<WebviewCase['run']>[0]['page'];

export const longConversationCases: WebviewCase[] = [
  {
    name: `restoring a ${PAIRS * 2}-message conversation shows the last message in the first frame and every message once settled, as a one-by-one build does`,
    page: 'strict',
    async run(chat, report) {
      const restored = longConversation();
      const first = await chat.page.evaluate((message: HostMessage) => {
        // The host's message arrives as a message event (a task of its own); this listener runs right after the
        // view's own, so the frame measured is the first one after the view handled `init`, whatever the load.
        const handled = new Promise<void>((resolve) => window.addEventListener('message', () => resolve(), { once: true }));
        (window as unknown as FakeWindow).__host.send(message);
        return new Promise<{ count: number; lastId: string | null; lastVisible: boolean; atBottom: boolean }>((resolve) =>
          void handled.then(() => requestAnimationFrame(() => {
            const list = document.querySelector('.messages') as HTMLElement;
            const all = list.querySelectorAll('[data-testid="message"]');
            const last = all[all.length - 1];
            const box = last?.getBoundingClientRect();
            const view = list.getBoundingClientRect();
            resolve({
              count: all.length,
              lastId: last?.getAttribute('data-message-id') ?? null,
              lastVisible: box !== undefined && box.bottom > view.top && box.top < view.bottom && (last?.querySelector('[data-testid="message-content"]')?.textContent ?? '') !== '',
              atBottom: list.scrollHeight - list.scrollTop - list.clientHeight <= 2,
            });
          })),
        );
      }, initMessage({ active: restored }));
      report(`first frame: ${first.count} of ${restored.messages.length} messages rendered`);
      assert.equal(first.lastId, `a${PAIRS - 1}`, 'the last message is in the first frame');
      assert.ok(first.lastVisible, 'the last message is visible, with its content, in the first frame');
      assert.ok(first.atBottom, 'the view opens scrolled to the bottom');

      await chat.page.waitForFunction((n) => document.querySelectorAll('[data-testid="message"]').length === n, restored.messages.length);
      await chat.frames(2);
      const settled = await messageHtml(chat.page);
      assert.deepEqual(settled.map(([id]) => id), restored.messages.map((m) => m.id), 'every message, in order');
      assert.ok(await chat.page.evaluate(() => {
        const list = document.querySelector('.messages') as HTMLElement;
        return list.scrollHeight - list.scrollTop - list.clientHeight <= 2;
      }), 'the view stays at the bottom while older messages are added above');

      // The same messages built one update at a time (each renders at once): the DOM must be the same.
      await chat.send(initMessage({ active: null }));
      await chat.page.evaluate((messages) => {
        const host = (window as unknown as FakeWindow).__host;
        for (let i = 1; i <= messages.length; i++) host.send({ type: 'conversation', conversation: { ...messages.view, messages: messages.view.messages.slice(0, i) } });
      }, { view: restored, length: restored.messages.length });
      await chat.frames(2);
      assert.deepEqual(await messageHtml(chat.page), settled, 'each message has the DOM of a one-by-one build');
    },
  },
];
