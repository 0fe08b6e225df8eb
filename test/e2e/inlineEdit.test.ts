// The inline edit and the quick fix as a person uses them in the real VS Code: Ctrl+I over a selection,
// an instruction typed in the box, the reply (the emulator's deterministic rewrite) streamed into the
// file as a review with Accept / Reject over each hunk; one hunk accepted, the other rejected, and the
// saved file holds exactly that. Then a JSON syntax error reported by VS Code's own JSON support,
// "Fix with svc" chosen from the light bulb, the fix accepted with Ctrl+Enter, and the file fixed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { themes, useVsCode } from './vscodeSession';

const theme = themes[0];

/** Opens a workspace file with Quick Open; a file written a moment ago may take a while to be listed, so it asks again. */
async function openFile(page: Page, name: string): Promise<void> {
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first();
  for (const deadline = Date.now() + 90_000; ; ) {
    await page.locator('.monaco-workbench .part.editor').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget .quick-input-box input').fill(name);
    try {
      await row.click({ timeout: 10_000 });
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.keyboard.press('Escape');
    }
  }
  await page.locator(`.tab.active[aria-label*="${name}"]`).waitFor({ timeout: 15_000 });
  await page.locator('.monaco-editor .view-lines').first().click();
}

function lens(page: Page, title: string) {
  return page.locator('.codelens-decoration a', { hasText: title });
}

/** Selects the whole open file, asks an inline edit for `instruction` and waits for its review. */
async function reviewWholeFile(page: Page, instruction: string): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+I');
  const box = page.locator('.quick-input-widget .quick-input-box input');
  await box.waitFor({ timeout: 15_000 });
  await box.fill(instruction);
  await box.press('Enter');
  await lens(page, 'Reject All Changes (Ctrl+Backspace)').waitFor({ timeout: 60_000 });
}

if (theme) {
  describe(`svc inline edit and quick fixes in VS Code (${theme.name} theme)`, function () {
    this.timeout(300_000);
    // code-server saves after a delay by default, and a save ends a review (its lines never reach the disk):
    // the review is tested with saving left to the user, and saving during it has its own test below.
    const vscode = useVsCode(theme, {
      settings: { 'files.autoSave': 'off' },
      env: { SVC_EMULATOR_LOG_FILE: path.join(process.env.SVC_E2E_RUN_DIR ?? '/tmp', `inline-edit-requests-${process.pid}.jsonl`) },
    });

    it('streams an edit into the file; one hunk accepted and one rejected give exactly that text', async () => {
      const page = vscode.workbench.page;
      const file = path.join(vscode.workspace, 'totals.js');
      const original = 'function total(items) {\n  let total = 0;\n  for (const item of items) total += item.price;\n  return total;\n}\n\nfunction label(order) {\n  return `Order ${order.id}`;\n}\n\nconsole.log(total([]));\n';
      fs.writeFileSync(file, original);
      await openFile(page, 'totals.js');
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Control+I');
      const box = page.locator('.quick-input-widget .quick-input-box input');
      // The first svc command loads the extension's host and starts the local emulator: slow on a loaded machine.
      await box.waitFor({ timeout: 120_000 });
      await box.fill('rename total to sum');
      await vscode.workbench.screenshot('inline-edit-01-instruction');
      await box.press('Enter');
      await lens(page, 'Accept This Change (Ctrl+Alt+Y)').nth(1).waitFor({ timeout: 120_000 });
      assert.equal(await lens(page, 'Accept This Change (Ctrl+Alt+Y)').count(), 2, 'two hunks to review');
      await lens(page, 'Accept All Changes (Ctrl+Enter)').waitFor();
      await vscode.workbench.screenshot('inline-edit-02-review');
      await lens(page, 'Accept This Change (Ctrl+Alt+Y)').first().click();
      // The buttons are drawn again after the change: the top row then holds only the whole edit's.
      await page.locator('.codelens-decoration', { hasText: 'Accept All Changes' }).filter({ hasText: 'Accept This Change (Ctrl+Alt+Y)' }).waitFor({ state: 'detached', timeout: 15_000 });
      await lens(page, 'Accept This Change (Ctrl+Alt+Y)').nth(1).waitFor({ state: 'detached', timeout: 15_000 });
      await vscode.workbench.screenshot('inline-edit-03-one-accepted');
      await lens(page, 'Reject This Change (Ctrl+Alt+N)').first().click();
      await lens(page, 'Accept All Changes (Ctrl+Enter)').waitFor({ state: 'detached', timeout: 15_000 });
      await page.locator('.view-line', { hasText: 'console.log(sum([]));' }).waitFor({ state: 'detached', timeout: 15_000 });
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+S');
      await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
      const expected = original.replace(/^([\s\S]*?\n}\n)/, (head: string) => head.replace(/\btotal\b/g, 'sum'));
      assert.equal(fs.readFileSync(file, 'utf8'), expected);
      assert.ok(expected.endsWith('console.log(total([]));\n') && expected.startsWith('function sum(items) {'));
      await vscode.workbench.screenshot('inline-edit-04-saved');
      // The whole edit (streamed review, decisions, result) is one undo step, and redo brings it back.
      await page.keyboard.press('Control+Z');
      await page.locator('.view-line', { hasText: 'function total(items) {' }).waitFor({ timeout: 15_000 });
      assert.equal(await page.locator('.view-line', { hasText: 'function sum(items)' }).count(), 0);
      assert.equal(await page.locator('.view-line', { hasText: 'console.log(sum' }).count(), 0);
      await page.keyboard.press('Control+Shift+Z');
      await page.locator('.view-line', { hasText: 'function sum(items) {' }).waitFor({ timeout: 15_000 });
      await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
    });

    it('Escape during the review puts the lines back as they were', async () => {
      const page = vscode.workbench.page;
      const file = path.join(vscode.workspace, 'totals.js');
      const before = fs.readFileSync(file, 'utf8');
      await reviewWholeFile(page, 'rename item to entry');
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Escape');
      await lens(page, 'Reject All Changes (Ctrl+Backspace)').waitFor({ state: 'detached', timeout: 15_000 });
      await page.keyboard.press('Control+S');
      await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
      assert.equal(fs.readFileSync(file, 'utf8'), before);
    });

    it('saving during the review writes only what was accepted, never the review lines', async () => {
      const page = vscode.workbench.page;
      const file = path.join(vscode.workspace, 'totals.js');
      const before = fs.readFileSync(file, 'utf8');
      await reviewWholeFile(page, 'rename items to entries');
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+S');
      await vscode.workbench.notification('it holds only the changes you accepted').waitFor({ timeout: 15_000 });
      await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
      assert.equal(fs.readFileSync(file, 'utf8'), before);
      await lens(page, 'Reject All Changes (Ctrl+Backspace)').waitFor({ state: 'detached', timeout: 15_000 });
    });

    it('fixes a JSON syntax error from the light bulb with "Fix with svc"', async () => {
      const page = vscode.workbench.page;
      const file = path.join(vscode.workspace, 'settings-broken.json');
      fs.writeFileSync(file, '{\n  "name": "demo",\n  "tags": ["a", "b"],\n}\n');
      await openFile(page, 'settings-broken.json');
      await page.locator('.statusbar-item[id="status.problems"]', { hasText: /[1-9]/ }).waitFor({ timeout: 30_000 });
      await page.keyboard.press('Control+G');
      await page.locator('.quick-input-widget .quick-input-box input').fill(':3:21');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Control+.');
      const fix = page.locator('.action-widget .action-label, .action-widget .monaco-list-row', { hasText: 'Fix with svc' }).first();
      await fix.waitFor({ timeout: 30_000 });
      await vscode.workbench.screenshot('inline-edit-05-light-bulb');
      await fix.click();
      await lens(page, 'Accept All Changes (Ctrl+Enter)').waitFor({ timeout: 60_000 });
      await vscode.workbench.screenshot('inline-edit-06-fix-review');
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+Enter');
      await lens(page, 'Accept All Changes (Ctrl+Enter)').waitFor({ state: 'detached', timeout: 15_000 });
      await page.locator('.view-line', { hasText: '"tags": ["a", "b"],' }).waitFor({ state: 'detached', timeout: 15_000 });
      await page.keyboard.press('Control+S');
      await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
      assert.equal(fs.readFileSync(file, 'utf8'), '{\n  "name": "demo",\n  "tags": ["a", "b"]\n}\n');
      await vscode.workbench.screenshot('inline-edit-07-fixed');
    });
  });
}
