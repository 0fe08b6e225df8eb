// An agent task reads as ONE reply: the model's name heads its first step only, later steps follow the
// tool cards without a header of their own (a status still shows while one runs), and a step with
// nothing to show takes no room and is no stop for Up and Down. Live and reopened from history alike.
import assert from 'node:assert/strict';
import type { AssistantMessageView, HostMessage, MessageView } from '../../src/shared/protocol';
import { step, tool } from './agent.cases';
import { content, conversation, reasoning, started, type ChatPage } from './chatPage';
import type { WebviewCase } from './webviewCase';

const user: MessageView = { id: 'u1', role: 'user', content: 'fix the leap-year bug', createdAt: 1 };
const readArgs = '{"path":"src/date.ts"}';
const editArgs = '{"path":"src/date.ts","old_text":"% 100","new_text":"% 400"}';
const testArgs = '{"command":"npm test"}';
const read = { id: 'call-1', name: 'read_file', arguments: readArgs };
const edit = { id: 'call-2', name: 'edit_file', arguments: editArgs };
const run = { id: 'call-3', name: 'run_command', arguments: testArgs };

/** A step as the host shows it once its calls have cards: the calls are in the cards, not in the step. */
function carded(id: string, status: AssistantMessageView['status'], calls: { id: string; name: string; arguments: string }[], thought = ''): AssistantMessageView {
  const view = step(id, status, calls, thought);
  return { ...view, choices: view.choices.map(({ toolCalls: _carded, ...choice }) => choice) };
}

function final(status: AssistantMessageView['status']): AssistantMessageView {
  const answer = step('s4', status, [], '', 'Fixed the leap-year rule in src/date.ts; the tests pass.');
  if (status === 'streaming') return answer;
  return { ...answer, agentSummary: { taskId: 'task-1', stopReason: 'stop', steps: 4, toolCalls: { read_file: 1, edit_file: 1, run_command: 1 }, filesChanged: ['src/date.ts'], usage: { promptTokens: 900, completionTokens: 60, cachedTokens: 0 }, durationMs: 4100 } };
}

/** The whole task: a first step that only calls, one that thinks then calls, one with nothing but its call, the answer. */
const task: MessageView[] = [
  user,
  carded('s1', 'complete', [read]),
  tool('t1', 'call-1', 'read_file', readArgs, 'done', 'export const leap = …'),
  carded('s2', 'complete', [edit], 'The century rule is wrong.'),
  tool('t2', 'call-2', 'edit_file', editArgs, 'done', 'Edited src/date.ts.'),
  carded('s3', 'complete', [run]),
  tool('t3', 'call-3', 'run_command', testArgs, 'done', 'all tests passed'),
  final('complete'),
];

function live(messages: MessageView[]): HostMessage {
  return { type: 'conversation', conversation: conversation(messages) };
}

/** The model names and headers a user sees, and the messages that show but take no room. */
async function shown(chat: ChatPage): Promise<{ authors: string[]; headers: string[]; empty: string[] }> {
  return chat.page.evaluate(() => {
    const visible = (e: Element) => e.getClientRects().length > 0;
    const owner = (e: Element) => e.closest('[data-message-id]')?.getAttribute('data-message-id') ?? '?';
    return {
      authors: [...document.querySelectorAll('.message.assistant .message-author')].filter(visible).map(owner),
      headers: [...document.querySelectorAll('.message.assistant .message-header')].filter(visible).map((h) => `${owner(h)}:${(h as HTMLElement).innerText.replace(/\s+/g, ' ').trim()}`),
      empty: [...document.querySelectorAll('.message.assistant')].filter((m) => visible(m) && (m as HTMLElement).innerText.trim() === '').map(owner),
    };
  });
}

/** Walks the list with Down from the first message to the last; the id (or test id) of each stop, and any stop not on screen. */
async function downFromTop(chat: ChatPage): Promise<{ stops: string[]; unseen: string[] }> {
  await chat.page.locator('[data-message-id="u1"]').first().focus();
  const stops: string[] = [];
  const unseen: string[] = [];
  for (let i = 0; i < 20; i++) {
    const stop = await chat.page.evaluate(() => {
      const e = document.activeElement as HTMLElement;
      return { id: e.getAttribute('data-message-id') ?? e.getAttribute('data-testid') ?? e.tagName, seen: e.getClientRects().length > 0 && e.offsetHeight > 0 };
    });
    if (stops.at(-1) === stop.id) break;
    stops.push(stop.id);
    if (!stop.seen) unseen.push(stop.id);
    await chat.page.keyboard.press('ArrowDown');
  }
  return { stops, unseen };
}

export const agentTaskCases: WebviewCase[] = [
  {
    name: 'a task reopened from history is one reply: one model name, no empty header or step, and Up/Down visit only what shows',
    page: 'strict',
    async run(chat) {
      await chat.play([live(task)]);
      assert.deepEqual(await shown(chat), { authors: ['s1'], headers: ['s1:svc-k2-thinking'], empty: [] });
      assert.equal(await chat.page.locator('[data-message-id="s3"]').isVisible(), false, 'a step with nothing but its call takes no room');
      assert.equal(await chat.page.locator('[data-message-id="s2"] [data-testid="thinking"]').isVisible(), true, "a later step's thinking shows, under no header");
      assert.match(await chat.page.locator('[data-message-id="s4"] [data-testid="message-content"]').innerText(), /Fixed the leap-year rule/);
      const rule = await chat.page.locator('[data-message-id="s1"]').evaluate((m) => getComputedStyle(m).borderBottomStyle);
      assert.equal(rule, 'none', 'no rule cuts the reply between a step and its cards');

      const walk = await downFromTop(chat);
      assert.deepEqual(walk.stops, ['u1', 's1', 't1', 's2', 't2', 't3', 's4', 'agent-summary']);
      assert.deepEqual(walk.unseen, [], 'every stop is on screen');
      await chat.page.keyboard.press('ArrowUp');
      await chat.page.keyboard.press('ArrowUp');
      await chat.page.keyboard.press('ArrowUp');
      assert.equal(await chat.page.evaluate(() => document.activeElement?.getAttribute('data-message-id')), 't2', 'Up steps over the hidden step too');
    },
  },
  {
    name: 'a task streaming live: a later step shows its status, not the model name again, and hides once it turns out to hold only its call',
    page: 'strict',
    async run(chat) {
      await chat.play([live([user, step('s1', 'streaming', [])])]);
      assert.deepEqual((await shown(chat)).headers, ['s1:svc-k2-thinking Generating…'], "the first step has the reply's header");
      const s1 = carded('s1', 'complete', [read]);
      await chat.play([live([user, s1, tool('t1', 'call-1', 'read_file', readArgs, 'running'), step('s2', 'streaming', [])])]);
      let now = await shown(chat);
      assert.deepEqual(now.authors, ['s1'], 'one model name while the second step streams');
      assert.deepEqual(now.headers.filter((h) => h.startsWith('s2')), ['s2:Generating…'], 'the second step says it generates, without the name');
      await chat.play([reasoning('s2', 'The century rule is wrong.')]);
      assert.equal(await chat.page.locator('[data-message-id="s2"] [data-testid="thinking"]').isVisible(), true);

      const t1 = tool('t1', 'call-1', 'read_file', readArgs, 'done', 'export const leap = …');
      const s2 = carded('s2', 'complete', [edit], 'The century rule is wrong.');
      const t2 = tool('t2', 'call-2', 'edit_file', editArgs, 'done', 'Edited src/date.ts.');
      await chat.play([live([user, s1, t1, s2, t2, step('s3', 'streaming', [])])]);
      assert.equal(await chat.page.locator('[data-message-id="s3"] .status-badge').isVisible(), true, 'a step that has shown nothing yet still says it generates');
      await chat.play([live([user, s1, t1, s2, t2, carded('s3', 'complete', [run]), tool('t3', 'call-3', 'run_command', testArgs, 'running')])]);
      now = await shown(chat);
      assert.equal(await chat.page.locator('[data-message-id="s3"]').isVisible(), false, 'done with only its call, the step takes no room');
      assert.deepEqual(now.empty, [], 'no empty step or header row');

      await chat.play([live([...task.slice(0, -2), tool('t3', 'call-3', 'run_command', testArgs, 'done', 'all tests passed'), final('streaming')])]);
      await chat.play([live(task)]);
      assert.deepEqual(await shown(chat), { authors: ['s1'], headers: ['s1:svc-k2-thinking'], empty: [] }, 'live ends as history shows it');
      const walk = await downFromTop(chat);
      assert.deepEqual(walk.stops, ['u1', 's1', 't1', 's2', 't2', 't3', 's4', 'agent-summary']);
    },
  },
  {
    name: 'a reply that starts streaming before the host lists it carries on the task above it: no second model name',
    page: 'strict',
    async run(chat) {
      await chat.play([live([user, carded('s1', 'complete', [read]), tool('t1', 'call-1', 'read_file', readArgs, 'done', 'export const leap = …')]), started('s2'), content('s2', 'The rule is fixed.')]);
      const now = await shown(chat);
      assert.deepEqual(now.authors, ['s1']);
      assert.deepEqual(now.headers, ['s1:svc-k2-thinking', 's2:Generating…']);
    },
  },
];
