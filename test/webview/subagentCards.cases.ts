// A job handed to a subagent: the parent's card with the job and the kind, and under it, folded, the
// child's run (kind, steps, calls, tokens, time); opened, the child's calls as cards of their own kinds.
// The run goes on while the card stays as the user left it; the report is the card's result. Screenshots of
// the two finished cards, one opened, in every look (test-results/walk/subagents-*.png).
import assert from 'node:assert/strict';
import type { HostMessage, MessageView, SubagentRun, ToolCardDisplay, ToolMessageView } from '../../src/shared/protocol';
import { cardDisplayOf } from '../support/registeredTools';
import { sideScrollProblems } from '../support/sideScrollProblems';
import { step } from './agent.cases';
import { conversation } from './chatPage';
import { hostSays, inEveryLook, type Language } from './walkLooks';
import type { WebviewCase } from './webviewCase';

const user: MessageView = { id: 'u1', role: 'user', content: 'survey the shop helpers', createdAt: 1 };
const jobs = [
  { id: 'run_subagent_0', name: 'run_subagent', arguments: JSON.stringify({ kind: 'explore', description: 'find the price formatter', task: 'Find where prices are formatted.' }) },
  { id: 'run_subagent_1', name: 'run_subagent', arguments: JSON.stringify({ kind: 'explore', description: 'find the reorder rule', task: 'Find the reorder rule.' }) },
];
const READ = JSON.stringify({ path: 'src/format.js' });
const FIND = JSON.stringify({ pattern: '**/*.py' });

function run(status: SubagentRun['status'], calls: SubagentRun['calls'], extra: Partial<SubagentRun> = {}): SubagentRun {
  return { kind: 'explore', status, steps: calls.length, usage: { promptTokens: 1200, completionTokens: 34, cachedTokens: 1000 }, calls, ...extra };
}

function card(i: number, status: 'running' | 'done', subagent: SubagentRun, content = ''): ToolMessageView {
  const job = jobs[i]!;
  return { id: `t${i}`, role: 'tool', toolCallId: job.id, name: job.name, content, createdAt: 3, card: { step: 1, arguments: job.arguments, status, taskId: 'task-1', display: cardDisplayOf('run_subagent'), subagent, ...(status === 'done' ? { durationMs: 2300 } : {}) } };
}

const reading = { name: 'read_file', arguments: READ, status: 'running' as const, display: cardDisplayOf('read_file') };
const read = { ...reading, status: 'done' as const, durationMs: 4, result: 'src/format.js lines 1-8 of 8:\nexport function formatPrice(cents) {' };
const finding = { name: 'find_files', arguments: FIND, status: 'done' as const, durationMs: 6, display: cardDisplayOf('find_files'), result: 'src/inventory.py' };

function shown(messages: MessageView[]): HostMessage {
  return { type: 'conversation', conversation: conversation(messages) };
}

export const subagentCardCases: WebviewCase[] = [
  {
    name: 'two subagents of one step: each card names its job and kind, the child\'s run nests folded under it, opens to its calls, and stays open as the run goes on and ends with the report',
    page: 'strict',
    async run(chat) {
      const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();
      await chat.play([shown([user, step('s1', 'streaming', jobs), card(0, 'running', run('running', [reading])), card(1, 'running', run('running', [finding]))])]);
      const cards = chat.page.locator('[data-testid="tool-card"][data-tool="run_subagent"]');
      assert.equal(await cards.count(), 2);
      assert.deepEqual((await cards.locator(':scope > .tool-card-header [data-testid="tool-title"]').allInnerTexts()).map(flat), ['Subagent working on find the price formatter explore', 'Subagent working on find the reorder rule explore']);
      const nested = cards.nth(0).locator('[data-testid="subagent-run"]');
      assert.equal(await nested.getAttribute('open'), null, 'folded by default');
      assert.equal(flat(await nested.locator('[data-testid="subagent-facts"]').innerText()), 'explore · 1 step · 1 call · 1,234 tokens (1,000 cached)');
      assert.equal(await nested.locator('[data-testid="tool-card"]').isVisible(), false);

      await nested.locator('[data-testid="subagent-facts"]').click();
      const child = nested.locator('[data-testid="tool-card"][data-tool="read_file"]');
      assert.equal(flat(await child.locator('[data-testid="tool-title"]').innerText()), 'Reading format.js whole file');
      assert.equal(await child.getAttribute('data-status'), 'running');

      // The run goes on: the same card, still open, now with the finished read and a second call.
      await chat.play([shown([user, step('s1', 'streaming', jobs), card(0, 'running', run('running', [read, finding])), card(1, 'running', run('running', [finding]))])]);
      assert.equal(await nested.getAttribute('open'), '', 'still open');
      assert.deepEqual(await nested.locator('[data-testid="tool-card"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-tool')}:${e.getAttribute('data-status')}`)), ['read_file:done', 'find_files:done']);
      assert.equal(await nested.locator('[data-testid="checkpoint"], .tool-call-file.link-button').count(), 0, 'a child\'s card offers none of the parent\'s actions');

      // Both end: the report is the card's result; the run says its time.
      const done = (i: number, report: string): ToolMessageView => card(i, 'done', run('done', i === 0 ? [read, finding] : [finding], { durationMs: 2300 }), report);
      await chat.play([shown([user, step('s1', 'complete', jobs), done(0, 'REPORT-FORMAT: formatPrice in src/format.js'), done(1, 'REPORT-REORDER: on_hand <= reorder_level'), step('s2', 'complete', [], 'Both subagents reported.')])]);
      assert.deepEqual((await cards.locator(':scope > .tool-card-header [data-testid="tool-title"]').allInnerTexts()).map(flat), ['Subagent did find the price formatter explore', 'Subagent did find the reorder rule explore']);
      const first = cards.nth(0);
      assert.equal(await first.locator('[data-testid="subagent-run"]').getAttribute('open'), '', 'what the user opened stays open when the card is redrawn');
      assert.match(flat(await first.locator('[data-testid="subagent-facts"]').innerText()), /^explore · 2 steps · 2 calls · 1,234 tokens \(1,000 cached\) · 2\.3 s$/);
      assert.equal(await cards.nth(1).locator('[data-testid="subagent-run"]').getAttribute('open'), null);
      await first.locator(':scope > [data-testid="tool-result"] > summary').click();
      assert.match(await first.locator(':scope > [data-testid="tool-result"] [data-testid="tool-output"]').innerText(), /^REPORT-FORMAT/);
    },
  },
  {
    name: 'subagents: two finished subagents, one opened on its nested calls, in light and dark, English and Chinese, at 170 and 400 px',
    page: 'strict',
    async run(chat) {
      // The phrases as the host sends them in the view's language.
      const said = (lang: Language, name: string): ToolCardDisplay => {
        const display = cardDisplayOf(name);
        const found = display.found ? { found: { one: hostSays(lang, display.found.one), many: hostSays(lang, display.found.many) } } : {};
        return { ...display, running: hostSays(lang, display.running), done: hostSays(lang, display.done), ...found };
      };
      const cards = chat.page.locator('[data-testid="tool-card"][data-tool="run_subagent"]');
      await inEveryLook(
        chat,
        'subagents',
        async (lang) => {
          const calls = [{ ...read, display: said(lang, 'read_file') }, { ...finding, display: said(lang, 'find_files') }];
          const finished = (i: number, report: string): ToolMessageView => {
            const shown = card(i, 'done', run('done', i === 0 ? calls : calls.slice(1), { durationMs: 2300 }), report);
            return { ...shown, card: { ...shown.card!, display: said(lang, 'run_subagent') } };
          };
          // As the host sends a step whose calls have cards: the calls are the cards, not lines of the step.
          const carded = { ...step('s1', 'complete', []), choices: [{ index: 0, content: '', reasoning: '', finishReason: 'tool_calls' as const }] };
          await chat.play([shown([user, carded, finished(0, 'REPORT-FORMAT: formatPrice in src/format.js'), finished(1, 'REPORT-REORDER: on_hand <= reorder_level'), step('s2', 'complete', [], 'Both subagents reported.')])]);
          await cards.nth(0).locator('[data-testid="subagent-facts"]').click();
          await cards.nth(0).locator('[data-testid="subagent-run"] [data-testid="tool-card"][data-tool="find_files"]').waitFor();
        },
        async ({ lang, width }) => {
          assert.deepEqual(await chat.page.evaluate(sideScrollProblems), [], `nothing sticks out at ${width} px`);
          const nested = cards.nth(0).locator('[data-testid="subagent-run"]');
          assert.equal(await nested.getAttribute('open'), '', 'the first is open');
          assert.equal(await cards.nth(1).locator('[data-testid="subagent-run"]').getAttribute('open'), null, 'the second folded');
          const facts = await nested.locator('[data-testid="subagent-facts"]').innerText();
          assert.match(facts, lang === 'en' ? /explore · 2 steps · 2 calls/ : /explore · 2 步 · 2 次调用/);
          const title = await nested.locator('[data-testid="tool-card"][data-tool="read_file"] [data-testid="tool-title"]').innerText();
          assert.match(title, lang === 'en' ? /Read format\.js/ : new RegExp(hostSays(lang, 'Read {0}').replace('{0}', '').trim()));
        },
      );
    },
  },
];
