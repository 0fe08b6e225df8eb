// An agent task's two edits reviewed hunk by hunk in the real VS Code, as a person does it: the task
// (scripted on the emulator, edits auto-approved) changes one file in two places; the summary card says
// "2 changes to review in 1 file"; its Review button opens the file with Keep / Undo over each change;
// the first is kept (its button) and the second undone (its key), and the file on disk holds exactly the kept one. code-server
// saves after a delay by default: the review never puts lines into the document, so that is harmless.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../harness/toolPaths';
import { extensionId, sendAgentTask, themes, useVsCode } from './vscodeSession';

function lens(page: Page, title: string) {
  return page.locator('.codelens-decoration a', { hasText: title });
}

const theme = themes[0];
if (theme) {
  describe(`svc review of agent edits in VS Code (${theme.name} theme)`, function () {
    this.timeout(240_000);
    const vscode = useVsCode(theme, {
      settings: { 'svc.agent.autoApproveEdits': true },
      env: { SVC_EMULATOR_SCENARIOS: path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'agentReview.json') },
    });
    const chat = () => vscode.workbench.webviewView(extensionId);

    it("keeps one of a task's two edits and undoes the other, hunk by hunk", async () => {
      const page = vscode.workbench.page;
      const file = path.join(vscode.workspace, 'prices.js');
      const original = 'function total(items) {\n  let total = 0;\n  for (const item of items) total += item.price;\n  return total;\n}\n\nfunction label(order) {\n  return `Order ${order.id}`;\n}\n\nconsole.log(label({ id: 1 }));\n';
      fs.writeFileSync(file, original);
      await vscode.workbench.runCommand('svc: Focus Chat');
      await sendAgentTask(chat(), 'review-e2e: rename total and log when done');
      await chat().getByTestId('agent-summary').waitFor({ timeout: 90_000 });
      const both = original.replace('function total(items) {', 'function sum(items) {').replace("console.log(label({ id: 1 }));", "console.log(label({ id: 1 }), 'done');");
      assert.equal(fs.readFileSync(file, 'utf8'), both);
      const count = chat().getByTestId('agent-review-count');
      await count.filter({ hasText: '2 changes to review in 1 file' }).waitFor({ timeout: 30_000 });
      await vscode.workbench.screenshot('agent-review-01-summary-count');

      await chat().getByTestId('agent-review-open').click();
      await page.locator('.tab.active[aria-label*="prices.js"]').waitFor({ timeout: 30_000 });
      await lens(page, 'Keep (Ctrl+Alt+Y)').nth(1).waitFor({ timeout: 30_000 });
      assert.equal(await lens(page, 'Keep (Ctrl+Alt+Y)').count(), 2, 'two changes to review');
      await page.locator('.codelens-decoration', { hasText: 'svc: 2 agent changes to review' }).waitFor();
      await vscode.workbench.screenshot('agent-review-02-file-review');

      await lens(page, 'Keep (Ctrl+Alt+Y)').first().click();
      await page.locator('.codelens-decoration', { hasText: 'svc: 1 agent change to review' }).waitFor({ timeout: 15_000 });
      await count.filter({ hasText: '1 change to review in 1 file' }).waitFor({ timeout: 15_000 });
      assert.equal(fs.readFileSync(file, 'utf8'), both, 'keeping writes nothing');
      await vscode.workbench.screenshot('agent-review-03-one-kept');

      // The second by its key, with the cursor on the agent's line.
      await page.locator('.view-line', { hasText: "'done'" }).click();
      await page.keyboard.press('Control+Alt+N');
      await lens(page, 'Undo (Ctrl+Alt+N)').waitFor({ state: 'detached', timeout: 15_000 });
      await page.locator('.view-line', { hasText: "'done'" }).waitFor({ state: 'detached', timeout: 15_000 });
      await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
      assert.equal(fs.readFileSync(file, 'utf8'), original.replace('function total(items) {', 'function sum(items) {'));
      await count.waitFor({ state: 'hidden', timeout: 15_000 });
      await vscode.workbench.screenshot('agent-review-04-done');

      // The undo is one step in the editor: Ctrl+Z brings the agent's line back.
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+Z');
      await page.locator('.view-line', { hasText: "'done'" }).waitFor({ timeout: 15_000 });
    });

    it('undoes every change under review in a file that is not open, byte for byte in its own encoding', async () => {
      const file = path.join(vscode.workspace, 'legacy.ini');
      const original = Buffer.from('; café settings\r\n[app]\r\nmode = debug\r\nname = crème\r\n', 'latin1');
      fs.writeFileSync(file, original);
      await sendAgentTask(chat(), 'latin-undo: switch legacy.ini to release');
      await chat().getByTestId('agent-summary').nth(1).waitFor({ timeout: 90_000 });
      assert.deepEqual(fs.readFileSync(file), Buffer.from('; café settings\r\n[app]\r\nmode = release\r\nname = crème\r\n', 'latin1'));
      await chat().getByTestId('agent-review-count').last().filter({ hasText: '1 change to review in 1 file' }).waitFor({ timeout: 30_000 });
      await vscode.workbench.runCommand('svc: Undo All Agent Changes Under Review');
      await chat().getByTestId('agent-review-count').last().waitFor({ state: 'hidden', timeout: 15_000 });
      assert.deepEqual(fs.readFileSync(file), original);
      assert.equal(await vscode.workbench.page.locator('.tab[aria-label*="legacy.ini"]').count(), 0, 'the file was never opened');
      await vscode.workbench.screenshot('agent-review-05-undone-closed-file');
    });
  });
}
