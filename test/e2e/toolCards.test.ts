// Tool cards, approvals and plans as a person sees them in the real VS Code, on the emulator's scripted
// model (test/fixtures/scenarios/tool-cards.json), whose call ids repeat across steps as a real service's
// do: a task with two edits and a command, each approved in the chat ("Make this edit to …?" with its
// diff lines, "Run `…` in the terminal?") while the reply says "Waiting for your approval"; the cards say
// what each call did; then a plan whose live to-do list is pinned above the composer while it runs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../harness/toolPaths';
import { extensionId, sendAgentTask, startNewChat, themes, useVsCode } from './vscodeSession';

const theme = themes[0];
if (theme) {
  describe(`svc tool cards and approvals in VS Code (${theme.name} theme)`, function () {
    this.timeout(180_000);
    const vscode = useVsCode(theme, { env: { SVC_EMULATOR_SCENARIOS: path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'tool-cards.json') } });
    const chat = () => vscode.workbench.webviewView(extensionId);
    const read = (name: string) => fs.readFileSync(path.join(vscode.workspace, name), 'utf8');
    const squash = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

    it('a task with two edits and a command: each approval says what and where, the view waits for it, and the cards say what each call did', async () => {
      fs.mkdirSync(path.join(vscode.workspace, 'src'), { recursive: true });
      fs.writeFileSync(path.join(vscode.workspace, 'src', 'inventory.py'), 'def total(items):\n    count = 0\n    return count\n');
      fs.writeFileSync(path.join(vscode.workspace, 'test_inventory.py'), '# tests\n');
      await vscode.workbench.runCommand('svc: Focus Chat');
      await sendAgentTask(chat(), 'cards-e2e: make total count the items');

      const approval = chat().getByTestId('approval');
      await approval.waitFor({ timeout: 60_000 });
      assert.equal(squash(await approval.locator('.approval-title').textContent()), 'Make this edit to src/inventory.py?');
      assert.deepEqual(await approval.locator('.diff-line').allInnerTexts(), ['  def total(items):', '-     count = 0', '+     count = len(items)', '      return count']);
      const badge = chat().locator('.message.assistant[data-status="streaming"] .status-badge');
      assert.equal(squash(await badge.textContent()), 'Waiting for your approval');
      await vscode.workbench.screenshot('cards-01-edit-approval');
      await approval.getByRole('button', { name: 'Approve', exact: true }).click();

      await chat().locator('[data-testid="approval"]', { hasText: 'test_inventory.py' }).waitFor({ timeout: 60_000 });
      await chat().getByTestId('approval').getByRole('button', { name: 'Approve', exact: true }).click();

      const command = chat().locator('[data-testid="approval"][data-kind="command"]');
      await command.waitFor({ timeout: 60_000 });
      assert.equal(squash(await command.locator('.approval-title').textContent()), 'Run node -e "console.log(\'2 tests passed\')" in the terminal?');
      assert.equal(await command.locator('.approval-title code').textContent(), 'node -e "console.log(\'2 tests passed\')"');
      assert.equal(squash(await badge.textContent()), 'Waiting for your approval');
      await vscode.workbench.screenshot('cards-02-command-approval');
      await command.getByRole('button', { name: 'Approve', exact: true }).click();

      await chat().getByTestId('agent-summary').waitFor({ timeout: 60_000 });
      assert.equal(read('src/inventory.py'), 'def total(items):\n    count = len(items)\n    return count\n');
      const edits = chat().locator('[data-testid="tool-card"][data-tool="edit_file"]');
      assert.equal(await edits.count(), 2, 'both edit cards survive the end of the task, though their call ids are the same');
      assert.deepEqual((await edits.locator('[data-testid="tool-title"]').allInnerTexts()).map(squash), ['Edited inventory.py +1 −1 src', 'Edited test_inventory.py +2 −0']);
      assert.equal(await edits.first().locator('[data-testid="mini-diff"] .diff-added').count(), 1);
      const run = chat().locator('[data-testid="tool-card"][data-tool="run_command"]');
      assert.equal(squash(await run.locator('[data-testid="tool-title"]').innerText()), 'Ran node -e "console.log(\'2 tests passed\')" exit 0');
      assert.equal(await run.locator('[data-testid="tool-details"]').getAttribute('open'), null, 'the raw arguments are one click away, closed');
      assert.equal(await chat().locator('.tool-call').count(), 0, 'no step repeats its call as one-line JSON');
      await vscode.workbench.screenshot('cards-03-task-cards');
    });

    it('a plan: the planning ends with the plan (no task summary), "Plan approved" stands for the instructions, and the live to-do list is pinned above the composer while it runs', async () => {
      fs.writeFileSync(path.join(vscode.workspace, 'alpha.txt'), 'alpha\n');
      fs.writeFileSync(path.join(vscode.workspace, 'beta.txt'), 'beta\n');
      await startNewChat(vscode, chat());
      await chat().getByTestId('composer-input').waitFor({ timeout: 30_000 });
      await chat().getByTestId('mode-picker').selectOption('plan');
      await chat().getByTestId('composer-input').fill('pinned-e2e: upper-case both files');
      await chat().getByTestId('send').click();
      const card = chat().getByTestId('plan-card');
      await card.waitFor({ timeout: 60_000 });
      assert.equal(await chat().getByTestId('agent-summary').count(), 0, 'no "Task finished · No files changed" after planning');
      await chat().getByTestId('plan-approve').click();

      const approval = chat().getByTestId('approval');
      await approval.waitFor({ timeout: 60_000 });
      const pinned = chat().getByTestId('pinned-plan');
      await pinned.waitFor({ timeout: 30_000 });
      assert.equal(squash(await pinned.getByTestId('pinned-plan-summary').textContent()), 'Step 1 of 2: Upper-case alpha.txt');
      const messages = await chat().locator('[data-testid="message"][data-role="user"]').allInnerTexts();
      assert.ok(messages.some((m) => /Plan approved/.test(m)), 'the approved plan shows as a short line');
      assert.ok(!messages.some((m) => /update_plan/.test(m)), 'no hidden instructions are shown');
      await vscode.workbench.screenshot('cards-04-plan-pinned-todo');
      await approval.getByRole('button', { name: 'Approve', exact: true }).click();
      await chat().locator('[data-testid="approval"]', { hasText: 'beta.txt' }).waitFor({ timeout: 60_000 });
      assert.equal(squash(await pinned.getByTestId('pinned-plan-summary').textContent()), 'Step 2 of 2: Upper-case beta.txt');
      await chat().getByTestId('approval').getByRole('button', { name: 'Approve', exact: true }).click();
      await chat().locator('.message-row').last().getByTestId('agent-summary').waitFor({ timeout: 60_000 });
      assert.equal(await pinned.isVisible(), false, 'unpinned once the task ended');
      assert.equal(read('beta.txt'), 'BETA\n');
    });
  });
}
