// The composer, the conversation list and the status banner; errors with their fixes: composerErrors.cases.ts.
import assert from 'node:assert/strict';
import { CONVERSATION_ID, conversation, initMessage, started } from './chatPage';
import type { FakeWindow } from './fakeHostApi';
import type { WebviewCase } from './webviewCase';

export const composerCases: WebviewCase[] = [
  {
    name: 'Enter sends with the chosen options, Shift+Enter adds a line, and the draft survives in the webview state',
    page: 'strict',
    async run(chat) {
      const input = chat.page.locator('[data-testid="composer-input"]');
      await input.click();
      await chat.page.keyboard.type('first line');
      await chat.page.keyboard.press('Shift+Enter');
      await chat.page.keyboard.type('second line');
      assert.equal(await input.inputValue(), 'first line\nsecond line');
      const state = await chat.page.evaluate(() => (window as unknown as FakeWindow).__host.state as { draft: string });
      assert.equal(state.draft, 'first line\nsecond line');
      await chat.page.locator('[data-testid="model-picker"]').selectOption('svc-v1-8k');
      await chat.waitForPosted('setModel');
      const more = chat.page.locator('[data-testid="more-options"]');
      assert.equal(await chat.page.locator('.toggle', { hasText: 'JSON mode' }).isVisible(), false, 'JSON mode waits under the "…" menu');
      await more.click();
      assert.equal(await more.getAttribute('aria-expanded'), 'true');
      await chat.page.locator('.toggle', { hasText: 'JSON mode' }).locator('input').check();
      await chat.page.keyboard.press('Escape');
      assert.equal(await more.getAttribute('aria-expanded'), 'false', 'Escape closes the menu');
      assert.equal(await chat.page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'more-options', 'and gives the focus back to its button');
      await input.press('Enter');
      const sent = await chat.waitForPosted('send');
      assert.deepEqual(sent, {
        type: 'send',
        conversationId: CONVERSATION_ID,
        text: 'first line\nsecond line',
        options: { model: 'svc-v1-8k', thinking: false, jsonMode: true, choiceCount: 1 },
      });
      assert.equal(await input.inputValue(), '');
    },
  },
  {
    name: 'Enter before the view has its state keeps the text, says it waits, and sends once the state comes',
    page: 'strict',
    async run(chat) {
      await chat.page.reload();
      await chat.waitForPosted('ready');
      const input = chat.page.locator('[data-testid="composer-input"]');
      await input.fill('sent early');
      await input.press('Enter');
      await chat.frames(2);
      assert.equal((await chat.posted()).filter((m) => m.type === 'send').length, 0);
      assert.equal(await input.inputValue(), 'sent early');
      assert.match(await chat.page.locator('.composer-footer').innerText(), /sent as soon as the service is ready/);
      await chat.send(initMessage());
      const sent = await chat.waitForPosted('send');
      assert.equal(sent.text, 'sent early');
      assert.equal(await input.inputValue(), '');
    },
  },
  {
    name: 'typing after an early Enter cancels the waiting send: the model list and settings arriving mid-word send nothing and lose no character',
    page: 'strict',
    async run(chat) {
      await chat.page.reload();
      await chat.waitForPosted('ready');
      const input = chat.page.locator('[data-testid="composer-input"]');
      await input.fill('Fix @src/app.ts');
      await input.press('Enter');
      await input.press('Control+a');
      await chat.page.keyboard.type('hel');
      await chat.send(initMessage());
      await chat.frames(2);
      assert.equal(await input.inputValue(), 'hel');
      await chat.page.keyboard.type('lo again');
      await chat.play([{ type: 'settings', settings: initMessage().settings }]);
      assert.equal((await chat.posted()).filter((m) => m.type === 'send').length, 0);
      assert.equal(await input.inputValue(), 'hello again');
      await input.press('Enter');
      assert.equal((await chat.waitForPosted('send')).text, 'hello again');
    },
  },
  {
    name: 'the model picker says which models think and which see images, with icons for the chosen one; thinking is a switch only for svc-k2.5',
    page: 'strict',
    async run(chat) {
      const labels = await chat.page.locator('[data-testid="model-picker"] option').allTextContents();
      assert.deepEqual(labels, ['svc-k2.5', 'svc-k2-thinking', 'svc-v1-8k'], 'a short chip; what each can do is in its tooltip and the icons beside it');
      const capabilities = chat.page.locator('[data-testid="model-capabilities"]');
      assert.deepEqual(await capabilities.locator('.codicon').evaluateAll((icons) => icons.map((i) => i.className)), ['codicon codicon-lightbulb-empty', 'codicon codicon-eye']);
      assert.equal(await capabilities.getAttribute('aria-label'), 'svc-k2.5: can think, sees images');
      const thinkingToggle = chat.page.locator('.toggle', { hasText: 'Thinking' });
      assert.equal(await thinkingToggle.isVisible(), true);
      await chat.page.locator('[data-testid="model-picker"]').selectOption('svc-k2-thinking');
      assert.equal(await thinkingToggle.isVisible(), false);
      await chat.page.locator('[data-testid="model-picker"]').selectOption('svc-v1-8k');
      assert.equal(await capabilities.innerText(), '8k');
      assert.equal(await capabilities.getAttribute('title'), 'svc-v1-8k: 8k context (8,192 tokens)');
    },
  },
  {
    name: 'the token estimate is requested after typing stops and shown against the context length',
    page: 'strict',
    async run(chat) {
      const request = await chat.typeForEstimate('svc-v1-8k', 'How long is this?');
      assert.equal(request?.model, 'svc-v1-8k');
      await chat.send({ type: 'tokenEstimate', requestId: String(request?.requestId), tokens: 7900, contextLength: 8192 });
      await chat.frames(2);
      const estimate = chat.page.locator('.token-estimate');
      assert.equal(await estimate.textContent(), '7,900 / 8,192 tokens');
      assert.equal(await estimate.evaluate((e) => e.classList.contains('near-limit')), true);
      await chat.send({ type: 'tokenEstimate', requestId: 'stale-request', tokens: 1, contextLength: 8192 });
      await chat.frames(2);
      assert.equal(await estimate.textContent(), '7,900 / 8,192 tokens', 'an answer to an older request is ignored');
    },
  },
  {
    name: 'the context meter fills to the share of the context the next request uses, warns near the limit, breaks the figure down on hover, and says what compacting would gain and cost the cache',
    page: 'strict',
    async run(chat) {
      const request = await chat.typeForEstimate('svc-v1-8k', 'How full is it?');
      const breakdown = [
        { label: 'Rules, system prompt, files and mentions', tokens: 1000 },
        { label: 'Conversation', tokens: 3000 },
        { label: 'Your message', tokens: 96 },
        { label: 'Reserved for the reply', tokens: 1024 },
      ];
      await chat.send({ type: 'tokenEstimate', requestId: String(request?.requestId), tokens: 5120, contextLength: 8192, breakdown, cachedTokens: 2048 });
      await chat.frames(2);
      const meter = chat.page.locator('[data-testid="context-meter"]');
      assert.equal(await meter.isVisible(), true);
      assert.equal(await meter.getAttribute('aria-valuenow'), '63');
      assert.equal(await meter.locator('.context-meter-fill').evaluate((e) => (e as HTMLElement).style.width), '63%');
      assert.equal(await meter.evaluate((e) => e.classList.contains('near-limit')), false);
      const title = (await meter.getAttribute('title')) ?? '';
      assert.match(title, /Conversation: 3,000\nYour message: 96\nReserved for the reply: 1,024\nCached in the last reply: 2,048/);
      await chat.send({ type: 'tokenEstimate', requestId: String(request?.requestId), tokens: 9000, contextLength: 8192 });
      await chat.frames(2);
      assert.equal(await meter.evaluate((e) => e.classList.contains('over-limit')), true);
      assert.equal(await meter.getAttribute('aria-valuenow'), '100');
      await chat.send({ type: 'tokenEstimate', requestId: String(request?.requestId), tokens: 5120, contextLength: 8192, cachedTokens: 2048, compaction: { coveredTokens: 2600, cacheLost: 2048, automatic: false } });
      await chat.frames(2);
      assert.match((await meter.getAttribute('title')) ?? '', /\/compact would turn about 2,600 tokens of older messages into one summary; the 2,048 cached tokens no longer match, so the next request would pay for its whole prompt once\./);
      assert.equal(await meter.evaluate((e) => e.classList.contains('compaction-due')), false);
      await chat.send({ type: 'tokenEstimate', requestId: String(request?.requestId), tokens: 7000, contextLength: 8192, compaction: { coveredTokens: 5000, cacheLost: 4000, automatic: true } });
      await chat.frames(2);
      assert.match(await chat.page.locator('.token-estimate').innerText(), /7,000 \/ 8,192 tokens · compacts first/);
      assert.match((await meter.getAttribute('title')) ?? '', /Your next message compacts the conversation first \(svc.compaction.threshold\): about 5,000 tokens/);
      assert.equal(await meter.evaluate((e) => e.classList.contains('compaction-due')), true);
    },
  },
  {
    name: "the draft's mentions become chips with their tokens or why they are not sent, removable; a sent message shows its mentions as chips in its text",
    page: 'strict',
    async run(chat) {
      const input = chat.page.locator('[data-testid="composer-input"]');
      const request = await chat.typeForEstimate('svc-v1-8k', 'Fix @src/app.ts using @problems and @gone.ts');
      await chat.send({
        type: 'tokenEstimate',
        requestId: String(request?.requestId),
        tokens: 900,
        contextLength: 8192,
        mentions: [
          { raw: '@src/app.ts', kind: 'path', tokens: 420 },
          { raw: '@problems', kind: 'problems', tokens: 35 },
          { raw: '@gone.ts', kind: 'path', problem: 'no file or folder "gone.ts" in the workspace' },
        ],
      });
      const chips = chat.page.locator('[data-testid="mention-chips"] [data-testid="mention-chip"]');
      await chips.first().waitFor();
      assert.deepEqual(await chips.allTextContents(), ['src/app.ts420 tokens', 'problems35 tokens', 'gone.tsnot sent']);
      assert.match((await chips.nth(2).getAttribute('title')) ?? '', /@gone.ts will not be sent: no file or folder "gone.ts"/);
      await chips.nth(1).getByRole('button', { name: 'Remove @problems' }).click();
      assert.equal(await input.inputValue(), 'Fix @src/app.ts using and @gone.ts');
      assert.equal(await chips.count(), 2, 'the removed mention loses its chip at once');
      await chat.send({
        type: 'conversation',
        conversation: conversation([
          { id: 'u1', role: 'user', content: 'Fix @src/app.ts, then see @problems.', createdAt: 1, mentions: [{ raw: '@src/app.ts', kind: 'path' }, { raw: '@problems', kind: 'problems' }] },
        ]),
      });
      const sent = chat.page.locator('[data-role="user"] [data-testid="message-content"]');
      await sent.waitFor();
      assert.equal(await sent.textContent(), 'Fix src/app.ts, then see problems.');
      assert.deepEqual(await sent.locator('[data-testid="mention-chip"]').evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-kind'), n.getAttribute('title')])), [
        ['path', '@src/app.ts'],
        ['problems', '@problems'],
      ]);
      assert.equal(await sent.locator('script, img').count(), 0);
    },
  },
  {
    name: 'typing @ asks the host for mentions and lists them; arrows, Enter and a click accept, Escape closes; / lists the slash commands, /new runs one and /explain asks the host to explain',
    page: 'strict',
    async run(chat) {
      const input = chat.page.locator('[data-testid="composer-input"]');
      const list = chat.page.locator('[data-testid="completion-list"]');
      await input.click();
      await input.pressSequentially('Look at @ap');
      const asked = await chat.waitForPosted('mentionCandidates');
      assert.equal(asked.query, 'ap');
      // The answer to an older query ("a") is ignored; the one for "ap" is shown.
      const older = (await chat.posted()).filter((m) => m.type === 'mentionCandidates').find((m) => m.query === 'a');
      if (older) await chat.send({ type: 'mentionCandidates', requestId: String(older.requestId), candidates: [{ value: 'stale.ts', kind: 'file', detail: 'file' }] });
      await chat.send({
        type: 'mentionCandidates',
        requestId: String(asked.requestId),
        candidates: [
          { value: 'src/app.ts', kind: 'file', detail: 'file' },
          { value: 'src/application', kind: 'folder', detail: 'folder' },
        ],
      });
      await list.waitFor();
      assert.deepEqual(await chat.page.locator('[data-testid="completion-item"] .completion-label').allTextContents(), [' @src/app.ts', ' @src/application']);
      await input.press('ArrowDown');
      await input.press('Enter');
      assert.equal(await input.inputValue(), 'Look at @src/application ');
      assert.equal(await list.isHidden(), true);
      assert.equal((await chat.posted()).some((m) => m.type === 'send'), false, 'Enter accepted the suggestion, it did not send');

      await input.pressSequentially('and @s');
      const second = await chat.waitForPosted('mentionCandidates', (await chat.posted()).filter((m) => m.type === 'mentionCandidates').length);
      await chat.send({ type: 'mentionCandidates', requestId: String(second.requestId), candidates: [{ value: 'selection', kind: 'selection', detail: 'the text selected in the editor' }] });
      await list.waitFor();
      await chat.page.locator('[data-testid="completion-item"]').first().dispatchEvent('mousedown');
      assert.equal(await input.inputValue(), 'Look at @src/application and @selection ');
      await input.pressSequentially('@');
      await chat.page.keyboard.press('Escape');
      assert.equal(await list.isHidden(), true);

      await input.fill('');
      await input.pressSequentially('/n');
      await list.waitFor();
      assert.deepEqual(await chat.page.locator('[data-testid="completion-item"] .completion-label').allTextContents(), [' /new']);
      await input.press('Tab');
      assert.equal(await input.inputValue(), '/new ');
      await input.press('Enter');
      await chat.waitForPosted('newConversation');
      assert.equal(await input.inputValue(), '', 'the command was consumed');

      await input.pressSequentially('/expl');
      await list.waitFor();
      assert.deepEqual(await chat.page.locator('[data-testid="completion-item"] .completion-label').allTextContents(), [' /explain', ' /explainfile']);
      await input.press('Enter');
      await input.press('Enter');
      assert.deepEqual(await chat.waitForPosted('runAction'), { type: 'runAction', action: 'explainSelection' });
      await input.fill('/explainfile');
      await input.press('Escape');
      await input.press('Enter');
      assert.deepEqual(await chat.waitForPosted('runAction', 2), { type: 'runAction', action: 'explainFile' });
    },
  },
  {
    name: '/compact asks the host with its instructions; the summary shows where the conversation was cut, opens and can be edited',
    page: 'strict',
    async run(chat) {
      const reply = (id: string, content: string) => ({ id, role: 'assistant' as const, model: 'svc-v1-8k', choices: [{ index: 0, content, reasoning: '', finishReason: 'stop' as const }], selectedChoice: 0, status: 'complete' as const, createdAt: 2 });
      const messages = [
        { id: 'u1', role: 'user' as const, content: 'Use tabs', createdAt: 1 },
        reply('a1', 'Noted.'),
        { id: 'u2', role: 'user' as const, content: 'Now the tests', createdAt: 3 },
        reply('a2', 'Done.'),
      ];
      await chat.send({ type: 'conversation', conversation: { ...conversation(messages), compaction: { summary: 'The user wants tabs.', upTo: 'a1', tokensBefore: 900, tokensAfter: 40 } } });
      await chat.frames(2);
      const card = chat.page.locator('[data-testid="compaction"]');
      await card.waitFor();
      assert.equal(await card.evaluate((e) => (e.previousElementSibling as HTMLElement | null)?.dataset.messageId), 'a1', 'the summary follows the last message it covers');
      assert.match((await card.textContent()) ?? '', /sent as a summary \(about 900 tokens → 40\)/);
      await card.locator('summary').click();
      assert.equal(await card.locator('[data-testid="compaction-summary"]').textContent(), 'The user wants tabs.');
      await card.locator('[data-testid="compaction-edit"]').click();
      await card.locator('[data-testid="compaction-editor"]').fill('The user wants tabs, and tests for every change.');
      await card.locator('[data-testid="compaction-save"]').click();
      assert.deepEqual(await chat.waitForPosted('editCompaction'), { type: 'editCompaction', conversationId: CONVERSATION_ID, summary: 'The user wants tabs, and tests for every change.' });

      const input = chat.page.locator('[data-testid="composer-input"]');
      await input.fill('/compact keep the tabs rule');
      await input.press('Enter');
      assert.deepEqual(await chat.waitForPosted('compactConversation'), { type: 'compactConversation', conversationId: CONVERSATION_ID, instructions: 'keep the tabs rule' });
    },
  },
  {
    name: 'the mode picker sends Ask as a message, Plan and Agent as tasks; Up in an empty box brings back the last message',
    page: 'strict',
    async run(chat) {
      const input = chat.page.locator('[data-testid="composer-input"]');
      const mode = chat.page.locator('[data-testid="mode-picker"]');
      assert.deepEqual(await mode.locator('option').allTextContents(), ['Ask', 'Plan', 'Agent', 'Run in background']);
      await chat.send({ type: 'conversation', conversation: conversation([{ id: 'u1', role: 'user', content: 'What is a leap year?', createdAt: 1 }]) });
      await chat.frames(2);
      await input.click();
      await input.press('ArrowUp');
      assert.equal(await input.inputValue(), 'What is a leap year?');
      await mode.selectOption('plan');
      await input.press('Enter');
      const planned = await chat.waitForPosted('runAgentTask');
      assert.equal(planned.mode, 'plan');
      assert.equal(planned.text, 'What is a leap year?');
    },
  },
  {
    name: 'Run in background posts the message as a background task; a refusal shows its reason and gives the text back',
    page: 'strict',
    async run(chat) {
      const input = chat.page.locator('[data-testid="composer-input"]');
      const mode = chat.page.locator('[data-testid="mode-picker"]');
      await mode.selectOption('background');
      assert.match((await mode.locator('option[value="background"]').getAttribute('title')) ?? '', /git worktree of its own/);
      await input.fill('port the date parser to Temporal');
      await input.press('Enter');
      const started = await chat.waitForPosted('startBackgroundTask');
      assert.equal(started.text, 'port the date parser to Temporal');
      assert.equal(await input.inputValue(), '', 'sent: the box is empty');
      // What the host answers when the folder is not a git repository.
      const reason = '/home/me/notes is not in a git repository: a background task runs in a git worktree of the folder\'s repository.';
      await chat.send({ type: 'notice', level: 'error', message: reason });
      await chat.send({ type: 'insertIntoComposer', text: 'port the date parser to Temporal' });
      await chat.frames(2);
      assert.equal(await input.inputValue(), 'port the date parser to Temporal', 'the text is back');
      assert.match(await chat.page.locator('body').innerText(), /is not in a git repository/);
      assert.equal(await mode.inputValue(), 'background', 'the mode stays, to send again');
    },
  },
  {
    name: 'the emulator banner shows and its button sets a key; conversations can be opened, renamed, deleted and exported',
    page: 'strict',
    async run(chat) {
      const banner = chat.page.locator('[data-testid="status-banner"]');
      assert.match(await banner.textContent() ?? '', /Using the local emulator/);
      await banner.locator('button', { hasText: 'Set API Key' }).click();
      assert.equal((await chat.waitForPosted('runAction')).action, 'setKey');
      await chat.send({
        type: 'conversations',
        conversations: [
          { id: CONVERSATION_ID, title: 'Test conversation', updatedAt: 1, messageCount: 0 },
          { id: 'c2', title: 'Refactoring plan', updatedAt: 2, messageCount: 4 },
        ],
      });
      await chat.page.locator('[data-action="toggle-conversations"]').click();
      await chat.page.locator('.search-input').fill('refac');
      const items = chat.page.locator('.conversation-item');
      assert.equal(await items.count(), 1);
      await items.first().locator('.conversation-open').click();
      assert.equal((await chat.waitForPosted('switchConversation')).conversationId, 'c2');
      assert.equal(await chat.page.locator('[data-testid="conversation-panel"]').isHidden(), true, 'choosing a conversation closes the list');
      await chat.page.locator('[data-action="toggle-conversations"]').click();
      await items.first().hover();
      await items.first().locator('[data-action="rename-conversation"]').click();
      await chat.page.locator('.rename-input').fill('Better title');
      await chat.page.locator('.rename-input').press('Enter');
      assert.deepEqual(await chat.waitForPosted('renameConversation'), { type: 'renameConversation', conversationId: 'c2', title: 'Better title' });
      await items.first().locator('[data-action="export-conversation"]').click();
      const exported = await chat.waitForPosted('exportConversation');
      await chat.send({ type: 'exportResult', requestId: String(exported.requestId), ok: true, message: 'Exported to plan.md' });
      await chat.page.locator('.notice', { hasText: 'Exported to plan.md' }).waitFor();
      await items.first().locator('[data-action="delete-conversation"]').click();
      assert.equal((await chat.waitForPosted('deleteConversation')).conversationId, 'c2');
      const search = await chat.waitForPosted('searchConversations');
      assert.equal(search.query, 'refac');
    },
  },
  {
    name: 'an invalid host message is dropped with a console error naming the field, and the view keeps working',
    page: 'strict',
    async run(chat) {
      const errors: string[] = [];
      chat.page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await chat.page.evaluate(() => window.postMessage({ type: 'contentDelta', conversationId: 'c1', messageId: 'x', choiceIndex: -1, text: 5 }, '*'));
      await chat.frames(2);
      assert.ok(errors.some((e) => /choiceIndex/.test(e) && /text/.test(e)), errors.join('\n'));
      await chat.play([started('a1'), { type: 'contentDelta', conversationId: CONVERSATION_ID, messageId: 'a1', choiceIndex: 0, text: 'still fine' }]);
      assert.match(await chat.lastAssistant().textContent() ?? '', /still fine/);
    },
  },
];
