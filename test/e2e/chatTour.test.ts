// The chat as the Marketplace page and a new user see it, in the light and the dark theme, at a normal
// (400 px) and VS Code's narrowest (170 px) side bar: the built-in demo task with its edit and command
// approvals and its finished cards, a plan with its live to-do list, an error with its action buttons and
// the history list. Each is a screenshot at both widths in both themes (one window, switched between them at
// each stop: a second VS Code would only repeat the tour), and nothing of the chat view or of a message runs
// past the view's edge.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { FAULTS_ENV } from '../../src/extension/localEmulator';
import { DEMO_FILES, DEMO_TASK } from '../../src/shared/demoProject';
import { repoRoot } from '../harness/toolPaths';
import { overflowing, setSideBarWidth } from './sideBar';
import { extensionId, sendAgentTask, startNewChat, themes, useVsCode, type VsCodeSession } from './vscodeSession';

const WIDTHS = [400, 170] as const;
const ERROR_PROBE = 'Error probe: reply with exactly "never shown"';

/**
 * Screenshots the workbench at each width in each theme, the one shown first (one switch per stop); at each,
 * nothing of the chat sticks out.
 */
async function atWidths(vscode: VsCodeSession, chat: FrameLocator, name: string): Promise<void> {
  for (const theme of [vscode.theme, ...themes.filter((t) => t.name !== vscode.theme.name)]) {
    await vscode.switchTheme(theme, chat);
    await atWidthsInTheme(vscode, chat, `${name} (${theme.name})`, name);
  }
}

async function atWidthsInTheme(vscode: VsCodeSession, chat: FrameLocator, where: string, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await setSideBarWidth(vscode.workbench.page, width);
    await chat.locator('body').evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await vscode.workbench.screenshot(`tour-${name}-${width}px`);
    assert.deepEqual(await overflowing(chat), [], `${where} at ${width} px`);
    // Names are not broken across lines: a file name, a model name.
    const broken = await chat.locator('body').evaluate(() => [...document.querySelectorAll('[data-testid="tool-file"], .message-author')].filter((e) => e.getClientRects().length > 1).map((e) => e.textContent));
    assert.deepEqual(broken, [], `${where} at ${width} px: names on one line`);
    await assertRoomBesideApproval(chat, `${where} at ${width} px`);
  }
}

/** While an approval asks, the pinned to-do list is one line, the approval's buttons show and the conversation keeps a fifth of the view. */
async function assertRoomBesideApproval(chat: FrameLocator, where: string): Promise<void> {
  if ((await chat.getByTestId('approval').count()) === 0) return;
  const room = await chat.locator('body').evaluate(() => {
    const area = document.querySelector('.approvals')!.getBoundingClientRect();
    const buttons = [...document.querySelectorAll('[data-testid="approval"] button')].map((b) => b.getBoundingClientRect());
    const plan = document.querySelector<HTMLDetailsElement>('[data-testid="pinned-plan"]');
    return {
      view: window.innerHeight,
      conversation: document.querySelector('.messages')!.getBoundingClientRect().height,
      buttonsShown: buttons.length > 0 && buttons.every((b) => b.top >= area.top && b.bottom <= Math.min(area.bottom, window.innerHeight)),
      planOpen: plan !== null && !plan.hidden && plan.open,
    };
  });
  assert.equal(room.planOpen, false, `${where}: the pinned to-do list folds to its summary line`);
  assert.equal(room.buttonsShown, true, `${where}: the approval's buttons are in sight`);
  assert.ok(room.conversation >= room.view / 5, `${where}: the conversation keeps room (${room.conversation} of ${room.view} px)`);
}

/** Answers every approval until `done` shows; screenshots the first approval whose text matches each of `shots`. */
async function approveUntil(vscode: VsCodeSession, chat: FrameLocator, done: ReturnType<FrameLocator['locator']>, shots: { match: RegExp; name: string }[]): Promise<string[]> {
  const approval = chat.getByTestId('approval');
  const asked: string[] = [];
  const pending = [...shots];
  for (;;) {
    await approval.or(done).first().waitFor({ timeout: 60_000 });
    if (await done.isVisible()) return asked;
    const text = (await approval.textContent()) ?? '';
    asked.push(text);
    const shot = pending.findIndex((s) => s.match.test(text));
    if (shot >= 0) {
      await approval.scrollIntoViewIfNeeded();
      await atWidths(vscode, chat, pending[shot]!.name);
      pending.splice(shot, 1);
      await setSideBarWidth(vscode.workbench.page, 400);
    }
    const answered = chat.locator(`[data-testid="approval"][data-request-id="${await approval.getAttribute('data-request-id')}"]`);
    await approval.getByRole('button', { name: 'Approve' }).click();
    await answered.waitFor({ state: 'detached', timeout: 15_000 });
  }
}

const [firstTheme] = themes;
if (firstTheme) {
  describe(`the chat tour in VS Code (${themes.map((t) => t.name).join(' and ')} theme, 400 px and 170 px)`, function () {
    this.timeout(240_000);
    const vscode = useVsCode(firstTheme, {
      settings: { 'svc.thinking': false },
      env: {
        SVC_EMULATOR_SCENARIOS: path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'plan-mode.json'),
        [FAULTS_ENV]: JSON.stringify([{ lastUserText: 'Error probe', fault: 'error-event', times: 1 }]),
      },
      prepareWorkspace: (workspace) => {
        for (const [name, text] of Object.entries(DEMO_FILES)) fs.writeFileSync(path.join(workspace, name), text);
        fs.writeFileSync(path.join(workspace, 'alpha.txt'), 'alpha one\n');
        fs.writeFileSync(path.join(workspace, 'beta.txt'), 'beta one\n');
      },
    });
    const chat = (): FrameLocator => vscode.workbench.webviewView(extensionId);

    it('an agent task with two edits and a command: its edit and command approvals, then the finished task', async () => {
      await vscode.workbench.runCommand('svc: Focus Chat');
      await setSideBarWidth(vscode.workbench.page, 400);
      await sendAgentTask(chat(), DEMO_TASK);
      const summary = chat().locator('.message-row').last().getByTestId('agent-summary');
      const asked = await approveUntil(vscode, chat(), summary, [
        { match: /prices\.js/, name: 'approval-edit' },
        { match: /node test\.js/, name: 'approval-command' },
      ]);
      assert.equal(asked.length, 3, `two edits and a command asked: ${JSON.stringify(asked)}`);
      assert.equal(fs.readFileSync(path.join(vscode.workspace, 'prices.js'), 'utf8').includes('(price * percent) / 100'), true);
      await chat().locator('.messages').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
      await atWidths(vscode, chat(), 'agent-task');
      await chat().locator('[data-testid="tool-card"]').first().scrollIntoViewIfNeeded();
      await atWidths(vscode, chat(), 'agent-cards');
    });

    it('a plan with its to-do list: proposed, then pinned and advancing while its edits ask', async () => {
      await setSideBarWidth(vscode.workbench.page, 400);
      await startNewChat(vscode, chat());
      await chat().getByTestId('mode-picker').selectOption('plan');
      await chat().getByTestId('composer-input').fill('plan-e2e: upper-case both files');
      await chat().getByTestId('send').click();
      await chat().getByTestId('plan-card').waitFor({ timeout: 60_000 });
      await chat().getByTestId('plan-approve').scrollIntoViewIfNeeded();
      await atWidths(vscode, chat(), 'plan-proposed');
      await setSideBarWidth(vscode.workbench.page, 400);
      await chat().getByTestId('plan-approve').click();
      const summary = chat().locator('.message-row').last().getByTestId('agent-summary');
      await chat().getByTestId('pinned-plan').waitFor({ timeout: 60_000 });
      await approveUntil(vscode, chat(), summary, [{ match: /beta\.txt/, name: 'plan-todo-running' }]);
      assert.equal(fs.readFileSync(path.join(vscode.workspace, 'beta.txt'), 'utf8'), 'BETA ONE\n');
    });

    it('an error with its action button', async () => {
      await startNewChat(vscode, chat());
      await chat().getByTestId('mode-picker').selectOption('ask');
      await chat().getByTestId('composer-input').fill(ERROR_PROBE);
      await chat().getByTestId('send').click();
      const error = chat().locator('[data-testid="message"][data-role="assistant"]').getByTestId('error');
      await error.waitFor({ timeout: 60_000 });
      assert.ok((await error.locator('button').count()) >= 1, 'the error offers an action');
      await atWidths(vscode, chat(), 'error');
    });

    it('the history list', async () => {
      await setSideBarWidth(vscode.workbench.page, 400);
      await chat().locator('[data-action="toggle-conversations"]').click();
      await chat().getByTestId('conversation-day').first().waitFor({ timeout: 15_000 });
      assert.ok((await chat().locator('.conversation-open').count()) >= 3, 'the three conversations are listed');
      await atWidths(vscode, chat(), 'history');
      await chat().locator('[data-action="toggle-conversations"]').click();
    });
  });
}
