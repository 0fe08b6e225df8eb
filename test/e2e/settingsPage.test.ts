// The extension's settings on VS Code's Settings page, as a person finds them: filtered to the extension,
// they come in the manifest's titled groups (Model, Chat, Agent, …) in that order, and svc.model says
// which models there are; on a group's own page each setting reads as words ("Model", not "Svc: Model").
// Screenshots of both pages in the light theme, then in the dark one, switched in the same window.
import assert from 'node:assert/strict';
import { openExtensionPage, openExtensionSettings, SETTINGS_FOUND } from './extensionSettings';
import { themes, useVsCode } from './vscodeSession';

const GROUPS = ['Model', 'Chat', 'Agent', 'Context & files', 'Privacy & network', 'Advanced', 'Completions'];

const theme = themes.find((t) => t.name === 'light');
const dark = themes.find((t) => t.name === 'dark');
if (theme && dark) {
  describe('svc settings on the Settings page (light, then dark)', function () {
    this.timeout(240_000);
    const vscode = useVsCode(theme);

    it('shows the settings in their titled groups, in order, with the model setting first, each titled in words on its group\'s page', async () => {
      const editor = await openExtensionSettings(vscode);
      const titles = editor.locator('.settings-toc-container .settings-toc-entry');
      await titles.filter({ hasText: 'Completions' }).first().waitFor({ timeout: 30_000 });
      const shown = (await titles.allTextContents()).map((t) => t.trim()).filter((t) => GROUPS.includes(t));
      assert.deepEqual(shown, GROUPS);
      const model = editor.locator('.setting-item-contents').filter({ hasText: 'svc-k2-thinking-turbo' }).first();
      await model.waitFor({ timeout: 15_000 });
      assert.equal(await editor.locator('.settings-count-widget').textContent(), SETTINGS_FOUND);
      assert.match((await model.textContent()) ?? '', /Model for new replies and agent tasks/);
      // Choosing a group in the table of contents also closes the search box's suggestion over the page.
      await titles.filter({ hasText: 'Model' }).first().click();
      await vscode.workbench.screenshot('settings-01-groups');

      // Out of the search: the extension's own page, where VS Code drops a key's prefix that its group's id holds.
      await openExtensionPage(vscode, editor);
      await editor.locator('.setting-item-contents .setting-item-title').filter({ hasText: 'Max Completion Tokens' }).first().waitFor({ timeout: 30_000 });
      const titled = await editor.locator('.setting-item-contents .setting-item-title').allInnerTexts();
      const ours = titled.map((t) => t.replace(/\s+/g, ' ').trim()).filter((t) => ['Model', 'Thinking', 'Temperature', 'Max Completion Tokens'].some((w) => t.endsWith(w)));
      assert.deepEqual(ours.slice(0, 4), ['Model', 'Thinking', 'Temperature', 'Max Completion Tokens'], `the model group's settings read as words (${titled.join(' | ')})`);
      assert.ok(!titled.some((t) => /^Svc:/.test(t.trim())), `no setting is titled with the key's prefix (${titled.join(' | ')})`);
      await vscode.workbench.screenshot('settings-02-titles');
    });

    it('reads the same in the dark theme, switched in the same window', async () => {
      await vscode.switchTheme(dark);
      const editor = await openExtensionSettings(vscode);
      const titles = editor.locator('.settings-toc-container .settings-toc-entry');
      await titles.filter({ hasText: 'Completions' }).first().waitFor({ timeout: 30_000 });
      await titles.filter({ hasText: 'Model' }).first().click();
      await editor.locator('.setting-item-contents').filter({ hasText: 'svc-k2-thinking-turbo' }).first().waitFor({ timeout: 15_000 });
      await vscode.workbench.screenshot('settings-01-groups-dark');

      await openExtensionPage(vscode, editor);
      const title = editor.locator('.setting-item-contents .setting-item-title').filter({ hasText: 'Max Completion Tokens' }).first();
      await title.waitFor({ timeout: 30_000 });
      // The page itself is redrawn in the theme's colours: its titles are light on the dark background.
      const color = await title.evaluate((node) => getComputedStyle(node).color);
      const [red, green, blue] = (color.match(/\d+/g) ?? []).map(Number);
      assert.ok(((red ?? 0) + (green ?? 0) + (blue ?? 0)) / 3 > 160, `a setting's title is light in the dark theme (${color})`);
      await vscode.workbench.screenshot('settings-02-titles-dark');
    });
  });
}
