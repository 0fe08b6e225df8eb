// Plan mode as a person uses it: the task reads, proposes a plan card (nothing changed yet); the user
// approves it and the to-do list advances to done while the agent carries the plan out.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../harness/toolPaths';
import { extensionId, themes, useVsCode } from './vscodeSession';

const theme = themes[0];
if (theme) {
  describe(`svc plan mode in VS Code (${theme.name} theme)`, function () {
    this.timeout(120_000);
    const vscode = useVsCode(theme, {
      settings: { 'svc.agent.autoApproveEdits': true },
      env: { SVC_EMULATOR_SCENARIOS: path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'plan-mode.json') },
    });
    const chat = () => vscode.workbench.webviewView(extensionId);
    const read = (name: string) => fs.readFileSync(path.join(vscode.workspace, name), 'utf8');

    it('proposes a plan that changes nothing, and carries it out once approved, the to-do list advancing to done', async () => {
      fs.writeFileSync(path.join(vscode.workspace, 'alpha.txt'), 'alpha one\n');
      fs.writeFileSync(path.join(vscode.workspace, 'beta.txt'), 'beta one\n');
      await vscode.workbench.runCommand('svc: Focus Chat');
      await chat().getByTestId('composer-input').waitFor({ timeout: 30_000 });
      await chat().getByTestId('mode-picker').selectOption('plan');
      assert.equal(await chat().getByTestId('mode-picker').inputValue(), 'plan', 'one mode at a time: Plan');
      await chat().getByTestId('composer-input').fill('plan-e2e: upper-case both files');
      await chat().getByTestId('send').click();
      const card = chat().getByTestId('plan-card');
      await card.waitFor({ timeout: 60_000 });
      assert.equal(await card.getAttribute('data-status'), 'proposed');
      assert.equal(await chat().getByTestId('plan-steps').inputValue(), 'Upper-case the first line of alpha.txt\nUpper-case the first line of beta.txt');
      assert.match((await card.textContent()) ?? '', /Files: alpha\.txt, beta\.txt/);
      assert.equal(read('alpha.txt'), 'alpha one\n', 'planning changed nothing');
      await vscode.workbench.screenshot('plan-01-proposed');

      await chat().getByTestId('plan-approve').click();
      const done = chat().locator('[data-testid="plan-todo"] li[data-status="done"]');
      // The task's turn takes the view to the bottom; the plan card is near the top, mounted only near the screen.
      const toPlan = (): Promise<void> => chat().locator('.messages').evaluate((list) => list.scrollTo({ top: 0 }));
      for (let i = 0; i < 300 && (await toPlan(), await done.count()) < 2; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(await done.count(), 2, 'both steps are done');
      assert.equal(await chat().getByTestId('plan-card').getAttribute('data-status'), 'approved');
      // The carrying-out task's summary, in the last row (both steps are done, so that row is the task's; the
      // list mounts only rows near the screen, so the planning task's summary above may not be there to count).
      // The summary is at the bottom, wherever clicking Approve left the view.
      await chat().locator('.messages').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
      await chat().locator('.message-row').last().getByTestId('agent-summary').waitFor({ timeout: 30_000 });
      assert.equal(read('alpha.txt'), 'ALPHA ONE\n');
      assert.equal(read('beta.txt'), 'BETA ONE\n');
      await chat().locator('.messages').evaluate((list) => list.scrollTo({ top: 0 }));
      await chat().getByTestId('plan-card').scrollIntoViewIfNeeded();
      await vscode.workbench.screenshot('plan-02-todo-done');
    });
  });
}
