// Two VS Code windows with no folder open, each with its own extension host: they share the extension's
// global storage folder (VS Code gives two windows on one folder separate workspace storage). Both chat
// at the same time and see each other's conversations after a reload; one deletes a conversation the
// other still shows and chats in, and it does not come back.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { Workbench } from '../harness/workbench';
import { e2eResults, extensionId, themes, useVsCode } from './vscodeSession';

const theme = themes[0];
if (!theme) throw new Error('no theme to run in');

describe('svc in two VS Code windows with no folder open', function () {
  this.timeout(180_000);
  const vscode = useVsCode(theme, { window: 'empty' });

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

  /** The conversation list of the window after a reload, open. */
  async function reloadedList(workbench: Workbench): Promise<{ chat: FrameLocator; titles: string[] }> {
    await workbench.reloadWindow();
    const chat = await openChat(workbench);
    const toggle = chat.locator('[data-action="toggle-conversations"]');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const titles = chat.locator('.conversation-list .conversation-title');
    await titles.first().waitFor({ timeout: 30_000 });
    return { chat, titles: await titles.allTextContents() };
  }

  it('both windows chat at once; a conversation one window deletes stays deleted though the other chats in it', async () => {
    const emptyWindow = `${vscode.server.url}/?ew=true`;
    const one = vscode.workbench;
    const two = new Workbench(await one.page.context().newPage(), path.join(e2eResults, theme.name, 'second-window'));
    await two.open(emptyWindow);
    const chatOne = await openChat(one);
    const chatTwo = await openChat(two);
    await Promise.all([send(chatOne, 'Written in window one'), send(chatTwo, 'Written in window two')]);

    const listed = await reloadedList(two);
    for (const text of ['Written in window one', 'Written in window two']) {
      assert.ok(listed.titles.some((t) => t.includes(text)), `window two lists "${text}" (listed: ${listed.titles.join(' | ')})`);
    }
    const item = listed.chat.locator('.conversation-item').filter({ hasText: 'Written in window one' });
    await item.hover();
    await item.locator('[data-action="delete-conversation"]').click();
    const dialog = two.page.locator('.monaco-dialog-box');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await item.waitFor({ state: 'detached', timeout: 15_000 });

    // Window one still shows the deleted conversation and sends in it: the message goes into a new conversation.
    await one.page.bringToFront();
    await send(chatOne, 'Sent after the deletion');
    for (const [name, workbench] of [['one', one], ['two', two]] as const) {
      const { titles } = await reloadedList(workbench);
      assert.ok(!titles.some((t) => t.includes('Written in window one')), `window ${name} does not bring the deleted conversation back (listed: ${titles.join(' | ')})`);
      assert.ok(titles.some((t) => t.includes('Written in window two')), `window ${name} lists window two's conversation (listed: ${titles.join(' | ')})`);
      assert.ok(titles.some((t) => t.includes('Sent after the deletion')), `window ${name} lists the message sent after the deletion in a new conversation (listed: ${titles.join(' | ')})`);
    }
    await two.page.close();
  });
});
