// Subagents in the real VS Code, on the emulator's scripted model (test/fixtures/scenarios/subagents.json):
// a task calls two explore subagents in one step; both cards show their job with the child's run nested,
// folded, under it; opened, the child's read shows as its own card; the parent's next request (the
// emulator's request log) carries the two reports and nothing the children read. Screenshots at 400 px and
// 170 px, light, then dark by switching the colour theme (`workbench.colorTheme`) in the same window.
// In the same launch (the workspace is a git repository), two background tasks from the composer's "Run in
// background" run at once, each waits for its approval in the list of sessions, which is answered there;
// from their rows in the list one is applied and one discarded (each after VS Code's own question), the
// applied one then discarded too, and the folder holds exactly the applied change.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ChatRequest } from '../../src/api/index';
import { repoRoot } from '../harness/toolPaths';
import { overflowing, setSideBarWidth } from './sideBar';
import { extensionId, sendAgentTask, themes, useVsCode } from './vscodeSession';

const light = themes.find((t) => t.name === 'light')!;
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });

function makeGitRepository(workspace: string): void {
  git(workspace, 'init', '--quiet', '--initial-branch=main');
  git(workspace, 'config', 'user.email', 'e2e@example.invalid');
  git(workspace, 'config', 'user.name', 'e2e');
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '--quiet', '-m', 'the sample workspace');
}
const dark = themes.find((t) => t.name === 'dark')!;

describe('svc subagents in VS Code (light, then dark)', function () {
  this.timeout(240_000);
  const logFile = path.join(process.env.SVC_E2E_RUN_DIR ?? path.join(repoRoot, 'test-results'), `subagent-requests-${process.pid}.jsonl`);
  const vscode = useVsCode(light, {
    settings: { 'svc.thinking': false },
    env: { SVC_EMULATOR_SCENARIOS: path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'subagents.json'), SVC_EMULATOR_LOG_FILE: logFile },
    prepareWorkspace: makeGitRepository,
  });
  const chat = () => vscode.workbench.webviewView(extensionId);
  const squash = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
  const chatRequests = (): ChatRequest[] =>
    fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"/v1/chat/completions"'))
      .map((line) => (JSON.parse(line) as { request: ChatRequest }).request);

  async function shots(name: string): Promise<void> {
    for (const width of [400, 170]) {
      await setSideBarWidth(vscode.workbench.page, width);
      await chat().locator('body').evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await vscode.workbench.screenshot(`${name}-${width}px`);
      assert.deepEqual(await overflowing(chat()), [], `${name} at ${width} px`);
    }
    await setSideBarWidth(vscode.workbench.page, 400);
  }

  it('two explore subagents in one step: both cards nest their run, and the parent\'s next request carries only their reports', async () => {
    if (fs.existsSync(logFile)) fs.rmSync(logFile);
    await vscode.workbench.runCommand('svc: Focus Chat');
    await sendAgentTask(chat(), 'survey the shop helpers');
    await chat().getByTestId('agent-summary').waitFor({ timeout: 90_000 });

    const cards = chat().locator('[data-testid="tool-card"][data-tool="run_subagent"]');
    assert.equal(await cards.count(), 2);
    // The cards follow the order the children finished in.
    const titles = (await cards.locator(':scope > .tool-card-header [data-testid="tool-title"]').allInnerTexts()).map(squash).sort();
    assert.deepEqual(titles, ['Subagent did find the price formatter explore', 'Subagent did find the reorder rule explore']);
    for (const card of await cards.all()) {
      const run = card.getByTestId('subagent-run');
      assert.equal(await run.getAttribute('data-status'), 'done');
      assert.equal(await run.getAttribute('open'), null, 'folded');
      assert.match(squash(await run.getByTestId('subagent-facts').innerText()), /^explore · 2 steps · 1 call · [\d,]+ tokens/);
    }
    const formatter = cards.filter({ hasText: 'find the price formatter' });
    await formatter.getByTestId('subagent-facts').click();
    const read = formatter.locator('[data-testid="subagent-run"] [data-testid="tool-card"][data-tool="read_file"]');
    assert.equal(squash(await read.locator('[data-testid="tool-title"]').innerText()), 'Read format.js whole file');

    const requests = chatRequests();
    const parent = requests.filter((r) => !r.prompt_cache_key?.endsWith('-sub-explore'));
    const children = requests.filter((r) => r.prompt_cache_key?.endsWith('-sub-explore'));
    assert.equal(parent.length, 2);
    assert.equal(children.length, 4);
    assert.equal(new Set(children.map((r) => r.prompt_cache_key)).size, 1, 'one key for the kind');
    const answers = parent[1]!.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    assert.deepEqual(answers.map((a) => a.slice(0, 14)).sort(), ['REPORT-FORMAT:', 'REPORT-REORDER'].sort());
    for (const r of parent) assert.doesNotMatch(JSON.stringify(r.messages), /Intl\.NumberFormat\(|def needs_reorder/, 'nothing the children read');
    await shots('subagents-light');

    // The same window, another theme, picked as a person does.
    await vscode.switchTheme(dark);
    await chat().locator('body.vscode-dark').waitFor({ timeout: 30_000 });
    await shots('subagents-dark');
  });

  it('two background tasks at once: each waits in the list of sessions, is answered there, and from its row one is applied, one discarded', async () => {
    const page = vscode.workbench.page;
    const dialog = page.locator('.monaco-dialog-box');
    const picker = page.locator('.quick-input-widget');
    const rows = chat().getByTestId('session-row');
    const row = (name: string) => rows.filter({ hasText: `write the ${name} note` });

    async function runInBackground(task: string): Promise<void> {
      await chat().getByTestId('mode-picker').selectOption('background');
      await chat().getByTestId('composer-input').fill(task);
      await chat().getByTestId('send').click();
      // Where the task's copy starts: the last commit.
      // Chosen by typing and Enter: a click can land on an editor line drawn over the picker.
      await picker.locator('.monaco-list-row', { hasText: 'From the last commit' }).waitFor({ timeout: 30_000 });
      await picker.locator('input').fill('From the last commit');
      await picker.locator('.monaco-list-row.focused', { hasText: 'From the last commit' }).waitFor({ timeout: 15_000 });
      await picker.locator('input').press('Enter');
      await picker.waitFor({ state: 'hidden', timeout: 30_000 });
    }

    /** The row's `action` button, then the modal question's `answer`; resolves once the question closed. */
    async function fromRow(name: string, action: 'apply-session' | 'discard-session', answer: string): Promise<void> {
      await row(name).locator(`[data-action="${action}"]`).click();
      await dialog.getByRole('button', { name: answer, exact: true }).click({ timeout: 30_000 });
      await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    }

    await runInBackground('write the alpha note');
    await runInBackground('write the beta note');
    assert.equal(await chat().getByTestId('composer-input').inputValue(), '', 'both were sent');
    if (await chat().getByTestId('conversation-panel').isHidden()) await chat().locator('[data-action="toggle-conversations"]').click();
    // Both ask before they write: two sessions wait at once, each in a worktree of its own.
    for (const name of ['alpha', 'beta']) await row(name).locator('[data-testid="session-state"][data-state="waiting"]').waitFor({ timeout: 90_000 });
    assert.equal(git(vscode.workspace, 'worktree', 'list').trim().split('\n').length, 3, 'the folder and two worktrees');
    assert.match(await row('alpha').innerText(), /svc\/task-/, 'a background row names its branch');
    await shots('background-tasks-waiting');

    for (const name of ['alpha', 'beta']) {
      await row(name).locator('.conversation-open').click();
      const approval = chat().getByTestId('approval').filter({ hasText: `Background task "write the ${name} note"` });
      await approval.getByRole('button', { name: 'Approve' }).click();
      await approval.waitFor({ state: 'detached', timeout: 30_000 });
      await chat().locator('[data-action="toggle-conversations"]').click();
      await row(name).locator('[data-testid="session-state"][data-state="done"]').waitFor({ timeout: 90_000 });
    }

    // Both ended with a change: each row's session actions are Apply and Discard (beside its conversation's own
    // Rename, Export and Delete: a task's conversation is one of the window's).
    for (const name of ['alpha', 'beta']) {
      const actions = await row(name).locator('button.icon-button').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
      assert.deepEqual(actions.filter((action) => action?.endsWith('-session')), ['apply-session', 'discard-session'], name);
    }
    await shots('background-tasks-done');
    await fromRow('alpha', 'apply-session', 'Apply');
    // Applied: the row keeps only Discard.
    await row('alpha').locator('[data-action="apply-session"]').waitFor({ state: 'detached', timeout: 60_000 });
    assert.equal(fs.readFileSync(path.join(vscode.workspace, 'alpha-note.md'), 'utf8'), 'alpha, written by a background task\n');
    await fromRow('alpha', 'discard-session', 'Discard');
    await fromRow('beta', 'discard-session', 'Discard');

    // Both worktrees removed: their rows leave the list (a background row names its branch).
    await rows.filter({ hasText: 'svc/task-' }).first().waitFor({ state: 'detached', timeout: 60_000 });
    assert.equal(fs.existsSync(path.join(vscode.workspace, 'beta-note.md')), false, 'the discarded task wrote nothing here');
    assert.equal(git(vscode.workspace, 'status', '--porcelain').trim(), '?? alpha-note.md', 'exactly the applied change');
    assert.equal(git(vscode.workspace, 'worktree', 'list').trim().split('\n').length, 1, 'no worktree left');
    assert.equal(git(vscode.workspace, 'branch', '--list', 'svc/*').trim(), '', 'no task branch left');
  });
});
