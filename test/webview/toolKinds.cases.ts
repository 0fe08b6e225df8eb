// Each kind of tool gets its own card, whatever the tool is called: one call of every tool an agent
// task can be given, carrying the display its real tool declares, and what the card of its kind shows.
// The checks are one per kind, so a new kind does not compile here until it says what its card shows.
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { cardDisplay, type ToolKind } from '../../src/core/tools/toolDisplay';
import type { HostMessage, MessageView, ToolMessageView } from '../../src/shared/protocol';
import { registeredTools } from '../support/registeredTools';
import { step } from './agent.cases';
import { conversation } from './chatPage';
import type { WebviewCase } from './webviewCase';

/** One set of arguments every tool takes something from: each card names the argument its tool's phrases name. */
const ARGUMENTS = JSON.stringify({ path: 'src/a.ts', query: 'needle', pattern: '*.ts', command: 'npm test', id: 'p1', code: '1+1', kind: 'explore', description: 'find the parser', name: 'src/a.ts' });

/** What each tool answered, so that the cards that count or fold a result have one. */
const RESULTS: Partial<Record<ToolKind, string>> = {
  edit: 'Updated src/a.ts (3 lines).',
  command: '$ npm test\n(exited with code 0)\nok',
  search: 'src/a.ts:1: needle\nsrc/b.ts:2: needle',
};

type Title = (card: Locator) => Promise<string>;

/** What the card of each kind shows besides its title, checked on the card of every tool of that kind. */
const KIND_CHECKS: Record<ToolKind, (card: Locator, title: Title) => Promise<void>> = {
  edit: async (card) => assert.equal(await card.locator('[data-testid="tool-file"]').innerText(), 'a.ts'),
  command: async (card) => {
    assert.equal(await card.locator('.tool-call-title code').innerText(), 'npm test');
    assert.equal(await card.locator('[data-testid="tool-exit"]').innerText(), 'exit 0');
    assert.equal(await card.locator('[data-testid="tool-command-output"]').count(), 1);
  },
  read: async (card, title) => {
    assert.equal(await card.locator('[data-testid="tool-file"]').innerText(), 'a.ts');
    if ((await card.getAttribute('data-tool')) !== 'renamed_use_skill') {
      assert.equal(await card.locator('[data-testid="tool-lines"]').innerText(), 'whole file');
      return;
    }
    // A skill is read by its name, never by lines: the card is its phrase alone, a sentence.
    assert.equal(await card.locator('[data-testid="tool-lines"]').count(), 0);
    assert.equal(await title(card), 'Read the skill a.ts');
  },
  list: async (card, title) => assert.match(await title(card), / src\/a\.ts$/),
  search: async (card) => assert.match(await card.locator('[data-testid="tool-count"]').innerText(), /^2 /),
  problems: generic,
  process: generic,
  plan: async () => assert.fail('a plan call has no card'),
  formula: generic,
  external: generic,
  subagent: async (card) => {
    assert.equal(await card.locator('[data-testid="subagent-job"]').innerText(), 'find the parser');
    assert.equal(await card.locator('[data-testid="subagent-kind"]').innerText(), 'explore');
  },
};

/** The generic card: the tool's name and first argument, the tool's phrase on hover. */
async function generic(card: Locator): Promise<void> {
  const name = card.locator('[data-testid="tool-title"] [data-testid="tool-name"]');
  assert.equal(await name.innerText(), await card.getAttribute('data-tool'));
  assert.notEqual(await name.getAttribute('title'), null, 'the tool says what it did, on hover');
}

export const toolKindCases: WebviewCase[] = [
  {
    name: 'every registered tool gets the card of the kind it declares, titled in its own phrase; a plan call gets none',
    page: 'strict',
    async run(chat) {
      const user: MessageView = { id: 'u1', role: 'user', content: 'use every tool', createdAt: 1 };
      const title: Title = async (card) => (await card.locator('[data-testid="tool-title"]').innerText()).replace(/\s+/g, ' ').trim();
      const seen = new Set<ToolKind>();
      // One conversation per tool, so that each card is on screen (the list draws only what is). Each call is
      // named as no tool is, so its card can come only from the kind its tool declared.
      for (const [i, tool] of registeredTools().entries()) {
        const name = `renamed_${tool.definition.function.name}`;
        const display = cardDisplay(tool.display);
        seen.add(display.kind);
        const call = { id: `call-${i}`, name, arguments: ARGUMENTS };
        const result: ToolMessageView = { id: `t${i}`, role: 'tool', toolCallId: call.id, name, content: RESULTS[display.kind] ?? 'done', createdAt: 3, card: { step: 1, arguments: ARGUMENTS, status: 'done', taskId: 'task-1', display } };
        const shown: HostMessage = { type: 'conversation', conversation: conversation([user, step(`s${i}`, 'complete', [call]), result]) };
        await chat.play([shown]);
        if (display.kind === 'plan') {
          assert.equal(await chat.page.locator(`[data-message-id="t${i}"][data-testid="tool-card-internal"]`).count(), 1);
          assert.equal(await chat.page.locator(`[data-message-id="t${i}"][data-testid="tool-card-internal"]`).isVisible(), false, 'the plan shows as its to-do list');
          assert.equal(await chat.page.locator(`[data-message-id="t${i}"][data-testid="tool-card"]`).count(), 0);
          continue;
        }
        const card = chat.page.locator(`[data-message-id="t${i}"][data-testid="tool-card"]`);
        const words = display.done.split('{0}')[0]?.trim() ?? '';
        if (!['problems', 'process', 'formula', 'external'].includes(display.kind)) assert.ok((await title(card)).startsWith(words), `${name}: "${await title(card)}" starts with its phrase "${display.done}"`);
        await KIND_CHECKS[display.kind](card, title).catch((error: unknown) => {
          throw new Error(`${name} (${display.kind}): ${error instanceof Error ? error.message : String(error)}`);
        });
      }
      assert.deepEqual([...seen].sort(), (Object.keys(KIND_CHECKS) as ToolKind[]).sort(), 'some registered tool declares each kind');
    },
  },
];
