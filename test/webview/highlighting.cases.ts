// The code highlighter, loaded on first use: the page says `ready` without it, adds its script under the
// page's own nonce (on the strict page, the extension's CSP refuses any other), shows code plain until it
// has run and then highlights every block rendered before: a restored reply's, a fence inside a list,
// a streamed one. Its response is held by the test, so "before" and "after" are not a matter of timing.
import assert from 'node:assert/strict';
import type { Route } from 'playwright-core';
import type { AssistantMessageView } from '../../src/shared/protocol';
import { content, conversation, finished, initMessage, started, type ChatPage } from './chatPage';
import type { FakeWindow } from './fakeHostApi';
import { HIGHLIGHTER_FILE } from './pageServer';
import type { WebviewCase } from './webviewCase';

const RESTORED = [
  'Restored:',
  '',
  '```ts',
  'const restored: number = 1;',
  '```',
  '',
  '- in a list:',
  '',
  '  ```python',
  '  def listed():',
  '      return 2',
  '  ```',
  '',
].join('\n');

function restoredReply(text: string): AssistantMessageView {
  return { id: 'r1', role: 'assistant', model: 'svc-k2.5', choices: [{ index: 0, content: text, reasoning: '', finishReason: 'stop' }], selectedChoice: 0, status: 'complete', createdAt: 2 };
}

/** Opens the page again with the highlighter's requests going through `handle`, and a conversation with a reply with code. */
async function reopen(chat: ChatPage, handle: (route: Route) => Promise<void>): Promise<void> {
  await chat.page.route(`**/${HIGHLIGHTER_FILE}`, handle);
  await chat.open(chat.page.url(), initMessage({ active: conversation([{ id: 'u1', role: 'user', content: 'Show me code', createdAt: 1 }, restoredReply(RESTORED)]) }));
}

/** The HTML of every message shown (not the warm-up's rehearsed rows). */
function messagesHtml(chat: ChatPage): Promise<string> {
  return chat.page.evaluate(() => [...document.querySelectorAll('[data-testid="message"]')].map((m) => m.innerHTML).join('\n'));
}

export const highlightingCases: WebviewCase[] = [
  {
    name: "the code highlighter loads after ready under the page's nonce, and highlights the code blocks rendered before it arrived",
    page: 'strict',
    async run(chat) {
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      const requests: string[] = [];
      await reopen(chat, async (route) => {
        requests.push(route.request().url());
        await released;
        await route.continue();
      });
      const atReady = await chat.page.evaluate(() => (window as unknown as FakeWindow).__host.requestedAtReady);
      assert.ok(atReady !== undefined, 'the page said ready');
      assert.deepEqual(atReady.filter((file) => file.includes(HIGHLIGHTER_FILE)), [], 'nothing asked for the highlighter by the time the page said ready');

      await chat.play([started('a1'), content('a1', 'Streamed:\n\n```nosuchlanguage\nx < y\n```\n\n```js\nconst streamed = 3;\n```\n'), finished('a1')]);
      const added = chat.page.locator(`script[src$="/${HIGHLIGHTER_FILE}"]`);
      await added.waitFor({ state: 'attached' });
      // The page's own script is gone from the DOM once the view has built its body; the fake host's, served
      // before it under the same policy, carries the page's nonce too.
      const nonces = await chat.page.evaluate((file) => {
        const scripts = [...document.scripts];
        return { page: scripts.find((script) => script.src.endsWith('/fakeHost.js'))?.nonce ?? '', added: scripts.filter((script) => script.src.endsWith(`/${file}`)).map((script) => script.nonce) };
      }, HIGHLIGHTER_FILE);
      assert.ok(nonces.page.length >= 22, 'the page was served with a nonce');
      assert.deepEqual(nonces.added, [nonces.page], "one highlighter script, with the page's own nonce");

      const html = await messagesHtml(chat);
      assert.doesNotMatch(html, /hljs-/, 'while the highlighter loads, code shows plain');
      for (const text of ['const restored: number = 1;', 'def listed():', 'const streamed = 3;', 'x &lt; y']) assert.ok(html.includes(text), `"${text}" shows`);

      release();
      const messages = chat.page.locator('[data-testid="message"]');
      for (const language of ['ts', 'python', 'js']) await messages.locator(`code.language-${language} .hljs-keyword`).first().waitFor();
      assert.equal(await messages.locator('code.language-ts').textContent(), 'const restored: number = 1;\n', 'the restored block reads as before');
      assert.equal(await messages.locator('code.language-python').textContent(), 'def listed():\n    return 2\n', "the list's fence reads as before");
      assert.equal(await messages.locator('code.language-js').textContent(), 'const streamed = 3;\n', 'the streamed block reads as before');
      // Blocks are highlighted in the order they were rendered: the one before the js block has had its turn.
      assert.equal(await messages.locator('code.language-nosuchlanguage').innerHTML(), 'x &lt; y\n', 'a language without a grammar stays plain');

      await chat.play([started('a2'), content('a2', '```ts\nlet later = true;\n```\n'), finished('a2')]);
      assert.match(await chat.lastAssistant().locator('code.language-ts').innerHTML(), /class="hljs-keyword">let</, 'once loaded, a block is highlighted as it renders');
      assert.equal(requests.length, 1, 'the highlighter is loaded once');
    },
  },
  {
    name: 'without the code highlighter (its file missing) code stays plain and the page says why in its console',
    page: 'strict',
    async run(chat) {
      const said = chat.page.waitForEvent('console', (message) => message.type() === 'error' && message.text().includes(`${HIGHLIGHTER_FILE}) could not be loaded`));
      await reopen(chat, (route) => route.fulfill({ status: 404, body: '' }));
      await said;
      await chat.play([started('a1'), content('a1', '```ts\nconst plain = 1;\n```\n'), finished('a1')]);
      assert.equal(await chat.lastAssistant().locator('code.language-ts').innerHTML(), 'const plain = 1;\n');
      assert.doesNotMatch(await messagesHtml(chat), /hljs-/);
    },
  },
];
