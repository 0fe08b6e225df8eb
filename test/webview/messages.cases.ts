// How the messages read and are used: quiet usage (none on agent steps), one checkpoint affordance only
// where the turn changed files, attachments kept in the sent message, the keyboard (one stop per
// message, arrows between them), the estimate refreshed when a file is attached, and a stopped reply
// that stays as it was.
import assert from 'node:assert/strict';
import type { AssistantMessageView, HostMessage, MessageView, ToolMessageView } from '../../src/shared/protocol';
import { CONVERSATION_ID, content, conversation, reasoning, started } from './chatPage';
import type { WebviewCase } from './webviewCase';

/** A 1×1 transparent PNG. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const checkpoint = { label: 'before your message', createdAt: Date.UTC(2026, 10, 24, 12, 0, 0), leftOut: 0 };
const usage = { promptTokens: 900, completionTokens: 300, cachedTokens: 0 };

function reply(id: string, text: string, extra: Partial<AssistantMessageView> = {}): AssistantMessageView {
  return { id, role: 'assistant', model: 'svc-k2.5', choices: [{ index: 0, content: text, reasoning: '', finishReason: 'stop' }], selectedChoice: 0, status: 'complete', usage, createdAt: 2, ...extra };
}

function shown(messages: MessageView[]): HostMessage {
  return { type: 'conversation', conversation: { ...conversation(messages), totals: usage } };
}

async function activeTestId(chat: Parameters<WebviewCase['run']>[0]): Promise<string | null> {
  return chat.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.getAttribute('data-action') ?? document.activeElement?.tagName ?? null);
}

export const messageCases: WebviewCase[] = [
  {
    name: "usage is quiet: a chat reply has an icon among its actions with the figures in its tooltip, an agent's steps have none, the header's total is an icon",
    page: 'strict',
    async run(chat) {
      const call = { id: 'call-1', name: 'read_file', arguments: '{"path":"a.ts"}' };
      const agentStep = reply('s1', '', { choices: [{ index: 0, content: '', reasoning: '', finishReason: 'tool_calls', toolCalls: [call] }] });
      const result: ToolMessageView = { id: 't1', role: 'tool', toolCallId: 'call-1', name: 'read_file', content: 'x', createdAt: 3, card: { step: 1, arguments: call.arguments, status: 'done' } };
      await chat.play([shown([{ id: 'u1', role: 'user', content: 'hi', createdAt: 1 }, reply('a1', 'Hello'), { id: 'u2', role: 'user', content: 'read a.ts', createdAt: 2 }, agentStep, result])]);
      const chatLine = chat.page.locator('[data-message-id="a1"] [data-testid="usage-line"]');
      assert.equal(await chatLine.isVisible(), true);
      assert.equal(await chatLine.innerText(), '', 'no figure beside the reply');
      assert.match(await chatLine.getAttribute('aria-label') ?? '', /^Usage: 1\.2k tokens\. Prompt: /);
      assert.match(await chatLine.getAttribute('title') ?? '', /^Prompt: /);
      assert.equal(await chat.page.locator('[data-message-id="s1"] [data-testid="usage-line"]').isVisible(), false, 'no usage on an agent step');
      const totals = chat.page.locator('[data-testid="conversation-totals"]');
      assert.equal(await totals.innerText(), '', 'no figure in the header');
      assert.match(await totals.getAttribute('title') ?? '', /^Conversation total: 1\.2k tokens\n/);
      assert.equal(await chat.page.locator('.totals-summary').isVisible(), false, 'no running-totals footer');
    },
  },
  {
    name: 'an Ask turn that changed no file offers no checkpoint; a turn that did offers "Restore checkpoint" on hover or focus, with a keyboard menu',
    page: 'strict',
    async run(chat) {
      const edit: ToolMessageView = { id: 't2', role: 'tool', toolCallId: 'c2', name: 'edit_file', content: 'edited', createdAt: 5, card: { step: 1, arguments: '{}', status: 'done' }, checkpoint: { ...checkpoint, label: 'before edit_file a.ts' } };
      await chat.play([
        shown([
          { id: 'u1', role: 'user', content: 'what is 2+2?', createdAt: 1, checkpoint },
          reply('a1', '4'),
          { id: 'u2', role: 'user', content: 'fix a.ts', createdAt: 3, checkpoint },
          reply('s1', '', { choices: [{ index: 0, content: '', reasoning: '', finishReason: 'tool_calls', toolCalls: [{ id: 'c2', name: 'edit_file', arguments: '{}' }] }] }),
          edit,
        ]),
      ]);
      assert.equal(await chat.page.locator('[data-message-id="u1"] [data-testid="checkpoint"]').count(), 0, 'nothing to restore after an Ask turn');
      const affordance = chat.page.locator('[data-message-id="u2"] [data-testid="checkpoint"]');
      assert.equal(await affordance.count(), 1);
      await chat.page.mouse.move(0, 0);
      assert.equal(await affordance.evaluate((e) => getComputedStyle(e).visibility), 'hidden', 'out of sight until wanted');
      const message = chat.page.locator('[data-message-id="u2"]');
      // The header sits between "You" and the text no more: the affordance is in the footer, after the text.
      assert.equal(await message.evaluate((m) => m.querySelector('.user-text')?.compareDocumentPosition(m.querySelector('[data-testid="checkpoint"]') as Node) === Node.DOCUMENT_POSITION_FOLLOWING), true);
      await message.focus();
      await chat.page.keyboard.press('Enter');
      assert.equal(await activeTestId(chat), 'checkpoint-restore', 'Enter goes into the message, first to its checkpoint');
      assert.equal(await affordance.evaluate((e) => getComputedStyle(e).visibility), 'visible');
      await chat.page.keyboard.press('Enter');
      assert.equal(await activeTestId(chat), 'checkpoint-restoreAll');
      await chat.page.keyboard.press('ArrowDown');
      assert.equal(await activeTestId(chat), 'checkpoint-restoreFiles');
      assert.deepEqual(await affordance.locator('[role="menuitem"]').allInnerTexts(), ['Restore files and conversation', 'Restore files only', 'Restore conversation only', 'Compare with now']);
      await chat.page.keyboard.press('Escape');
      assert.equal(await activeTestId(chat), 'checkpoint-restore', 'Escape closes the menu, back on its button');
      assert.equal(await affordance.locator('[role="menu"]').isVisible(), false);
      await chat.page.keyboard.press('Enter');
      await chat.page.keyboard.press('Enter');
      assert.deepEqual(await chat.waitForPosted('checkpointAction'), { type: 'checkpointAction', conversationId: CONVERSATION_ID, messageId: 'u2', action: 'restoreAll' });
    },
  },
  {
    name: 'a sent message keeps its file chips and image thumbnails',
    page: 'strict',
    async run(chat) {
      await chat.play([
        shown([
          {
            id: 'u1',
            role: 'user',
            content: 'What is in these?',
            createdAt: 1,
            attachments: [
              { name: 'notes/todo.md', kind: 'text' },
              { name: 'report.pdf', kind: 'document' },
              { name: 'screenshot.png', kind: 'image', thumbnail: PNG },
              { name: 'big.png', kind: 'image' },
            ],
          },
        ]),
      ]);
      const sent = chat.page.locator('[data-message-id="u1"]');
      assert.deepEqual(await sent.locator('[data-testid="sent-attachment"]').evaluateAll((chips) => chips.map((c) => [c.getAttribute('data-kind'), c.textContent])), [
        ['text', 'notes/todo.md'],
        ['document', 'report.pdf'],
        ['image', 'big.png'],
      ]);
      const image = sent.locator('[data-testid="sent-image"] img');
      assert.equal(await image.getAttribute('alt'), 'screenshot.png');
      assert.equal(await image.getAttribute('src'), PNG);
      assert.equal(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1), true, 'the picture is drawn (the CSP allows data: images)');
    },
  },
  {
    name: 'the keyboard: each message is one tab stop, Up/Down move between messages, Enter goes into its actions and Escape back; after Send the focus stays in the composer',
    page: 'strict',
    async run(chat) {
      const answer = 'See [the docs](https://example.com) and:\n\n```js\nx()\n```\n';
      await chat.play([shown([{ id: 'u1', role: 'user', content: 'first', createdAt: 1 }, reply('a1', answer), { id: 'u2', role: 'user', content: 'second', createdAt: 3 }, reply('a2', 'Done.')])]);
      await chat.page.locator('[data-action="new-chat"]').focus();
      const stops: string[] = [];
      for (let i = 0; i < 12; i++) {
        await chat.page.keyboard.press('Tab');
        const stop = await chat.page.evaluate(() => {
          const e = document.activeElement as HTMLElement | null;
          if (!e || e === document.body) return 'BODY';
          const name = e.getAttribute('aria-label') ?? e.textContent?.trim() ?? '';
          return `${e.getAttribute('data-testid') ?? e.getAttribute('data-action') ?? e.tagName}:${name === '' ? 'EMPTY' : 'named'}`;
        });
        stops.push(stop);
        if (stop.startsWith('composer-input')) break;
      }
      assert.equal(stops.filter((s) => s.startsWith('message:')).length, 1, `the conversation is one stop: ${stops.join(' ')}`);
      assert.equal(stops.some((s) => s.endsWith('EMPTY') || s === 'BODY'), false, `no empty stop: ${stops.join(' ')}`);
      assert.equal(stops.at(-1), 'composer-input:named');
      const messageIds = async () => chat.page.evaluate(() => document.activeElement?.getAttribute('data-message-id'));
      await chat.page.keyboard.press('Shift+Tab');
      while ((await activeTestId(chat)) !== 'message') await chat.page.keyboard.press('Shift+Tab');
      assert.equal(await messageIds(), 'a2', 'the stop is the newest message');
      await chat.page.keyboard.press('ArrowUp');
      assert.equal(await messageIds(), 'u2');
      await chat.page.keyboard.press('ArrowUp');
      assert.equal(await messageIds(), 'a1');
      await chat.page.keyboard.press('Enter');
      const inside = await chat.page.evaluate(() => document.activeElement?.closest('[data-message-id]')?.getAttribute('data-message-id'));
      assert.equal(inside, 'a1', 'Enter goes into the message');
      await chat.page.keyboard.press('Tab');
      assert.equal(await chat.page.evaluate(() => document.activeElement?.closest('[data-message-id]')?.getAttribute('data-message-id')), 'a1', 'Tab moves among its own controls');
      await chat.page.keyboard.press('Escape');
      assert.equal(await messageIds(), 'a1', 'Escape comes back to the message');
      await chat.page.keyboard.press('ArrowDown');
      assert.equal(await messageIds(), 'u2');
      await chat.page.keyboard.press('Tab');
      assert.equal(await chat.page.evaluate(() => document.activeElement?.closest('[data-message-id]')?.getAttribute('data-message-id')), 'u2', 'Tab goes into the message too');

      const input = chat.page.locator('[data-testid="composer-input"]');
      await input.fill('third');
      await chat.page.locator('[data-testid="send"]').click();
      await chat.waitForPosted('send');
      await chat.play([started('a3')]);
      assert.equal(await activeTestId(chat), 'composer-input', 'after Send the focus stays in the composer');
    },
  },
  {
    name: 'typing over a selection that holds a mention keeps every character typed, with the suggestion list open and answers arriving meanwhile',
    page: 'strict',
    async run(chat) {
      const input = chat.page.locator('[data-testid="composer-input"]');
      let answered = 0;
      const answer = async (): Promise<void> => {
        const asked = (await chat.posted()).filter((m) => m.type === 'mentionCandidates');
        for (const m of asked.slice(answered)) await chat.send({ type: 'mentionCandidates', requestId: String(m.requestId), candidates: [{ value: 'src/app.ts', kind: 'file', detail: 'file' }] });
        answered = asked.length;
      };
      await input.click();
      await input.pressSequentially('Fix @src/ap');
      await chat.waitForPosted('mentionCandidates');
      await answer();
      await chat.page.locator('[data-testid="completion-list"]').waitFor();
      // Selected with the keyboard while the list is open, then typed over.
      await input.press('Shift+Home');
      for (const key of 'hello again') {
        await chat.page.keyboard.type(key);
        await answer();
      }
      assert.equal(await input.inputValue(), 'hello again');
      assert.equal(await chat.page.locator('[data-testid="completion-list"]').isVisible(), false);
      await input.fill('Fix @src/app.ts now');
      await input.evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(2, 12));
      await chat.page.keyboard.type('hello again');
      await answer();
      assert.equal(await input.inputValue(), 'Fihello again.ts now');
      await input.fill('Fix @src/app.ts');
      await input.press('Control+a');
      await chat.page.keyboard.type('hello again');
      await input.press('Enter');
      assert.equal((await chat.waitForPosted('send')).text, 'hello again');
    },
  },
  {
    name: 'attaching a file asks for a new token estimate at once, without a keystroke',
    page: 'strict',
    async run(chat) {
      await chat.typeForEstimate('svc-v1-8k', 'Summarise the file');
      const before = (await chat.posted()).filter((m) => m.type === 'estimateTokens').length;
      await chat.play([{ type: 'attachments', chips: [{ id: 'f1', name: 'notes.md', size: 2048, sizeLabel: '2.0 KB', kind: 'text', status: 'ok' }] }]);
      const after = await chat.waitForPosted('estimateTokens', before + 1);
      assert.equal(after.draft, 'Summarise the file');
    },
  },
  {
    name: 'a stopped reply keeps what it showed: text and thinking arriving after Stop are not added',
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1', 1, 'svc-k2-thinking'), reasoning('a1', 'Thinking it over.'), content('a1', 'Part one')]);
      await chat.page.locator('[data-testid="stop"]').click();
      assert.deepEqual(await chat.waitForPosted('stop'), { type: 'stop', conversationId: CONVERSATION_ID });
      const reply = chat.lastAssistant();
      const thinkingBefore = await reply.locator('.thinking').innerText();
      await chat.play([reasoning('a1', ' More thoughts.'), content('a1', ' and part two')]);
      assert.equal(await reply.getAttribute('data-status'), 'stopped');
      assert.equal((await reply.locator('[data-testid="message-content"]').innerText()).trim(), 'Part one');
      assert.equal(await reply.locator('.thinking').innerText(), thinkingBefore);
    },
  },
  {
    // The page decodes references with the browser's own table (src/webview/browserEntities.ts), strictly, as markdown-it did with `entities`.
    name: 'character references in a reply read as markdown-it decodes them: named ones with their semicolon, nothing else',
    page: 'strict',
    async run(chat) {
      const text = 'A &copy; B &notin; C &AMP; D &semi; E &notit; F &nosuch; G &#x41; H &amp;lt;b&amp;gt; I [link](https://example.com/?a=1&amp;b=2 "t&eacute;")';
      await chat.play([shown([reply('a1', text)])]);
      const body = chat.page.locator('[data-message-id="a1"] [data-testid="message-content"]');
      assert.equal((await body.innerText()).trim(), 'A © B ∉ C & D ; E &notit; F &nosuch; G A H &lt;b&gt; I link');
      const link = body.locator('a');
      assert.equal(await link.getAttribute('href'), 'https://example.com/?a=1&b=2');
      assert.equal(await link.getAttribute('title'), 'té');
    },
  },
];
