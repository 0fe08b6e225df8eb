import type { Page } from 'playwright-core';

/**
 * Opens a workspace file with Quick Open and puts the cursor in it. A file written a moment ago may take a
 * while to be listed, and a Control+P pressed while the editor is still taking the focus opens nothing, so
 * both are inside the retry, which opens Quick Open from the command center every other time.
 */
export async function openFile(page: Page, name: string): Promise<void> {
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first();
  for (let attempt = 0, deadline = Date.now() + 90_000; ; attempt++) {
    if (attempt % 2 === 0) {
      await page.locator('.monaco-workbench .part.editor').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+P');
    } else {
      // The title bar's command center opens Quick Open without a click in the editor, whose focus could close it.
      await page.locator('.command-center .command-center-center').click({ timeout: 5_000 }).catch(() => page.keyboard.press('Control+P'));
    }
    try {
      await page.locator('.quick-input-widget .quick-input-box input').fill(name, { timeout: 10_000 });
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
