// The list of sessions in the conversation list: each row says its state in an icon and a word, its
// model, cost, files changed and age, and fits the narrowest side bar; the toggle carries the number of
// sessions waiting for an approval; Stop, Resume, a finished background task's Apply and Discard, and
// opening a row post what the host acts on, by mouse and by keyboard. Its screenshots are kept with the walk's (test-results/walk/sessions-*.png).
import assert from 'node:assert/strict';
import type { ConversationSummary, SessionView } from '../../src/shared/protocol';
import { sideScrollProblems } from '../support/sideScrollProblems';
import type { ChatPage } from './chatPage';
import { inEveryLook } from './walkLooks';
import type { WebviewCase } from './webviewCase';

const MINUTE = 60_000;

function scene(now: number): { conversations: ConversationSummary[]; sessions: SessionView[] } {
  const fg = (id: string, title: string, state: SessionView['state'], ago: number, figures: Partial<SessionView> = {}): SessionView => ({
    id, conversationId: id, title, kind: 'foreground', state, model: 'svc-k2.5', tokens: 0, usd: null, filesChanged: 0, updatedAt: now - ago, ...figures,
  });
  const sessions: SessionView[] = [
    { id: 'bg1', conversationId: 'bc1', title: 'Port the date parser to Temporal', kind: 'background', state: 'running', model: 'svc-k2.5', tokens: 8_200, usd: null, filesChanged: 3, updatedAt: now - 30_000, worktree: { path: '/home/me/.svc/worktrees/bg1', branch: 'svc/port-date-parser', applied: false } },
    { id: 'bg2', conversationId: 'bc2', title: 'Write the changelog entry', kind: 'background', state: 'done', model: 'svc-k2.5', tokens: 5_600, usd: null, filesChanged: 1, updatedAt: now - 2 * MINUTE, worktree: { path: '/home/me/.svc/worktrees/bg2', branch: 'svc/changelog', applied: false } },
    fg('c1', 'Explain the retry policy', 'running', 10_000, { tokens: 12_400 }),
    fg('c2', 'Add a test for the parser', 'waiting', 5 * MINUTE + 10_000, { model: 'svc-k2-thinking', tokens: 3_100, usd: 0.0123, filesChanged: 2 }),
    fg('c3', 'Refactor the conversation store so every write is batched', 'stopped', 3 * 60 * MINUTE, { tokens: 48_000, filesChanged: 7 }),
    fg('c4', 'Rename the settings reader', 'failed', 26 * 60 * MINUTE, { tokens: 900 }),
    fg('c5', 'Fix the flaky end-to-end test', 'done', 40 * 24 * 60 * MINUTE, { model: null }),
  ];
  const conversations = sessions.filter((s) => s.kind === 'foreground').map((s) => ({ id: s.id, title: s.title, updatedAt: s.updatedAt, messageCount: 2 }));
  return { conversations, sessions };
}

async function showScene(chat: ChatPage): Promise<void> {
  const { conversations, sessions } = scene(Date.now());
  await chat.play([{ type: 'conversations', conversations }, { type: 'sessions', sessions }]);
  if (await chat.page.getByTestId('conversation-panel').isHidden()) await chat.page.locator('[data-action="toggle-conversations"]').click();
  await chat.frames(2);
}

const row = (chat: ChatPage, title: string) => chat.page.getByTestId('session-row').filter({ hasText: title });

async function checkRows(chat: ChatPage, width: number): Promise<void> {
  assert.deepEqual(await chat.page.evaluate(sideScrollProblems), [], `nothing sticks out at ${width} px`);
  const states = await chat.page.getByTestId('session-state').evaluateAll((els) => els.map((e) => ({ state: e.getAttribute('data-state'), icon: e.querySelector('.codicon')?.className ?? '', word: (e as HTMLElement).innerText.trim() })));
  assert.equal(states.length, 7, 'a row per session, the background tasks included');
  for (const s of states) {
    assert.match(s.icon, /codicon-/, `${s.state} has an icon`);
    assert.ok(s.word.length > 0, `${s.state} has a word, not colour alone`);
  }
  for (const action of ['stop-session', 'resume-session', 'apply-session', 'discard-session']) {
    for (const box of await chat.page.locator(`[data-action="${action}"]`).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
      assert.ok(box.width > 0 && box.x >= 0 && box.x + box.width <= width + 0.5, `${action} in sight at ${width} px`);
    }
  }
}

export const sessionCases: WebviewCase[] = [
  {
    name: 'sessions: each row shows state (icon and word), model, cost, files and age, and fits 400 and 170 px',
    page: 'strict',
    async run(chat) {
      await showScene(chat);
      for (const width of [400, 170]) {
        await chat.page.setViewportSize({ width, height: 800 });
        await chat.frames(3);
        await checkRows(chat, width);
      }
      const waiting = await row(chat, 'Add a test for the parser').getByTestId('session-meta').innerText();
      for (const part of ['Waiting for your approval', 'svc-k2-thinking', '$0.01', '2 files', '5 min']) assert.ok(waiting.includes(part), `"${part}" in "${waiting}"`);
      assert.match(await row(chat, 'Explain the retry policy').getByTestId('session-meta').innerText(), /Running[\s\S]*12k tokens[\s\S]*now/);
      assert.match(await row(chat, 'Refactor the conversation store').getByTestId('session-meta').innerText(), /Stopped[\s\S]*48k tokens[\s\S]*7 files[\s\S]*3 h/);
      assert.match(await row(chat, 'Port the date parser').innerText(), /svc\/port-date-parser/, 'a background task names its branch');
      assert.match((await row(chat, 'Add a test for the parser').locator('.conversation-open').getAttribute('aria-label')) ?? '', /Add a test for the parser · Waiting for your approval · svc-k2-thinking · \$0\.01 · 2 files changed · 5 min/);
      assert.equal(await row(chat, 'Fix the flaky').locator('[data-action="stop-session"], [data-action="resume-session"]').count(), 0, 'a finished session has neither Stop nor Resume');
    },
  },
  {
    name: 'sessions: the list toggle counts the sessions waiting for an approval, and the count goes when none waits',
    page: 'strict',
    async run(chat) {
      const toggle = chat.page.locator('[data-action="toggle-conversations"]');
      const badge = chat.page.getByTestId('sessions-waiting');
      assert.equal(await badge.isHidden(), true);
      const { conversations, sessions } = scene(Date.now());
      const twoWaiting = sessions.map((s) => (s.id === 'bg1' ? { ...s, state: 'waiting' as const } : s));
      await chat.play([{ type: 'conversations', conversations }, { type: 'sessions', sessions: twoWaiting }]);
      assert.equal(await badge.innerText(), '2');
      assert.equal(await toggle.getAttribute('aria-label'), 'Show conversations: 2 sessions wait for your approval');
      await chat.play([{ type: 'sessions', sessions: sessions.map((s) => ({ ...s, state: 'done' as const })) }]);
      assert.equal(await badge.isHidden(), true);
      assert.equal(await toggle.getAttribute('aria-label'), 'Show conversations');
      await chat.play([{ type: 'sessions', sessions }]);
      assert.equal(await badge.innerText(), '1');
      assert.equal(await toggle.getAttribute('title'), 'Show conversations: 1 session waits for your approval');
    },
  },
  {
    name: 'sessions: Stop, Resume and opening a row post their messages, by mouse and by keyboard; a background row opens its session',
    page: 'strict',
    async run(chat) {
      await showScene(chat);
      await row(chat, 'Explain the retry policy').locator('[data-action="stop-session"]').click();
      assert.deepEqual(await chat.waitForPosted('stopSession'), { type: 'stopSession', sessionId: 'c1' });
      assert.equal(await chat.page.getByTestId('conversation-panel').isVisible(), true, 'Stop keeps the list open');
      await row(chat, 'Refactor the conversation store').locator('[data-action="resume-session"]').click();
      assert.deepEqual(await chat.waitForPosted('resumeSession'), { type: 'resumeSession', sessionId: 'c3' });

      await row(chat, 'Add a test for the parser').locator('.conversation-open').focus();
      await chat.page.keyboard.press('Tab');
      assert.equal(await chat.page.evaluate(() => document.activeElement?.getAttribute('data-action')), 'stop-session', 'Tab reaches the row\'s Stop');
      await chat.page.keyboard.press('Enter');
      assert.deepEqual(await chat.waitForPosted('stopSession', 2), { type: 'stopSession', sessionId: 'c2' });

      await row(chat, 'Port the date parser').locator('.conversation-open').click();
      assert.deepEqual(await chat.waitForPosted('openSession'), { type: 'openSession', sessionId: 'bg1' });
      assert.equal(await chat.page.getByTestId('conversation-panel').isHidden(), true, 'opening a session closes the list');
      await chat.page.locator('[data-action="toggle-conversations"]').click();
      await row(chat, 'Add a test for the parser').locator('.conversation-open').press('Enter');
      assert.equal((await chat.waitForPosted('switchConversation')).conversationId, 'c2', 'a conversation of this window opens as before');
    },
  },
  {
    name: 'sessions: Apply and Discard show only on a background task that ended with changes (Apply until applied), and post their messages',
    page: 'strict',
    async run(chat) {
      const now = Date.now();
      const task = (id: string, title: string, state: SessionView['state'], filesChanged: number, applied: boolean): SessionView => ({
        id, conversationId: `conversation-${id}`, title, kind: 'background', state, model: 'svc-k2.5', tokens: 1_000, usd: null, filesChanged, updatedAt: now - MINUTE, worktree: { path: `/tmp/wt/${id}`, branch: `svc/${id}`, applied },
      });
      const sessions: SessionView[] = [
        task('background:run', 'Task running', 'running', 2, false),
        task('background:wait', 'Task waiting', 'waiting', 2, false),
        task('background:done', 'Task done', 'done', 2, false),
        task('background:failed', 'Task failed', 'failed', 1, false),
        task('background:stopped', 'Task stopped', 'stopped', 1, false),
        task('background:applied', 'Task applied', 'done', 2, true),
        task('background:empty', 'Task without changes', 'done', 0, false),
        { id: 'c1', conversationId: 'c1', title: 'Chat with edits', kind: 'foreground', state: 'done', model: 'svc-k2.5', tokens: 900, usd: null, filesChanged: 3, updatedAt: now - MINUTE },
      ];
      await chat.play([{ type: 'conversations', conversations: [{ id: 'c1', title: 'Chat with edits', updatedAt: now - MINUTE, messageCount: 2 }] }, { type: 'sessions', sessions }]);
      if (await chat.page.getByTestId('conversation-panel').isHidden()) await chat.page.locator('[data-action="toggle-conversations"]').click();
      const actionsOf = async (title: string) => (await row(chat, title).locator('button.icon-button').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).filter((a) => a !== 'rename-conversation' && a !== 'export-conversation' && a !== 'delete-conversation');
      const expected: Record<string, string[]> = {
        'Task running': ['stop-session'],
        'Task waiting': ['stop-session'],
        'Task done': ['apply-session', 'discard-session'],
        'Task failed': ['apply-session', 'discard-session'],
        'Task stopped': ['resume-session', 'apply-session', 'discard-session'],
        'Task applied': ['discard-session'],
        'Task without changes': [],
        'Chat with edits': [],
      };
      for (const [title, actions] of Object.entries(expected)) assert.deepEqual(await actionsOf(title), actions, title);
      const apply = row(chat, 'Task done').locator('[data-action="apply-session"]');
      assert.equal(await apply.getAttribute('aria-label'), 'Apply "Task done" to the folder');
      assert.equal(await row(chat, 'Task done').locator('[data-action="discard-session"]').getAttribute('title'), 'Discard "Task done": delete its worktree and branch');

      await apply.click();
      assert.deepEqual(await chat.waitForPosted('applySession'), { type: 'applySession', sessionId: 'background:done' });
      assert.equal(await chat.page.getByTestId('conversation-panel').isVisible(), true, 'Apply keeps the list open');
      await row(chat, 'Task applied').locator('[data-action="discard-session"]').click();
      assert.deepEqual(await chat.waitForPosted('discardSession'), { type: 'discardSession', sessionId: 'background:applied' });
      await row(chat, 'Task stopped').locator('[data-action="resume-session"]').focus();
      await chat.page.keyboard.press('Tab');
      assert.equal(await chat.page.evaluate(() => document.activeElement?.getAttribute('data-action')), 'apply-session', 'Tab goes from Resume to Apply');
      await chat.page.keyboard.press('Enter');
      assert.deepEqual(await chat.waitForPosted('applySession', 2), { type: 'applySession', sessionId: 'background:stopped' });
      assert.equal((await chat.posted()).filter((m) => m.type === 'openSession' || m.type === 'switchConversation').length, 0, 'a button opens no session');
    },
  },
  {
    name: 'sessions: the list in light and dark, English and Chinese, at 170 and 400 px',
    page: 'strict',
    async run(chat) {
      await inEveryLook(chat, 'sessions', () => showScene(chat), async ({ lang, width }) => {
        await checkRows(chat, width);
        const meta = await row(chat, 'Add a test for the parser').getByTestId('session-meta').innerText();
        assert.match(meta, lang === 'en' ? /Waiting for your approval[\s\S]*2 files[\s\S]*5 min/ : /等待你的批准[\s\S]*2 个文件[\s\S]*5 分钟/);
        assert.match(await row(chat, 'Explain the retry policy').getByTestId('session-state').innerText(), lang === 'en' ? /Running/ : /运行中/);
      });
    },
  },
];
