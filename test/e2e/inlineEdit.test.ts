// The inline edit and the quick fix as a person uses them in the real VS Code: Ctrl+I over a selection,
// an instruction typed in the box, the reply (the emulator's deterministic
// rewrite) streamed into the file as a review with Accept / Reject over each hunk and Accept All / Reject
// All in the editor's title bar; one hunk accepted, the other rejected, and the
// saved file holds exactly that. Saving during the review writes what it shows and leaves it open. Then
// a JSON syntax error reported by VS Code's own JSON support, "Fix with svc" chosen from the light bulb,
// the fix accepted with Ctrl+Enter, and the file fixed. Last, with auto-save after 200 ms (as
// code-server saves by default), a review of two hunks lives through several auto-saves, one hunk is
// accepted and one rejected, and the bytes on disk are exactly that. In both themes: the box names the
// lines with its hint once, Escape drops it, each hunk's row holds only its own buttons, and the title bar
// holds the whole edit's.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openFile } from './quickOpen';
import { themes, useVsCode, type VsCodeSession } from './vscodeSession';



/** A hunk's own button: "Accept line 3 (Ctrl+Alt+Y)", "Reject lines 2-4 (Ctrl+Alt+N)". */
function hunkLens(page: Page, action: 'Accept' | 'Reject') {
  return page.locator('.codelens-decoration a', { hasText: new RegExp(`^${action} lines? \\d`) });
}

/** A button of the editor's title bar, by its command's title. */
function titleAction(page: Page, title: string) {
  return page.locator(`.part.editor .editor-actions .action-label[aria-label*="${title}"]`);
}

const HINT = 'What should change? e.g. rename total to sum, add error handling';

/** The inline edit's instruction box (VS Code's input box). */
function instructionBox(page: Page) {
  return page.locator('.quick-input-widget .quick-input-box input');
}

/** Ctrl+I in the editor, the instruction typed in the box and Enter; the box goes. */
async function askInline(page: Page, instruction: string, timeout = 30_000): Promise<void> {
  await page.keyboard.press('Control+I');
  await instructionBox(page).waitFor({ timeout });
  await instructionBox(page).fill(instruction);
  await instructionBox(page).press('Enter');
  await instructionBox(page).waitFor({ state: 'hidden', timeout: 15_000 });
}

/** Asserts the box's title names `title` and the hint is there once: its placeholder, and no text repeats it. */
async function assertBoxAsks(page: Page, title: string): Promise<void> {
  await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: 15_000 });
  assert.equal(await instructionBox(page).getAttribute('placeholder'), HINT);
  const shownText = await page.evaluate(() => document.body.innerText);
  assert.equal(shownText.split('What should change?').length - 1, 0, 'no text on the screen repeats the hint');
  assert.equal(shownText.split('rename total to sum, add error handling').length - 1, 0, 'no text on the screen repeats the example');
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
  await askInline(page, instruction);
  await titleAction(page, 'Reject All Inline Edits').waitFor({ timeout: 60_000 });
}

/** Selects lines 2 to 5 of the open file (the selection ends at the start of line 6). */
async function selectLines2To5(page: Page): Promise<void> {
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
}

/**
 * The box names the lines and shows its hint once; Escape asks nothing. The review's rows hold each hunk's
 * own Accept / Reject naming its lines, and the title bar the whole edit's buttons; a follow-up from there
 * refines the same lines.
 */
async function promptAndButtons(vscode: VsCodeSession, look: string): Promise<void> {
  const page = vscode.workbench.page;
  const file = path.join(vscode.workspace, 'prices.js');
  const original = 'function total(items) {\n  let total = 0;\n  // each price counts once\n  for (const item of items) total += item.price;\n  return total;\n}\n';
  fs.writeFileSync(file, original);
  await openFile(page, 'prices.js');
  await selectLines2To5(page);
  await page.keyboard.press('Control+I');
  // The first svc command loads the extension's host and starts the local emulator: slow on a loaded machine.
  await instructionBox(page).waitFor({ timeout: 120_000 });
  await assertBoxAsks(page, 'svc: Edit lines 2-5');
  await vscode.workbench.screenshot(`inline-edit-${look}-10-instruction-box`);
  await page.keyboard.press('Escape');
  await instructionBox(page).waitFor({ state: 'hidden', timeout: 15_000 });
  assert.equal(await titleAction(page, 'Reject All Inline Edits').count(), 0, 'Escape asked nothing');

  await askInline(page, 'rename total to sum');
  await hunkLens(page, 'Accept').nth(1).waitFor({ timeout: 120_000 });
  const rows = page.locator('.part.editor .codelens-decoration');
  assert.equal(await rows.count(), 2, 'one row of buttons per hunk, and no other');
  assert.deepEqual(await rows.filter({ hasText: 'line 2 ' }).locator('a').allInnerTexts(), ['Accept line 2 (Ctrl+Alt+Y)', 'Reject line 2 (Ctrl+Alt+N)']);
  assert.deepEqual(await rows.filter({ hasText: 'lines 4-5' }).locator('a').allInnerTexts(), ['Accept lines 4-5 (Ctrl+Alt+Y)', 'Reject lines 4-5 (Ctrl+Alt+N)']);
  for (const title of ['Accept All Inline Edits', 'Reject All Inline Edits', 'Refine Inline Edit']) assert.equal(await titleAction(page, title).count(), 1, `${title} in the title bar`);
  await vscode.workbench.screenshot(`inline-edit-${look}-11-hunk-buttons`);

  await titleAction(page, 'Refine Inline Edit').click();
  await instructionBox(page).waitFor({ timeout: 15_000 });
  await assertBoxAsks(page, 'svc: Refine the edit of lines 2-5');
  await instructionBox(page).fill('rename sum to amount');
  await instructionBox(page).press('Enter');
  await page.locator('.view-line', { hasText: 'return amount;' }).waitFor({ timeout: 60_000 });
  await titleAction(page, 'Accept All Inline Edits').click();
  await titleAction(page, 'Accept All Inline Edits').waitFor({ state: 'detached', timeout: 15_000 });
  await rows.first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+S');
  await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
  assert.equal(fs.readFileSync(file, 'utf8'), 'function total(items) {\n  let amount = 0;\n  // each price counts once\n  for (const item of items) amount += item.price;\n  return amount;\n}\n');
}

const [light, dark] = themes;
if (light && dark) {
  describe(`svc inline edit and quick fixes in VS Code (${light.name} theme; the prompt and buttons in ${dark.name} too)`, function () {
    this.timeout(300_000);
    // Saving is left to the user at first, so the edit's undo is one step (a save can close an undo step);
    // saving during a review has its own test below, and the last test turns auto-save on.
    const vscode = useVsCode(light, {
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
      // The first svc command loads the extension's host and starts the local emulator: slow on a loaded machine.
      await instructionBox(page).waitFor({ timeout: 120_000 });
      await instructionBox(page).fill('rename total to sum');
      await vscode.workbench.screenshot('inline-edit-01-instruction');
      await instructionBox(page).press('Enter');
      await hunkLens(page, 'Accept').nth(1).waitFor({ timeout: 120_000 });
      assert.equal(await hunkLens(page, 'Accept').count(), 2, 'two hunks to review');
      await titleAction(page, 'Accept All Inline Edits').waitFor();
      await vscode.workbench.screenshot('inline-edit-02-review');
      await hunkLens(page, 'Accept').first().click();
      await hunkLens(page, 'Accept').nth(1).waitFor({ state: 'detached', timeout: 15_000 });
      await vscode.workbench.screenshot('inline-edit-03-one-accepted');
      await hunkLens(page, 'Reject').first().click();
      await titleAction(page, 'Accept All Inline Edits').waitFor({ state: 'detached', timeout: 15_000 });
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
      await titleAction(page, 'Reject All Inline Edits').waitFor({ state: 'detached', timeout: 15_000 });
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
      assert.equal(await titleAction(page, 'Reject All Inline Edits').count(), 1);
      await titleAction(page, 'Reject All Inline Edits').click();
      await titleAction(page, 'Reject All Inline Edits').waitFor({ state: 'detached', timeout: 15_000 });
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
      await titleAction(page, 'Accept All Inline Edits').waitFor({ timeout: 60_000 });
      await vscode.workbench.screenshot('inline-edit-06-fix-review');
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+Enter');
      await titleAction(page, 'Accept All Inline Edits').waitFor({ state: 'detached', timeout: 15_000 });
      await page.locator('.view-line', { hasText: '"tags": ["a", "b"],' }).waitFor({ state: 'detached', timeout: 15_000 });
      await page.keyboard.press('Control+S');
      await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
      assert.equal(fs.readFileSync(file, 'utf8'), '{\n  "name": "demo",\n  "tags": ["a", "b"]\n}\n');
      await vscode.workbench.screenshot('inline-edit-07-fixed');
    });

    it('asks with the hint once; each hunk row holds only its own buttons, the title bar the whole edit\'s', async () => {
      await promptAndButtons(vscode, light.name);
    });

    it(`the same prompt and buttons in the ${dark.name} theme, the window switched to it`, async () => {
      // Closed, the file is read again from disk when it opens with its original text.
      await vscode.workbench.runCommand('View: Close All Editors');
      await vscode.switchTheme(dark);
      await promptAndButtons(vscode, dark.name);
      await vscode.switchTheme(light);
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
      await askInline(page, 'rename total to sum');
      await hunkLens(page, 'Accept').nth(1).waitFor({ timeout: 120_000 });
      assert.equal(await hunkLens(page, 'Accept').count(), 2, 'two hunks to review');
      // First auto-save: the file holds the proposal on the screen, and the review stays open.
      const proposal = `${original.replace(/\btotal\b/g, 'sum')}// end of totals`;
      await diskHolds(file, proposal);
      await vscode.workbench.screenshot('inline-edit-08-auto-saved-review');
      assert.equal(await hunkLens(page, 'Accept').count(), 2, 'the review outlives an auto-save');
      // Second auto-save: typing below the edited lines while the review is open.
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' (typed during the review)');
      await diskHolds(file, `${proposal} (typed during the review)`);
      assert.equal(await hunkLens(page, 'Accept').count(), 2, 'the review outlives a second auto-save');
      await hunkLens(page, 'Accept').first().click();
      await hunkLens(page, 'Accept').nth(1).waitFor({ state: 'detached', timeout: 15_000 });
      await hunkLens(page, 'Reject').first().click();
      await titleAction(page, 'Accept All Inline Edits').waitFor({ state: 'detached', timeout: 15_000 });
      const expected = `${original.replace(/^([\s\S]*?\n}\n)/, (head: string) => head.replace(/\btotal\b/g, 'sum'))}// end of totals (typed during the review)`;
      assert.ok(expected.includes('console.log(total([]));\n// end of totals') && expected.startsWith('function sum(items) {'));
      await diskHolds(file, expected);
      await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
      assert.equal(fs.readFileSync(file, 'utf8'), expected);
      await vscode.workbench.screenshot('inline-edit-09-auto-saved-result');
    });
  });
}
