// Switches the running window's colour theme as a person does, with VS Code's own theme picker (which sets
// `workbench.colorTheme`): the specs that take light and dark screenshots do both in one launch.
import type { FrameLocator, Page } from 'playwright-core';
import type { Theme } from './vscodeSession';
import type { Workbench } from '../harness/workbench';

/** A modal editor (VS Code opens the Settings page in one) keeps the palette from opening: closed, by its X. */
export async function closeModalEditor(page: Page): Promise<void> {
  const modal = page.locator('.modal-editor-part');
  if ((await modal.count()) === 0) return;
  await modal.locator('.action-label.codicon-close').first().click();
  await modal.waitFor({ state: 'hidden', timeout: 15_000 });
}

/** Opens "Preferences: Color Theme", picks `theme` and waits until the workbench, and the chat view if given, is drawn in it. */
export async function switchColorTheme(workbench: Workbench, theme: Theme, chat?: FrameLocator): Promise<void> {
  const page = workbench.page;
  const picker = page.locator('.quick-input-widget');
  await closeModalEditor(page);
  // Opened by hand, not with runCommand, which waits for the palette to close while the picker stays open. The
  // click takes the focus out of a webview.
  await page.locator('.monaco-workbench .part.editor').first().click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('F1');
  await picker.locator('input').fill('>Preferences: Color Theme');
  await picker.locator('.monaco-list-row', { hasText: 'Preferences: Color Theme' }).first().click();
  // The picker lists the theme by its label, without the "Default" of its id.
  const label = theme.colorTheme.replace(/^Default /, '');
  await picker.locator('input').fill(label);
  await picker.locator('.monaco-list-row', { hasText: label }).first().click();
  await page.locator(`.monaco-workbench.${theme.name === 'dark' ? 'vs-dark' : 'vs'}`).waitFor({ timeout: 30_000 });
  await picker.waitFor({ state: 'hidden', timeout: 15_000 });
  if (chat) await chat.locator(`body.vscode-${theme.name}`).waitFor({ timeout: 30_000 });
}
