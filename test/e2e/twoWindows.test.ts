// Two VS Code windows with no folder open, each with its own extension host: they share the extension's
// global storage folder (VS Code gives two windows on one folder separate workspace storage). Both chat
// at the same time, and after a reload each window lists both conversations.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { Workbench } from '../harness/workbench';
import { e2eResults, extensionId, themes, useVsCode } from './vscodeSession';

const theme = themes[0];
if (!theme) throw new Error('no theme to run in');

describe('svc in two VS Code windows with no folder open', function () {
  this.timeout(180_000);
  const vscode = useVsCode(theme);

  async function openChat(workbench: Workbench): Promise<FrameLocator> {
    await workbench.runCommand('svc: Focus Chat');
    const chat = workbench.webviewView(extensionId);
    await chat.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    await chat.getByTestId('model-picker').locator('option').first().waitFor({ state: 'attached', timeout: 30_000 });
    return chat;
  }

  async function send(chat: FrameLocator, text: string): Promise<void> {
    await chat.getByTestId('composer-input').fill(`Reply with exactly "${text}"`);
    await chat.getByTestId('send').click();
    await chat.locator('[data-testid="message"][data-role="assistant"]').getByTestId('message-content').filter({ hasText: text }).waitFor({ timeout: 60_000 });
  }

  async function listedTitles(workbench: Workbench): Promise<string[]> {
    await workbench.reloadWindow();
    const chat = await openChat(workbench);
    const toggle = chat.locator('[data-action="toggle-conversations"]');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const titles = chat.locator('.conversation-list .conversation-title');
    await titles.first().waitFor({ timeout: 30_000 });
    return titles.allTextContents();
  }

  it('both windows chat at once, and each lists both conversations after a reload', async () => {
    const emptyWindow = `${vscode.server.url}/?ew=true`;
    const one = vscode.workbench;
    await one.open(emptyWindow);
    const two = new Workbench(await one.page.context().newPage(), path.join(e2eResults, theme.name, 'second-window'));
    await two.open(emptyWindow);
    const [chatOne, chatTwo] = [await openChat(one), await openChat(two)];
    await Promise.all([send(chatOne, 'Written in window one'), send(chatTwo, 'Written in window two')]);
    for (const [name, workbench] of [['one', one], ['two', two]] as const) {
      const titles = await listedTitles(workbench);
      for (const text of ['Written in window one', 'Written in window two']) {
        assert.ok(titles.some((t) => t.includes(text)), `window ${name} lists "${text}" (listed: ${titles.join(' | ')})`);
      }
    }
    await two.page.close();
  });
});
