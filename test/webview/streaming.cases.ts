// Streaming render, the Thinking section and stopping.
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { ChatPage, CONVERSATION_ID, content, conversation, failed, finished, initMessage, reasoning, started } from './chatPage';
import type { WebviewCase } from './webviewCase';

async function contentHtml(chat: ChatPage): Promise<string> {
  return chat.lastAssistant().locator('[data-testid="message-content"]').first().innerHTML();
}

export const streamingCases: WebviewCase[] = [
  {
    name: 'streams markdown incrementally: text appears per frame, blocks render, code is highlighted once its fence closes',
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1'), content('a1', 'Hello **wor'), content('a1', 'ld**, here')]);
      assert.match(await contentHtml(chat), /Hello <strong>world<\/strong>, here/);
      assert.equal(await chat.lastAssistant().getAttribute('aria-busy'), 'true');
      await chat.play([content('a1', ' is code:\n\n```ts\nconst answer: number'), content('a1', ' = 42;\n')]);
      const live = chat.lastAssistant().locator('.markdown-tail pre code');
      assert.equal(await live.textContent(), 'const answer: number = 42;\n', 'the open fence shows its code as it arrives');
      await chat.play([content('a1', '```\n\nDone.\n'), finished('a1')]);
      // Highlighted at once when the highlighter has loaded (the page's warm-up asks for it), else as soon as it has.
      await chat.lastAssistant().locator('.code-block code .hljs-keyword').first().waitFor();
      const html = await contentHtml(chat);
      assert.match(html, /class="hljs-keyword">const</, 'the closed block is highlighted');
      assert.equal(await chat.lastAssistant().locator('.code-block').count(), 1);
      assert.match(html, /<p>Done\.<\/p>/);
      assert.equal(await chat.lastAssistant().getAttribute('data-status'), 'complete');
      assert.match(await chat.lastAssistant().locator('.usage').getAttribute('aria-label') ?? '', /^Usage: 46 tokens\./);
      assert.match(await chat.lastAssistant().locator('.usage').getAttribute('title') ?? '', /^Prompt: 12 tokens, 5 cached\nCompletion: 34 tokens$/);
      assert.match(await chat.page.locator('[data-testid="conversation-totals"]').getAttribute('title') ?? '', /Conversation total: 46 tokens\nPrompt: 12 tokens/);
      assert.equal(await chat.page.locator('[data-testid="send"]').isVisible(), true);
      await chat.play([started('a2'), content('a2', '```scss\n.card {\n  color: red;\n}\n```\n'), finished('a2')]);
      await chat.lastAssistant().locator('.code-block code .hljs-attribute').first().waitFor();
      assert.match(await chat.lastAssistant().locator('.code-block code').innerHTML(), /class="hljs-attribute">color</, 'SCSS is highlighted, by the CSS grammar');
    },
  },
  {
    name: 'plain words appended to the growing paragraph show exactly what rendering the whole text shows, after every delta',
    page: 'strict',
    async run(chat) {
      const md = new MarkdownIt({ html: false, linkify: true });
      // Plain words (appended in place), and deltas that change the markup: a link completed by
      // letters after a dot, emphasis opened and closed, a trailing space, a new line.
      const deltas = ['Hello', ' world', ', again', ' mail', ' a@b.c', 'om', ' and', ' **bold', ' text', '**', ' done ', 'x', '\nnext', ' line', ' 42'];
      await chat.play([started('a1')]);
      const tail = chat.lastAssistant().locator('[data-testid="message-content"] .markdown-tail');
      let text = '';
      for (const delta of deltas) {
        text += delta;
        await chat.play([content('a1', delta)]);
        if (delta === ' world') {
          assert.equal(await tail.locator('p[data-marker]').count(), 1, 'a plain word is appended in place, not rendered anew');
          await tail.locator('p').evaluate((p) => p.removeAttribute('data-marker'));
        }
        assert.equal(await tail.innerHTML(), md.render(text), `after ${JSON.stringify(delta)}`);
        if (delta === 'Hello') await tail.locator('p').evaluate((p) => p.setAttribute('data-marker', 'kept'));
      }
      assert.match(await tail.innerHTML(), /<a href="mailto:a@b\.com">a@b\.com<\/a>/, 'letters after the dot made it a link');
    },
  },
  {
    name: 'frozen blocks keep their DOM nodes while later text streams (no re-render of finished blocks)',
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1'), content('a1', 'First paragraph.\n\nSecond\n')]);
      await chat.page.evaluate(() => {
        const first = document.querySelector('[data-testid="message-content"] > .markdown-block > p');
        if (first) first.setAttribute('data-marker', 'kept');
      });
      const more = Array.from({ length: 30 }, (_, i) => content('a1', ` more ${i}\n\nParagraph ${i}`));
      await chat.play(more);
      assert.equal(await chat.page.locator('[data-marker="kept"]').count(), 1, 'the first block was not rebuilt');
      assert.equal(await chat.lastAssistant().locator('[data-testid="message-content"] p').count(), 32);
    },
  },
  {
    name: 'the Thinking section streams live, collapses when content starts, can be reopened, and keeps its token count in its tooltip, not beside it',
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1'), reasoning('a1', 'Let me '), reasoning('a1', 'think about '), reasoning('a1', 'this.')]);
      const thinking = chat.lastAssistant().locator('[data-testid="thinking"]');
      assert.equal(await thinking.evaluate((d) => (d as HTMLDetailsElement).open), true, 'open while reasoning streams');
      assert.match(await thinking.textContent() ?? '', /Let me think about this\./);
      assert.match(await thinking.locator('.thinking-count').textContent() ?? '', /~3 tokens/);
      // Not shown beside Thinking: in its tooltip, and read aloud.
      assert.equal(await thinking.locator('summary').getAttribute('title'), '~3 tokens');
      assert.ok(((await thinking.locator('.thinking-count').boundingBox())?.width ?? 0) <= 1, 'the count takes no room beside Thinking');
      // The host joins the deltas of one turn (StreamDeltaBatcher) and says how many it joined.
      await chat.play([reasoning('a1', ' Joined: one two three four.', 0, 5)]);
      assert.match(await thinking.locator('.thinking-count').textContent() ?? '', /~8 tokens/);
      await chat.play([content('a1', 'The answer')]);
      assert.equal(await thinking.evaluate((d) => (d as HTMLDetailsElement).open), false, 'collapsed when content starts');
      await thinking.locator('summary').click();
      assert.equal(await thinking.evaluate((d) => (d as HTMLDetailsElement).open), true, 'reopened by the user');
      await chat.play([content('a1', ' is 42.'), finished('a1')]);
      assert.equal(await thinking.evaluate((d) => (d as HTMLDetailsElement).open), true, 'the user choice is kept');
      assert.match(await chat.lastAssistant().locator('[data-testid="message-content"]').textContent() ?? '', /The answer is 42\./);
    },
  },
  {
    name: 'showReasoning "hidden" keeps the Thinking section out of view and "expanded" keeps it open',
    page: 'strict',
    async run(chat) {
      await chat.send({ type: 'settings', settings: { model: 'svc-k2.5', thinking: true, jsonMode: false, showReasoning: 'hidden', choiceCount: 1 } });
      await chat.play([started('a1'), reasoning('a1', 'secret plan'), content('a1', 'Hi'), finished('a1')]);
      assert.equal(await chat.lastAssistant().locator('[data-testid="thinking"]').isVisible(), false);
      await chat.send({ type: 'settings', settings: { model: 'svc-k2.5', thinking: true, jsonMode: false, showReasoning: 'expanded', choiceCount: 1 } });
      await chat.play([started('a2'), reasoning('a2', 'visible plan'), content('a2', 'Hello'), finished('a2')]);
      const thinking = chat.lastAssistant().locator('[data-testid="thinking"]');
      assert.equal(await thinking.isVisible(), true);
      assert.equal(await thinking.evaluate((d) => (d as HTMLDetailsElement).open), true);
    },
  },
  {
    name: 'Escape stops at once: the host is told, the partial answer stays marked "Stopped", late deltas are dropped',
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1'), content('a1', 'Partial answer')]);
      assert.equal(await chat.page.locator('[data-testid="stop"]').isVisible(), true);
      await chat.page.keyboard.press('Escape');
      const stop = await chat.waitForPosted('stop');
      assert.equal(stop.conversationId, 'c1');
      assert.equal(await chat.lastAssistant().getAttribute('data-status'), 'stopped');
      assert.equal(await chat.page.locator('[data-testid="stop"]').isVisible(), false);
      assert.equal(await chat.page.locator('[data-testid="send"]').isVisible(), true);
      await chat.play([content('a1', ' LATE'), finished('a1', 'stopped')]);
      const text = await chat.lastAssistant().locator('[data-testid="message-content"]').textContent();
      assert.equal(text?.trim(), 'Partial answer');
      assert.match(await chat.lastAssistant().locator('.status-badge').textContent() ?? '', /Stopped/);
    },
  },
  {
    name: 'the stop button stops too, and an interrupted reply keeps its text with a retry action',
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1'), content('a1', 'Some text')]);
      await chat.page.locator('[data-testid="stop"]').click();
      await chat.waitForPosted('stop');
      assert.equal(await chat.lastAssistant().getAttribute('data-status'), 'stopped');
      await chat.play([
        started('a2'),
        content('a2', 'Half a'),
        failed('a2', { kind: 'interrupted', message: 'The stream ended before [DONE]', action: 'retry' }, 'interrupted'),
      ]);
      const reply = chat.lastAssistant();
      assert.equal(await reply.getAttribute('data-status'), 'interrupted');
      assert.match(await reply.locator('[data-testid="message-content"]').textContent() ?? '', /Half a/);
      await reply.locator('[data-testid="error"] button', { hasText: 'Retry Now' }).click();
      const retry = await chat.waitForPosted('retry');
      assert.equal(retry.messageId, 'a2');
    },
  },
  {
    name: 'n > 1 alternatives stream side by side and picking one tells the host',
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1', 2, 'svc-v1-8k'), content('a1', 'First', 0), content('a1', 'Second', 1), finished('a1')]);
      const tabs = chat.lastAssistant().locator('[role="tab"]');
      assert.equal(await tabs.count(), 2);
      const panels = chat.lastAssistant().locator('.choice');
      assert.equal(await panels.nth(0).isVisible(), true);
      assert.equal(await panels.nth(1).isVisible(), false);
      await tabs.nth(1).click();
      assert.equal(await panels.nth(1).isVisible(), true);
      assert.match(await panels.nth(1).textContent() ?? '', /Second/);
      const pick = await chat.waitForPosted('selectChoice');
      assert.equal(pick.choiceIndex, 1);
    },
  },
  {
    name: 'a conversation restored after a reload shows its half-streamed reply as interrupted, with its folded reasoning',
    page: 'strict',
    async run(chat) {
      const restored = conversation([
        { id: 'u1', role: 'user', content: 'Explain <b>this</b>', createdAt: 1 },
        {
          id: 'a1',
          role: 'assistant',
          model: 'svc-k2.5',
          choices: [{ index: 0, content: 'It does **this** and', reasoning: 'The user wants an explanation.', finishReason: null }],
          selectedChoice: 0,
          status: 'interrupted',
          reasoningTokens: 6,
          createdAt: 2,
        },
      ]);
      await chat.send({ ...initMessage(), active: restored });
      await chat.frames(2);
      const user = chat.page.locator('[data-testid="message"][data-role="user"]');
      assert.equal(await user.locator('[data-testid="message-content"]').textContent(), 'Explain <b>this</b>', 'user text is shown as text');
      const reply = chat.lastAssistant();
      assert.equal(await reply.getAttribute('data-status'), 'interrupted');
      assert.match(await reply.locator('.status-badge').textContent() ?? '', /Interrupted/);
      assert.match(await reply.locator('[data-testid="message-content"]').innerHTML(), /It does <strong>this<\/strong> and/);
      const thinking = reply.locator('[data-testid="thinking"]');
      assert.equal(await thinking.evaluate((d) => (d as HTMLDetailsElement).open), false);
      assert.match(await thinking.locator('.thinking-count').textContent() ?? '', /^6 tokens$/);
    },
  },
  {
    name: 'the host saving the conversation after a reply does not re-render the reply',
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1'), content('a1', 'Answer text.\n\nSecond part.'), finished('a1')]);
      await chat.page.evaluate(() => document.querySelector('[data-message-id="a1"] .markdown-block')?.setAttribute('data-marker', 'kept'));
      const saved = conversation([
        { id: 'u1', role: 'user', content: 'Question', createdAt: 1 },
        {
          id: 'a1',
          role: 'assistant',
          model: 'svc-k2.5',
          choices: [{ index: 0, content: 'Answer text.\n\nSecond part.', reasoning: '', finishReason: 'stop' }],
          selectedChoice: 0,
          status: 'complete',
          usage: { promptTokens: 3, completionTokens: 4, cachedTokens: 0 },
          createdAt: 2,
        },
      ]);
      await chat.play([{ type: 'conversation', conversation: { ...saved, id: CONVERSATION_ID } }]);
      assert.equal(await chat.page.locator('[data-marker="kept"]').count(), 1, 'the reply kept its DOM');
      assert.equal(await chat.page.locator('[data-testid="message"]').count(), 2);
      assert.match(await chat.lastAssistant().locator('.usage').getAttribute('aria-label') ?? '', /^Usage: 7 tokens\./);
    },
  },
  {
    name: 'a view created while a reply streams shows what arrived and keeps streaming into it',
    page: 'strict',
    async run(chat) {
      const live = conversation([
        { id: 'u1', role: 'user', content: 'Question', createdAt: 1 },
        {
          id: 'a1',
          role: 'assistant',
          model: 'svc-k2.5',
          choices: [{ index: 0, content: 'Arrived before', reasoning: 'Early thoughts', finishReason: null }],
          selectedChoice: 0,
          status: 'streaming',
          createdAt: 2,
        },
      ]);
      await chat.play([{ type: 'conversation', conversation: live }, content('a1', ' and after.')]);
      const reply = chat.lastAssistant();
      assert.match(await reply.locator('[data-testid="message-content"]').textContent() ?? '', /Arrived before and after\./);
      assert.equal(await reply.locator('[data-testid="thinking"]').evaluate((d) => (d as HTMLDetailsElement).open), false);
      assert.equal(await chat.page.locator('[data-testid="stop"]').isVisible(), true);
      await chat.play([finished('a1')]);
      assert.equal(await reply.getAttribute('data-status'), 'complete');
    },
  },
];
