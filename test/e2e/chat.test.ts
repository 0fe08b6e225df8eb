// The first end-to-end scenarios, as a person uses the extension: open the svc view from the activity bar,
// chat on the local emulator, use the command palette, reload the window. Run once per colour theme;
// the steps of one theme build on each other, in order.
import assert from 'node:assert/strict';
import { extensionId, themes, useVsCode } from './vscodeSession';

for (const theme of themes) {
  describe(`svc in VS Code (${theme.name} theme)`, function () {
    this.timeout(90_000);
    const vscode = useVsCode(theme);
    const chat = () => vscode.workbench.webviewView(extensionId);

    async function sendAndAwaitReply(text: string): Promise<string> {
      const view = chat();
      const before = await view.locator('[data-testid="message"][data-role="assistant"]').count();
      await view.getByTestId('composer-input').fill(`Reply with exactly "${text}"`);
      await view.getByTestId('send').click();
      const reply = view.locator('[data-testid="message"][data-role="assistant"]').nth(before).getByTestId('message-content');
      await reply.filter({ hasText: text }).waitFor({ timeout: 30_000 });
      return (await reply.textContent()) ?? '';
    }

    it('opens the svc view from the activity bar', async () => {
      const { workbench } = vscode;
      await workbench.activityBarItem('svc').click();
      await workbench.sideBarTitle().filter({ hasText: /svc/i }).waitFor({ timeout: 30_000 });
      await chat().getByTestId('composer-input').waitFor({ timeout: 30_000 });
      await chat().getByTestId('status-banner').filter({ hasText: /local emulator/i }).waitFor({ timeout: 30_000 });
      await workbench.screenshot('01-view-open');
    });

    it('streams a reply from the emulator into the view', async () => {
      const reply = await sendAndAwaitReply('Hello from the end-to-end test');
      assert.match(reply, /Hello from the end-to-end test/);
      const user = chat().locator('[data-testid="message"][data-role="user"]').last();
      assert.match((await user.textContent()) ?? '', /Hello from the end-to-end test/);
      await vscode.workbench.screenshot('02-reply-streamed');
    });

    it('runs "svc: New Chat" from the command palette and the conversation clears', async () => {
      assert.ok((await chat().getByTestId('message').count()) > 0, 'the previous step left no message to clear');
      await vscode.workbench.runCommand('svc: New Chat');
      await chat().getByTestId('message').first().waitFor({ state: 'detached', timeout: 15_000 });
      assert.equal(await chat().getByTestId('message').count(), 0);
      await vscode.workbench.screenshot('03-palette-new-chat');
    });

    it('comes back after "Developer: Reload Window" and chats again', async () => {
      const { workbench } = vscode;
      await workbench.reloadWindow();
      // The side bar remembers the svc view; open it from the activity bar if the layout did not restore it.
      if (!(await workbench.sideBarTitle().filter({ hasText: /svc/i }).isVisible())) await workbench.activityBarItem('svc').click();
      await chat().getByTestId('composer-input').waitFor({ timeout: 30_000 });
      const reply = await sendAndAwaitReply('Back after the reload');
      assert.match(reply, /Back after the reload/);
      await workbench.screenshot('04-after-reload');
    });
  });
}
