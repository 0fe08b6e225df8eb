// The editor's own places, in the real VS Code on the local emulator: the Source Control view's
// "svc: Write Commit Message" button writes a message for a staged change of a real git repository into
// the commit input box, following the repository's commit style; and the terminal's context menu adds the
// last command (bash, with VS Code's shell integration) and its output, then a selection, to the chat's
// message box.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { extensionId, themes, useVsCode } from './vscodeSession';

function makeGitRepository(workspace: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: workspace, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'user.email', 'e2e@example.invalid');
  git('config', 'user.name', 'e2e');
  git('add', '-A');
  git('commit', '--quiet', '-m', 'docs: describe the sample workspace');
  fs.writeFileSync(path.join(workspace, 'src', 'todo.md'), '# To do\n\n- format the orders\n');
  git('add', 'src/todo.md');
}

/** The text of a Monaco editor as shown (its rendered lines), spaces normalised. */
async function shownText(lines: Locator): Promise<string> {
  const texts = await lines.locator('.view-line').allTextContents();
  return texts.map((line) => line.replace(/\u00a0/g, ' ')).join('\n');
}

/** Waits until the message box holds the command, or the "not finished" warning shows; at most 30 s. */
async function addedOrRefused(composer: Locator, refused: Locator): Promise<'added' | 'not yet'> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await composer.inputValue()).includes('hello-from-e2e')) return 'added';
    if (await refused.isVisible()) return 'not yet';
    await composer.page().waitForTimeout(100);
  }
  throw new Error('the command was neither added to the message box nor refused within 30 s');
}

const theme = themes[0];
if (theme) {
  describe(`svc in Source Control and the terminal (${theme.name} theme)`, function () {
    this.timeout(120_000);
    const vscode = useVsCode(theme, {
      settings: { 'git.enabled': true, 'terminal.integrated.defaultProfile.linux': 'bash', 'terminal.integrated.gpuAcceleration': 'off', 'terminal.integrated.suggest.enabled': false },
      prepareWorkspace: makeGitRepository,
    });
    const page = () => vscode.workbench.page;
    const chat = () => vscode.workbench.webviewView(extensionId);

    it('writes a commit message for the staged change into the Source Control input box', async () => {
      await vscode.workbench.activityBarItem('Source Control').click();
      await page().locator('.scm-view .monaco-list-row', { hasText: 'todo.md' }).first().waitFor({ timeout: 60_000 });
      // A view's title buttons show while the pointer is over its header.
      const button = page().locator('.part.sidebar a.action-label[aria-label="svc: Write Commit Message"]');
      const header = page().locator('.part.sidebar .pane-header', { has: page().locator('a.action-label[aria-label="svc: Write Commit Message"]') });
      await header.hover();
      await button.click();
      const input = page().locator('.scm-view .scm-editor .view-lines').first();
      await input.filter({ hasText: 'docs: Update todo.md' }).waitFor({ timeout: 60_000 });
      assert.equal(await shownText(input), 'docs: Update todo.md');
      await header.hover();
      await button.waitFor({ timeout: 15_000 });
      await vscode.workbench.screenshot('scm-01-commit-message');
    });

    it('adds the terminal\'s last command and its output to the chat\'s message box', async () => {
      await vscode.workbench.runCommand('svc: Focus Chat');
      const composer = chat().getByTestId('composer-input');
      await composer.waitFor({ timeout: 60_000 });
      await vscode.workbench.runCommand('Terminal: Create New Terminal');
      const terminal = page().locator('.terminal-wrapper.active .xterm');
      await terminal.waitFor({ timeout: 30_000 });
      // Typed once bash shows its prompt: shell integration starts with the first prompt.
      await terminal.locator('.xterm-rows').filter({ hasText: /workspace[#$]/ }).waitFor({ timeout: 30_000 });
      await terminal.click();
      // The output comes a second after the command starts: VS Code's execution.read() stream registers its
      // reader in a microtask, so output that reaches the extension host in the same message batch as the
      // command's start (an instant command on a loaded machine) is lost by VS Code itself.
      await page().keyboard.type('sleep 1; echo hello-from-e2e');
      await page().keyboard.press('Enter');
      await terminal.locator('.xterm-rows').filter({ hasText: /hello-from-e2e[\s\S]*hello-from-e2e/ }).waitFor({ timeout: 30_000 });

      // The command's end reaches the extension a moment after its output is drawn: until then the item
      // says no command has finished, and it is chosen again.
      const notFinished = vscode.workbench.notification(/no command has finished in this terminal/);
      for (let attempt = 0; ; attempt++) {
        await terminal.click({ button: 'right' });
        // A menu item is chosen as a person would with the keyboard: pointed at (which focuses it), then Enter.
        await page().locator('.context-view .action-label', { hasText: 'Add Last Command and Output to svc Chat' }).hover({ timeout: 15_000 });
        await page().keyboard.press('Enter');
        const outcome = await addedOrRefused(composer, notFinished);
        if (outcome === 'added') break;
        assert.ok(attempt < 5, 'the last command was recorded');
        await notFinished.locator('.codicon-notifications-clear').click();
      }
      const text = await composer.inputValue();
      assert.match(text, /^Terminal command in .*workspace \(exit code 0\):\n```console\n\$ sleep 1; echo hello-from-e2e\nhello-from-e2e\n```\n$/);
      await vscode.workbench.screenshot('terminal-01-last-command-in-chat');
    });

    it('adds the terminal\'s selection to the chat\'s message box, after what is already there, and puts the clipboard back', async () => {
      // The selection is read through the clipboard, which a browser lets a page read only when allowed.
      await page().context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page().url()).origin });
      await page().evaluate(() => navigator.clipboard.writeText('what the user had copied'));
      const composer = chat().getByTestId('composer-input');
      const before = await composer.inputValue();
      const terminal = page().locator('.terminal-wrapper.active .xterm');
      // A double click selects the word under the pointer: the command's output line.
      const line = await terminal.locator('.xterm-rows > div', { hasText: /^hello-from-e2e\s*$/ }).first().boundingBox();
      assert.ok(line, 'the output line is shown');
      await page().mouse.dblclick(line.x + 20, line.y + line.height / 2);
      await terminal.click({ button: 'right' });
      await page().locator('.context-view .action-label', { hasText: 'Add Selection to svc Chat' }).hover({ timeout: 15_000 });
      await page().keyboard.press('Enter');
      const deadline = Date.now() + 30_000;
      while ((await composer.inputValue()) === before && Date.now() < deadline) await page().waitForTimeout(100);
      const added = (await composer.inputValue()).slice(before.length);
      assert.equal(added, 'From the terminal:\n```console\nhello-from-e2e\n```\n');
      assert.equal(await page().evaluate(() => navigator.clipboard.readText()), 'what the user had copied', 'the clipboard is put back');
      await vscode.workbench.screenshot('terminal-02-selection-in-chat');
    });
  });
}
