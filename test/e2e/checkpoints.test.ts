// Checkpoints as a person uses them: an agent task (scripted on the emulator) edits two files and runs a
// command that creates a third; Compare (in the menu of the task's "Restore checkpoint") opens VS Code's multi-file diff;
// Restore files and conversation lists the files, and once confirmed puts all three back as they were
// and the conversation back before the task.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../harness/toolPaths';
import { extensionId, sendAgentTask, themes, useVsCode } from './vscodeSession';

const theme = themes[0];
if (theme) {
  describe(`svc checkpoints in VS Code (${theme.name} theme)`, function () {
    this.timeout(120_000);
    const vscode = useVsCode(theme, {
      settings: { 'svc.agent.autoApproveEdits': true },
      env: { SVC_EMULATOR_SCENARIOS: path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'checkpoints.json') },
    });
    const chat = () => vscode.workbench.webviewView(extensionId);
    const file = (name: string) => path.join(vscode.workspace, name);
    const read = (name: string) => (fs.existsSync(file(name)) ? fs.readFileSync(file(name), 'utf8') : undefined);

    it('compares the first checkpoint with now, then restores the files and the conversation to it', async () => {
      fs.writeFileSync(file('alpha.txt'), 'alpha one\nalpha two\n');
      fs.writeFileSync(file('beta.txt'), 'beta one\nbeta two\n');
      await vscode.workbench.runCommand('svc: Focus Chat');
      await sendAgentTask(chat(), 'ckpt-e2e: upper-case the files and write gamma');
      const approval = chat().getByTestId('approval');
      await approval.waitFor({ timeout: 60_000 });
      assert.match((await approval.textContent()) ?? '', /echo made by a command > gamma\.txt/);
      await approval.getByRole('button', { name: 'Approve' }).click();
      await chat().getByTestId('agent-summary').waitFor({ timeout: 60_000 });
      assert.equal(read('alpha.txt'), 'ALPHA ONE\nalpha two\n');
      assert.equal(read('beta.txt'), 'BETA ONE\nbeta two\n');
      assert.match(read('gamma.txt') ?? '', /made by a command/);
      const first = chat().getByTestId('checkpoint').first();
      // One "Restore checkpoint" where the turn changed files, shown on hover; its ways back are in its menu.
      await chat().locator('[data-testid="message"][data-role="user"]').first().hover();
      const restore = first.getByTestId('checkpoint-restore');
      assert.equal((await restore.textContent())?.trim(), 'Restore checkpoint');
      assert.match((await restore.getAttribute('title')) ?? '', /before your task/);
      await restore.click();
      await vscode.workbench.screenshot('checkpoints-01-task-with-checkpoints');

      await first.getByTestId('checkpoint-compare').click();
      const tab = vscode.workbench.page.locator('.tab', { hasText: /Checkpoint before your task/ });
      await tab.first().waitFor({ timeout: 30_000 });
      await vscode.workbench.page.getByText('gamma.txt').first().waitFor({ timeout: 15_000 });
      // An edited file is shown as modified under its own name (VS Code marks a modified entry with no letter),
      // not renamed (R) from a struck-through name.
      const entry = (name: string) => vscode.workbench.page.locator('.multiDiffEntry', { has: vscode.workbench.page.locator('.file-path', { hasText: name }) }).first();
      for (const name of ['alpha.txt', 'beta.txt']) {
        assert.equal((await entry(name).locator('.status').textContent())?.trim(), '', `${name} is not marked renamed`);
        assert.equal(await entry(name).locator('.title.original').textContent(), '', `${name} has no struck-through old name`);
      }
      await vscode.workbench.screenshot('checkpoints-02-compare');

      await vscode.workbench.runCommand('svc: Focus Chat');
      await chat().locator('[data-testid="message"][data-role="user"]').first().hover();
      await chat().getByTestId('checkpoint').first().getByTestId('checkpoint-restore').click();
      await chat().getByTestId('checkpoint').first().getByTestId('checkpoint-restoreAll').click();
      const dialog = vscode.workbench.page.locator('.monaco-dialog-box');
      await dialog.filter({ hasText: /Restore 3 files/ }).waitFor({ timeout: 30_000 });
      const listed = (await dialog.textContent()) ?? '';
      assert.match(listed, /restore: alpha\.txt/);
      assert.match(listed, /restore: beta\.txt/);
      assert.match(listed, /delete \(created since\): gamma\.txt/);
      await vscode.workbench.screenshot('checkpoints-03-confirm-restore');
      await dialog.getByRole('button', { name: 'Restore' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 });

      for (let i = 0; i < 100 && read('gamma.txt') !== undefined; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(read('alpha.txt'), 'alpha one\nalpha two\n');
      assert.equal(read('beta.txt'), 'beta one\nbeta two\n');
      assert.equal(read('gamma.txt'), undefined);
      await chat().getByText(/Back at the checkpoint before your task/).waitFor({ timeout: 15_000 });
      assert.equal(await chat().getByTestId('message').count(), 0, 'the conversation is back before the task');
      await vscode.workbench.screenshot('checkpoints-04-restored');
    });
  });
}
