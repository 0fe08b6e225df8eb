// Tool cards as what each call did (an edit's file, +/− counts, mini-diff and diff link; a command, its
// exit code and folded output; a read's lines; a search's count), the raw arguments one click away,
// no JSON copy of the calls on the steps, no card for update_plan, cards of calls whose ids repeat
// across steps, approvals that say what and where, the "Waiting for your approval" state, an undo
// that runs once, and icons drawn from the shipped (subset) codicon font.
import assert from 'node:assert/strict';
import type { AssistantMessageView, HostMessage, MessageView, ToolMessageView } from '../../src/shared/protocol';
import { cardDisplayOf } from '../support/registeredTools';
import { CONVERSATION_ID, conversation } from './chatPage';
import type { WebviewCase } from './webviewCase';

type Card = NonNullable<ToolMessageView['card']>;
type Call = { id: string; name: string; arguments: string };

const user: MessageView = { id: 'u1', role: 'user', content: 'fix the stock count', createdAt: 1 };

function step(id: string, status: AssistantMessageView['status'], calls: Call[], text = ''): AssistantMessageView {
  return {
    id,
    role: 'assistant',
    model: 'svc-k2-thinking',
    choices: [{ index: 0, content: text, reasoning: '', finishReason: calls.length > 0 ? 'tool_calls' : 'stop', ...(calls.length > 0 ? { toolCalls: calls } : {}) }],
    selectedChoice: 0,
    status,
    createdAt: 2,
  };
}

function tool(id: string, call: Call, status: Card['status'], content: string, extra: Partial<Card> = {}): ToolMessageView {
  return { id, role: 'tool', toolCallId: call.id, name: call.name, content, createdAt: 3, card: { step: 1, arguments: call.arguments, status, taskId: 'task-1', display: cardDisplayOf(call.name), ...extra } };
}

function live(messages: MessageView[]): HostMessage {
  return { type: 'conversation', conversation: conversation(messages) };
}

// As a real service sends them: the same id in every step.
const EDIT_ID = 'functions.edit_file:0';
const edit1: Call = { id: EDIT_ID, name: 'edit_file', arguments: '{"path":"src/inventory.py","old_text":"count = 0","new_text":"count = len(items)"}' };
const edit2: Call = { id: EDIT_ID, name: 'edit_file', arguments: '{"path":"tests/test_inventory.py","old_text":"","new_text":"def test_count():\\n    assert True"}' };
const command: Call = { id: 'functions.run_command:0', name: 'run_command', arguments: '{"command":"python3 -m pytest"}' };
const plan: Call = { id: 'functions.update_plan:1', name: 'update_plan', arguments: '{"steps":[{"text":"fix","status":"done"}]}' };
const read: Call = { id: 'functions.read_file:0', name: 'read_file', arguments: '{"path":"src/inventory.py","start_line":10,"end_line":40}' };
const search: Call = { id: 'functions.search_text:0', name: 'search_text', arguments: '{"query":"count ="}' };

const change1 = { path: 'src/inventory.py', created: false, added: 1, removed: 1, lines: [{ kind: 'context' as const, text: 'def total(items):' }, { kind: 'removed' as const, text: '    count = 0' }, { kind: 'added' as const, text: '    count = len(items)' }] };
const change2 = { path: 'tests/test_inventory.py', created: false, added: 2, removed: 0, lines: [{ kind: 'added' as const, text: 'def test_count():' }, { kind: 'added' as const, text: '    assert True' }] };

/** A finished task of four steps: two edits and a command, each with update_plan, ids repeated. */
function finishedTask(): MessageView[] {
  return [
    user,
    step('s0', 'complete', [read, search]),
    tool('t0a', read, 'done', 'lines 10-40 of src/inventory.py', { durationMs: 3 }),
    tool('t0b', search, 'done', 'src/inventory.py:12: count = 0\nsrc/report.py:4: count = 1\n\n(the whole folder was searched)', { durationMs: 9 }),
    step('s1', 'complete', [edit1, plan]),
    tool('t1', edit1, 'done', 'Updated src/inventory.py (40 lines).', { durationMs: 12, change: change1 }),
    tool('t1p', plan, 'done', 'Plan updated.', { durationMs: 0 }),
    step('s2', 'complete', [edit2, plan]),
    tool('t2', edit2, 'done', 'Updated tests/test_inventory.py (2 lines).', { step: 2, durationMs: 8, change: change2 }),
    tool('t2p', plan, 'done', 'Plan updated.', { step: 2, durationMs: 0 }),
    step('s3', 'complete', [command]),
    tool('t3', command, 'failed', '$ python3 -m pytest\n(exited with code 1)\nFAILED tests/test_inventory.py::test_count\n1 failed', { step: 3, durationMs: 900 }),
    step('s4', 'complete', [], 'Fixed the count; one test still fails.'),
  ];
}

export const toolCardCases: WebviewCase[] = [
  {
    name: 'tool cards say what each call did: edits with file, +/− and mini-diff (click opens the diff), a command with exit code and folded output, a read with its lines, a search with its count; raw arguments closed under Details',
    page: 'strict',
    async run(chat) {
      const text = async (selector: string): Promise<string[]> => (await chat.page.locator(selector).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
      await chat.play([live(finishedTask().slice(0, 4))]);
      assert.deepEqual(await text('[data-testid="tool-card"] [data-testid="tool-title"]'), ['Read inventory.py lines 10–40', 'Searched for count = 2 results']);
      await chat.play([live(finishedTask().slice(4))]);
      const cards = chat.page.locator('[data-testid="tool-card"]');
      const titles = (await cards.locator('[data-testid="tool-title"]').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
      assert.deepEqual(titles, [
        'Edited inventory.py +1 −1 src',
        'Edited test_inventory.py +2 −0 tests',
        'Ran python3 -m pytest exit 1',
      ], JSON.stringify(titles));
      const firstEdit = cards.nth(0);
      assert.deepEqual(await firstEdit.locator('[data-testid="mini-diff"] .diff-line').evaluateAll((els) => els.map((e) => e.className.replace('diff-line ', ''))), ['diff-context', 'diff-removed', 'diff-added']);
      assert.equal(await firstEdit.locator('[data-testid="tool-result"]').count(), 0, 'the edit card shows its diff, not the result text');
      await firstEdit.locator('[data-testid="tool-file"]').click();
      assert.deepEqual(await chat.waitForPosted('openAgentDiff'), { type: 'openAgentDiff', taskId: 'task-1', path: 'src/inventory.py' });

      const run = cards.nth(2);
      const output = run.locator('[data-testid="tool-command-output"]');
      assert.equal(await output.getAttribute('open'), '', 'a failed command shows its output');
      assert.match(await output.innerText(), /FAILED tests\/test_inventory\.py::test_count/);
      assert.doesNotMatch(await output.innerText(), /exited with code/);

      for (const card of await cards.all()) {
        const details = card.locator('[data-testid="tool-details"]');
        assert.equal(await details.getAttribute('open'), null, 'raw arguments are closed by default');
        assert.equal(await card.locator('[data-testid="tool-arguments"]').isVisible(), false);
      }
      await firstEdit.locator('[data-testid="tool-details"] summary').click();
      assert.match(await firstEdit.locator('[data-testid="tool-arguments"]').innerText(), /"old_text": "count = 0"/, 'one click shows the raw arguments');
      // Steps that only called tools show no copy/insert/regenerate row; the answer at the end keeps its actions.
      const copies = chat.page.locator('[data-testid="message"][data-role="assistant"] [data-action="copy-answer"]');
      assert.equal(await copies.filter({ visible: true }).count(), 1, 'only the final answer offers Copy');
      assert.equal(await chat.lastAssistant().locator('[data-action="copy-answer"]').isVisible(), true);
    },
  },
  {
    name: 'update_plan gets no card, and both edit cards survive when the service repeats call ids across three steps',
    page: 'strict',
    async run(chat) {
      await chat.play([live(finishedTask())]);
      assert.equal(await chat.page.locator('[data-testid="tool-card"][data-tool="update_plan"]').count(), 0);
      assert.equal(await chat.page.locator('[data-testid="tool-card-internal"]:visible').count(), 0, 'the plan calls take no room');
      const edits = chat.page.locator('[data-testid="tool-card"][data-tool="edit_file"]');
      assert.equal(await edits.count(), 2);
      assert.deepEqual(await edits.locator('[data-testid="tool-file"]').allInnerTexts(), ['inventory.py', 'test_inventory.py']);
    },
  },
  {
    name: 'an edit approval says "Make this edit to …?" with the diff lines coloured; while it waits the reply says "Waiting for your approval", the spinner stops, and the state ends with the answer',
    page: 'strict',
    async run(chat) {
      await chat.play([
        live([user, step('s1', 'streaming', [edit1]), tool('t1', edit1, 'running', '')]),
        { type: 'approvalRequest', requestId: 'r1', conversationId: CONVERSATION_ID, kind: 'edit', title: 'Make this edit to src/inventory.py?', detail: '  def total(items):\n-     count = 0\n+     count = len(items)', allowAlways: true },
      ]);
      const prompt = chat.page.locator('[data-testid="approval"]');
      assert.equal((await prompt.locator('.approval-title').innerText()).trim(), 'Make this edit to src/inventory.py?');
      assert.deepEqual(await prompt.locator('[data-testid="approval-detail"] .diff-line').evaluateAll((els) => els.map((e) => e.className.replace('diff-line ', ''))), ['diff-context', 'diff-removed', 'diff-added']);
      assert.equal(await prompt.locator('[data-testid="approval-warning"]').count(), 0, 'a diff has many lines by nature: no "read all of them" warning');
      const badge = chat.page.locator('.message.assistant[data-status="streaming"] .status-badge');
      assert.equal(await badge.innerText(), 'Waiting for your approval');
      assert.equal(await chat.page.evaluate(() => document.body.dataset.awaitingApproval), 'true');
      const spinning = await chat.page.locator('.tool-status.status-running .codicon').evaluate((e) => getComputedStyle(e).animationName);
      assert.equal(spinning, 'none', 'nothing spins while the user decides');
      const cardStatus = chat.page.locator('[data-testid="tool-card"] [data-testid="tool-status"]');
      assert.equal((await cardStatus.innerText()).trim(), 'waiting', 'the card does not say it runs');
      // The view redraws the step while waiting: it still says it waits.
      await chat.play([live([user, step('s1', 'streaming', [edit1], 'Editing.'), tool('t1', edit1, 'running', '')])]);
      assert.equal(await badge.innerText(), 'Waiting for your approval');
      await chat.play([{ type: 'reasoningDelta', conversationId: CONVERSATION_ID, messageId: 's1', choiceIndex: 0, text: 'Fix the count first.' }]);
      const thinkingLabel = chat.page.locator('.message.assistant[data-status="streaming"] .thinking-label');
      assert.equal((await thinkingLabel.innerText()).trim(), 'Thinking', 'no "Thinking…" while the user decides');
      await prompt.getByRole('button', { name: 'Approve' }).click();
      await chat.play([{ type: 'approvalSettled', requestId: 'r1' }]);
      assert.equal(await badge.innerText(), 'Generating…');
      assert.equal((await cardStatus.innerText()).trim(), 'running…');
    },
  },
  {
    name: 'a command approval names the exact command in its title, set as code',
    page: 'strict',
    async run(chat) {
      await chat.play([
        live([user, step('s1', 'streaming', [command]), tool('t3', command, 'running', '')]),
        { type: 'approvalRequest', requestId: 'r2', conversationId: CONVERSATION_ID, kind: 'command', title: 'Run `python3 -m pytest` in the terminal?', detail: 'python3 -m pytest', allowAlways: false },
      ]);
      const prompt = chat.page.locator('[data-testid="approval"]');
      assert.equal((await prompt.locator('.approval-title').innerText()).trim(), 'Run python3 -m pytest in the terminal?');
      assert.equal(await prompt.locator('.approval-title code').innerText(), 'python3 -m pytest', 'the command is set as code, not between backticks');
      assert.equal(await prompt.locator('[data-testid="approval-detail"]').innerText(), 'python3 -m pytest');
    },
  },
  {
    name: 'Undo these changes runs once: the button disables at the click and reads "Undone" once the task is marked undone',
    page: 'strict',
    async run(chat) {
      const summary = { taskId: 'task-1', stopReason: 'stop' as const, steps: 4, toolCalls: { edit_file: 2 }, filesChanged: ['src/inventory.py'], usage: { promptTokens: 1, completionTokens: 1, cachedTokens: 0 }, durationMs: 1000 };
      const messages = finishedTask();
      const final = { ...(messages.at(-1) as AssistantMessageView), agentSummary: summary };
      await chat.play([live([...messages.slice(0, -1), final])]);
      const undo = chat.page.locator('[data-testid="agent-undo"]');
      await undo.click();
      assert.deepEqual(await chat.waitForPosted('undoAgentTask'), { type: 'undoAgentTask', taskId: 'task-1' });
      assert.equal(await undo.isDisabled(), true, 'a second click cannot undo again');
      await chat.play([live([...messages.slice(0, -1), { ...final, agentSummary: { ...summary, undone: true } }])]);
      assert.equal((await undo.innerText()).trim(), 'Undone');
      assert.equal(await undo.isDisabled(), true);
      assert.equal((await chat.posted()).filter((m) => m.type === 'undoAgentTask').length, 1);
    },
  },
  {
    name: 'a running plan pins its live to-do list above the composer and unpins when the task ends; a long proposed plan keeps Approve in sight',
    page: 'strict',
    async run(chat) {
      const steps = ['Fix the count', 'Add a test', 'Run the tests'];
      const planned: AssistantMessageView = { ...step('p1', 'complete', [], 'The plan.'), plan: { steps, files: ['src/inventory.py'], commands: ['python3 -m pytest'], status: 'approved', todo: ['done', 'in_progress', 'pending'] } };
      const approved: MessageView = { id: 'u2', role: 'user', content: 'Plan approved', createdAt: 4 };
      await chat.play([live([user, planned, approved, step('s1', 'streaming', [edit2]), tool('t2', edit2, 'running', '')])]);
      const pinned = chat.page.locator('[data-testid="pinned-plan"]');
      assert.equal(await pinned.isVisible(), true);
      assert.equal((await pinned.locator('[data-testid="pinned-plan-summary"]').innerText()).trim(), 'Step 2 of 3: Add a test');
      assert.deepEqual(await pinned.locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), ['done', 'in_progress', 'pending']);
      const pinnedBox = await pinned.boundingBox();
      const inputBox = await chat.page.locator('[data-testid="composer-input"]').boundingBox();
      assert.ok(pinnedBox && inputBox && pinnedBox.y + pinnedBox.height <= inputBox.y, 'the to-do list sits above the composer input');
      await chat.play([live([user, { ...planned, plan: { ...planned.plan!, todo: ['done', 'done', 'done'] } }, approved, step('s1', 'complete', [], 'All done.')])]);
      assert.equal(await pinned.isVisible(), false, 'unpinned once the task ended');

      const many = Array.from({ length: 40 }, (_, i) => `Step number ${i + 1} of a long plan`);
      const files = Array.from({ length: 30 }, (_, i) => `src/module_${i}/file_${i}.py`);
      const proposed: AssistantMessageView = { ...step('p2', 'complete', [], 'A long plan.'), plan: { steps: many, files, commands: [], status: 'proposed' } };
      await chat.page.setViewportSize({ width: 400, height: 520 });
      await chat.play([live([user, proposed])]);
      await chat.page.locator('[data-testid="plan-card"]').evaluate((card) => card.scrollIntoView({ block: 'start' }));
      const list = await chat.page.locator('.messages').boundingBox();
      const approve = await chat.page.locator('[data-testid="plan-approve"]').boundingBox();
      assert.ok(list && approve && approve.y >= list.y && approve.y + approve.height <= list.y + list.height + 1, `Approve is on screen without scrolling: ${JSON.stringify({ list, approve })}`);
    },
  },
  {
    name: 'the icons of the tool cards, the toolbar and the composer are drawn from the shipped codicon font: each has its glyph rule and the font loads',
    page: 'strict',
    async run(chat) {
      await chat.play([live(finishedTask())]);
      const icons = await chat.page.locator('.codicon:visible').evaluateAll((els) =>
        els.map((e) => ({ name: [...e.classList].find((c) => c.startsWith('codicon-') && !c.startsWith('codicon-modifier-')) ?? '', glyph: getComputedStyle(e, '::before').content, font: getComputedStyle(e).fontFamily })),
      );
      const shown = new Set(icons.map((i) => i.name));
      for (const name of ['codicon-check', 'codicon-error', 'codicon-diff', 'codicon-terminal', 'codicon-send', 'codicon-add']) assert.ok(shown.has(name), `${name} is among the icons shown: ${[...shown].join(' ')}`);
      for (const shownIcon of icons) {
        assert.match(shownIcon.glyph, /^"[\ue000-\uf8ff]"$/, `${shownIcon.name} draws one glyph of the font's private-use code points`);
        assert.equal(shownIcon.font, 'codicon', shownIcon.name);
      }
      const faces = await chat.page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'codicon').map((f) => f.status);
      });
      assert.deepEqual(faces, ['loaded'], 'the subset font is served and loads under the page CSP');
    },
  },
];
