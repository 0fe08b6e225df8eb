// The extension in VS Code's display language, as a Chinese-speaking user meets it: code-server started
// with `--locale zh-cn` (the workbench itself stays English without a language pack, but VS Code reports
// zh-cn to extensions, which is what loads our bundle), and the same steps in English for comparison.
// Screenshots of the chat view, an inline approval and the Settings page go to
// test-results/e2e/light/zh-cn/ and …/en/. In Chinese, the chat view shows no English word but names.
import assert from 'node:assert/strict';
import path from 'node:path';
import { repoRoot } from '../harness/toolPaths';
import { openExtensionSettings } from './extensionSettings';
import { extensionId, sendAgentTask, themes, useVsCode } from './vscodeSession';

/** Names that stay as written in any language: the product, model ids, formats, keys, file names. */
const NAMES = /svc-[\w.-]+|\bsvc\b|\bAPI\b|\bJSON\b|\bMarkdown\b|\bToken\b|\bMCP\b|AGENTS\.md|\b(?:Shift|Ctrl|Cmd|Alt)\b(?:\+\w+)?|\bEnter\b|\bEscape\b|\/(?:compact|plan)\b|https?:\/\/\S+/g;

/** Visible text, and the accessible names, tooltips and placeholders of every element, of the view's page. */
function pageWords(): string[] {
  const words: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.nodeValue?.trim() ?? '';
    if (text === '' || !parent || parent.closest('[hidden], .markdown, pre, code, .message-author') || !parent.checkVisibility()) continue;
    words.push(text);
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = element.getAttribute(name)?.trim();
      if (value) words.push(value);
    }
  }
  return words;
}

const theme = themes[0];
const languages = [
  { locale: 'zh-cn', folder: 'zh-cn', reject: '拒绝', settingsGroup: '模型' },
  { locale: 'en', folder: 'en', reject: 'Reject', settingsGroup: 'Model' },
];

if (theme) {
  for (const language of languages) {
    describe(`svc in VS Code's display language ${language.locale} (${theme.name} theme)`, function () {
      this.timeout(120_000);
      const vscode = useVsCode(theme, {
        locale: language.locale,
        screenshotFolder: language.folder,
        settings: { 'svc.emulator.speed': 40 },
        env: { SVC_EMULATOR_SCENARIOS: path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'hidden-command.json') },
      });
      const chat = () => vscode.workbench.webviewView(extensionId);

      it('shows the chat view in that language', async () => {
        await vscode.workbench.activityBarItem('svc').click();
        await chat().getByTestId('composer-input').waitFor({ timeout: 30_000 });
        await chat().getByTestId('model-picker').locator('option').first().waitFor({ state: 'attached', timeout: 30_000 });
        assert.equal(await chat().locator('html').getAttribute('lang'), language.locale, 'the page is in the language VS Code reports');
        await vscode.workbench.screenshot('l10n-01-chat-view');
        if (language.locale === 'en') return;
        const english = (await chat().locator('body').evaluate(pageWords)).filter((text) => /[A-Za-z]{3,}/.test(text.replace(NAMES, '')));
        assert.deepEqual(english, [], 'no English left in the chat view but names');
      });

      it('asks an approval inline in that language', async () => {
        await sendAgentTask(chat(), 'check the build');
        const approval = chat().getByTestId('approval');
        await approval.waitFor({ timeout: 60_000 });
        await vscode.workbench.screenshot('l10n-02-approval');
        await approval.getByRole('button', { name: language.reject }).click();
        await approval.waitFor({ state: 'detached', timeout: 15_000 });
      });

      it('shows the settings in that language on the Settings page', async () => {
        const editor = await openExtensionSettings(vscode);
        const titles = editor.locator('.settings-toc-container .settings-toc-entry');
        await titles.filter({ hasText: language.settingsGroup }).first().click({ timeout: 30_000 });
        await editor.locator('.setting-item-contents').filter({ hasText: 'svc-k2-thinking-turbo' }).first().waitFor({ timeout: 15_000 });
        await vscode.workbench.screenshot('l10n-03-settings');
      });
    });
  }
}
