// The Settings page filtered to this extension, as a person opens it, for the specs that read it.
import type { Locator } from 'playwright-core';
import { extensionId, type VsCodeSession } from './vscodeSession';

async function unfold(row: Locator): Promise<void> {
  await row.waitFor({ timeout: 30_000 });
  if ((await row.getAttribute('aria-expanded')) !== 'false') return;
  await row.click();
  await row.and(row.page().locator('[aria-expanded="true"]')).waitFor({ timeout: 15_000 });
}

/** Opens the Settings page on `@ext:` of this extension and returns it once the search has found its settings. */
export async function openExtensionSettings(vscode: VsCodeSession): Promise<Locator> {
  const page = vscode.workbench.page;
  await vscode.workbench.runCommand('Preferences: Open Settings (UI)');
  const editor = page.locator('.settings-editor');
  await editor.waitFor({ timeout: 30_000 });
  await editor.locator('.settings-header .suggest-input-container').click();
  await page.keyboard.type(`@ext:${extensionId}`);
  await editor.locator('.settings-count-widget').filter({ hasText: '28 Settings Found' }).waitFor({ timeout: 30_000 });
  // The table of contents lists the extension's groups under "Extensions" › "svc for VS Code", either of which
  // VS Code sometimes leaves folded after a search: unfolded here, outer first, as a person would click them open.
  for (const row of [/^\s*Extensions/, /^\s*svc for VS Code/]) await unfold(editor.locator('.settings-toc-container .monaco-list-row').filter({ hasText: row }).first());
  return editor;
}
