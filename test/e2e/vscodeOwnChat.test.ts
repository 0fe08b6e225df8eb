// VS Code's own Chat view (built in from 1.139) with the svc models, on the local emulator: opening it
// finds the svc models in its model picker without a detour through "Chat: Manage Language Models", and
// one is picked as a person does. VS Code 1.105 has no chat of its own (docs/compatibility.md).
import assert from 'node:assert/strict';
import { codeServerBuild } from '../harness/toolPaths';
import { themes, useVsCode } from './vscodeSession';

const theme = themes[1];
if (theme && codeServerBuild().name === 'newest') {
  describe(`VS Code's own chat on the svc models (${theme.name} theme)`, function () {
    this.timeout(240_000);
    // The harness switches VS Code's chat off everywhere else (quietSettings).
    const vscode = useVsCode(theme, { settings: { 'chat.disableAIFeatures': false }, screenshotFolder: 'vscode-own-chat' });

    it('lists the svc models in the Chat view\'s model picker once it opens, and one is picked', async () => {
      const { workbench } = vscode;
      const { page } = workbench;
      await workbench.runCommand('Chat: Open Chat');
      const chatView = page.locator('.part.auxiliarybar');
      await chatView.locator('.interactive-input-part').waitFor({ timeout: 60_000 });
      // Without the provider asked, the picker says "Models" and offers only a Copilot sign-in.
      const picker = chatView.locator('.model-picker-split').first();
      await picker.filter({ hasText: /^svc-/ }).waitFor({ timeout: 180_000 });
      await picker.click();
      const rows = page.locator('.action-widget .monaco-list-row');
      await rows.filter({ hasText: 'Other Models' }).click();
      await rows.filter({ hasText: /^svc-k2\.5/ }).waitFor({ timeout: 15_000 });
      const listed = await rows.allTextContents();
      assert.ok(!listed.some((row) => /Sign in to use Copilot/.test(row)), `the picker offers the svc models, not a sign-in: ${listed.join(' | ')}`);
      for (const model of ['svc-k2-thinking', 'svc-k2-turbo-preview', 'svc-v1-8k']) assert.ok(listed.some((row) => row.startsWith(model)), `${model} is listed: ${listed.join(' | ')}`);
      await workbench.screenshot('01-model-picker');
      await rows.filter({ hasText: /^svc-k2\.5/ }).click();
      await picker.filter({ hasText: /^svc-k2\.5$/ }).waitFor({ timeout: 15_000 });
    });
  });
}
