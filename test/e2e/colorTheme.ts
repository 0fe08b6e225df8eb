// Switching the colour theme in a running window, as a person does: VS Code's own theme picker sets
// `workbench.colorTheme`, and the chat view follows. Shared by the specs that take light and dark
// screenshots in one launch.
import type { FrameLocator } from 'playwright-core';
import type { Theme } from './vscodeSession';
import type { Workbench } from '../harness/workbench';

export async function switchColorTheme(workbench: Workbench, chat: FrameLocator, theme: Theme): Promise<void> {
  const page = workbench.page;
  const picker = page.locator('.quick-input-widget');
  // Opened by hand, not with runCommand, which waits for the palette to close while the picker stays open.
  await page.locator('.monaco-workbench .part.editor').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('F1');
  await picker.locator('input').fill('>Preferences: Color Theme');
  await picker.locator('.monaco-list-row', { hasText: 'Preferences: Color Theme' }).first().click();
  // The picker lists the theme by its label, without the "Default" of its id.
  const label = theme.colorTheme.replace(/^Default /, '');
  await picker.locator('input').fill(label);
  await picker.locator('.monaco-list-row', { hasText: label }).first().click();
  const kind = theme.name === 'dark' ? 'vs-dark' : 'vs';
  await page.locator(`.monaco-workbench.${kind}`).waitFor({ timeout: 30_000 });
  await chat.locator(`body.vscode-${theme.name}`).waitFor({ timeout: 30_000 });
}
