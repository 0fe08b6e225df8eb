// The Settings page filtered to this extension, as a person opens it, and the extension's own page (out of a
// search), for the specs that read them.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { repoRoot } from '../harness/toolPaths';
import { extensionId, type VsCodeSession } from './vscodeSession';

interface ConfigurationGroup {
  properties?: Record<string, unknown>;
}

/** What the Settings page counts for `@ext:` of this extension: every setting of the manifest's groups. */
export const SETTINGS_FOUND = (() => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { contributes: { configuration: ConfigurationGroup[] } };
  const count = manifest.contributes.configuration.reduce((sum, group) => sum + Object.keys(group.properties ?? {}).length, 0);
  return `${count} Settings Found`;
})();

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
  await editor.locator('.settings-count-widget').filter({ hasText: SETTINGS_FOUND }).waitFor({ timeout: 30_000 });
  // The table of contents lists the extension's groups under "Extensions" › "svc for VS Code", either of which
  // VS Code sometimes leaves folded after a search: unfolded here, outer first, as a person would click them open.
  for (const row of [/^\s*Extensions/, /^\s*svc for VS Code/]) await unfold(editor.locator('.settings-toc-container .monaco-list-row').filter({ hasText: row }).first());
  return editor;
}

/**
 * Leaves the search and opens this extension's own page (its groups' settings, the first group on top) from the
 * table of contents, as a person browses to it: the table starts folded, and its rows are drawn only when in
 * sight, so it is scrolled down (a wheel turn at a time) until this extension's row shows.
 */
export async function openExtensionPage(vscode: VsCodeSession, editor: Locator): Promise<void> {
  const page = vscode.workbench.page;
  await editor.locator('.settings-header .suggest-input-container').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await editor.locator('.settings-count-widget').filter({ hasText: SETTINGS_FOUND }).waitFor({ state: 'hidden', timeout: 30_000 });
  const toc = editor.locator('.settings-toc-container');
  // Rows are matched by their label alone: a row also holds its count ("(4)"), during a search.
  const row = (label: RegExp): Locator => toc.locator('.monaco-list-row').filter({ has: page.locator('.settings-toc-entry').filter({ hasText: label }) }).first();
  await unfold(row(/^\s*Extensions\s*$/));
  const ours = row(/^\s*svc for VS Code\s*$/);
  for (let turns = 0; !(await ours.isVisible()); turns += 1) {
    if (turns === 40) throw new Error(`no "svc for VS Code" in the table of contents after ${turns} wheel turns`);
    await toc.hover();
    await page.mouse.wheel(0, 120);
    await ours.waitFor({ timeout: 1_000 }).catch(() => undefined);
  }
  await ours.click();
}
