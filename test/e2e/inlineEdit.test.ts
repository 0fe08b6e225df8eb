// The inline edit and the quick fix as a person uses them in the real VS Code: Ctrl+I over a selection,
// an instruction typed in the box, the reply (the emulator's deterministic rewrite) streamed into the
// file as a review with Accept / Reject over each hunk; one hunk accepted, the other rejected, and the
// saved file holds exactly that. Saving during the review writes what it shows and leaves it open. Then
// a JSON syntax error reported by VS Code's own JSON support, "Fix with svc" chosen from the light bulb,
// the fix accepted with Ctrl+Enter, and the file fixed. Last, with auto-save after 200 ms (as
// code-server saves by default), a review of two hunks lives through several auto-saves, one hunk is
// accepted and one rejected, and the bytes on disk are exactly that.
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

/** Waits until the file on disk holds `text` (an auto-save wrote it). */
async function diskHolds(file: string, text: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; fs.readFileSync(file, 'utf8') !== text; ) {
    if (Date.now() > deadline) assert.equal(fs.readFileSync(file, 'utf8'), text, 'the file on disk');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
    // Saving is left to the user at first, so the edit's undo is one step (a save can close an undo step);
    // saving during a review has its own test below, and the last test turns auto-save on.
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

    it('saving during the review writes what the review shows and leaves the review open', async () => {
      const page = vscode.workbench.page;
      const file = path.join(vscode.workspace, 'totals.js');
      const before = fs.readFileSync(file, 'utf8');
      await reviewWholeFile(page, 'rename items to entries');
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+S');
      await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
      // The file holds the proposed lines on the screen, and only those; the review goes on.
      assert.equal(fs.readFileSync(file, 'utf8'), before.replace(/\bitems\b/g, 'entries'));
      assert.equal(await lens(page, 'Reject All Changes (Ctrl+Backspace)').count(), 1);
      await lens(page, 'Reject All Changes (Ctrl+Backspace)').click();
      await lens(page, 'Reject All Changes (Ctrl+Backspace)').waitFor({ state: 'detached', timeout: 15_000 });
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+S');
      await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
      assert.equal(fs.readFileSync(file, 'utf8'), before);
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

    it('reviews two hunks across several auto-saves; one accepted and one rejected are exactly the bytes on disk', async () => {
      const page = vscode.workbench.page;
      // Auto-save after 200 ms from here on, as code-server saves by default (its default delay is 1 s): the
      // folder's settings, which VS Code applies as soon as the file changes.
      fs.mkdirSync(path.join(vscode.workspace, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(vscode.workspace, '.vscode', 'settings.json'), JSON.stringify({ 'files.autoSave': 'afterDelay', 'files.autoSaveDelay': 200 }));
      const file = path.join(vscode.workspace, 'totals-autosave.js');
      const original = 'function total(items) {\n  let total = 0;\n  for (const item of items) total += item.price;\n  return total;\n}\n\nfunction label(order) {\n  return `Order ${order.id}`;\n}\n\nconsole.log(total([]));\n';
      fs.writeFileSync(file, original);
      await openFile(page, 'totals-autosave.js');
      // Auto-save is on once a typed line reaches the disk by itself.
      await page.keyboard.press('Control+End');
      await page.keyboard.type('// end of totals');
      await diskHolds(file, `${original}// end of totals`);
      // Lines 1 to 11: the last line stays outside the edit, for typing there during the review.
      await page.keyboard.press('Control+Home');
      for (let i = 0; i < 11; i++) await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Control+I');
      const box = page.locator('.quick-input-widget .quick-input-box input');
      await box.waitFor({ timeout: 30_000 });
      await box.fill('rename total to sum');
      await box.press('Enter');
      await lens(page, 'Accept This Change (Ctrl+Alt+Y)').nth(1).waitFor({ timeout: 120_000 });
      assert.equal(await lens(page, 'Accept This Change (Ctrl+Alt+Y)').count(), 2, 'two hunks to review');
      // First auto-save: the file holds the proposal on the screen, and the review stays open.
      const proposal = `${original.replace(/\btotal\b/g, 'sum')}// end of totals`;
      await diskHolds(file, proposal);
      await vscode.workbench.screenshot('inline-edit-08-auto-saved-review');
      assert.equal(await lens(page, 'Accept This Change (Ctrl+Alt+Y)').count(), 2, 'the review outlives an auto-save');
      // Second auto-save: typing below the edited lines while the review is open.
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' (typed during the review)');
      await diskHolds(file, `${proposal} (typed during the review)`);
      assert.equal(await lens(page, 'Accept This Change (Ctrl+Alt+Y)').count(), 2, 'the review outlives a second auto-save');
      await lens(page, 'Accept This Change (Ctrl+Alt+Y)').first().click();
      await lens(page, 'Accept This Change (Ctrl+Alt+Y)').nth(1).waitFor({ state: 'detached', timeout: 15_000 });
      await lens(page, 'Reject This Change (Ctrl+Alt+N)').first().click();
      await lens(page, 'Accept All Changes (Ctrl+Enter)').waitFor({ state: 'detached', timeout: 15_000 });
      const expected = `${original.replace(/^([\s\S]*?\n}\n)/, (head: string) => head.replace(/\btotal\b/g, 'sum'))}// end of totals (typed during the review)`;
      assert.ok(expected.includes('console.log(total([]));\n// end of totals') && expected.startsWith('function sum(items) {'));
      await diskHolds(file, expected);
      await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
      assert.equal(fs.readFileSync(file, 'utf8'), expected);
      await vscode.workbench.screenshot('inline-edit-09-auto-saved-result');
    });
  });
}
