// The chat's frame in a real VS Code side bar, light theme: at 400 px and at VS Code's narrowest side bar
// (170 px) nothing of the composer, messages, error or history runs past the edge; the one svc status item
// is calm on the local emulator and opens a quick pick; a reply's code is highlighted by the script the page loads
// on first use; a network error offers its fixes as buttons.
import assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { overflowing, setSideBarWidth } from './sideBar';
import { extensionId, themes, useVsCode, type VsCodeSession } from './vscodeSession';

const light = themes.find((t) => t.name === 'light')!;

async function openChat(vscode: VsCodeSession): Promise<FrameLocator> {
  await vscode.workbench.runCommand('svc: Focus Chat');
  const chat = vscode.workbench.webviewView(extensionId);
  await chat.getByTestId('composer-input').waitFor({ timeout: 30_000 });
  await chat.getByTestId('model-picker').locator('option').first().waitFor({ state: 'attached', timeout: 30_000 });
  return chat;
}

async function atWidths(vscode: VsCodeSession, chat: FrameLocator, name: string): Promise<void> {
  for (const width of [400, 170]) {
    await setSideBarWidth(vscode.workbench.page, width);
    await chat.locator('body').evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await vscode.workbench.screenshot(`${name}-${width}px`);
    assert.deepEqual(await overflowing(chat), [], `${name} at ${width} px`);
  }
}

describe('the chat at sidebar widths, the status item (light theme)', function () {
  this.timeout(120_000);
  const vscode = useVsCode(light, { settings: { 'svc.thinking': false } });

  it('one calm svc status item on the local emulator, whose click is a quick pick, not a modal', async () => {
    const chat = await openChat(vscode);
    await chat.getByTestId('composer-input').fill('Reply with exactly "frame check"');
    await chat.getByTestId('send').click();
    await chat.locator('[data-testid="message"][data-role="assistant"]').getByTestId('message-content').filter({ hasText: 'frame check' }).waitFor({ timeout: 30_000 });
    const page = vscode.workbench.page;
    const svcItems = page.locator('.part.statusbar .statusbar-item').filter({ hasText: /svc/ });
    assert.equal(await svcItems.count(), 1, 'one svc item');
    assert.equal(await page.locator('.part.statusbar .statusbar-item .codicon-credit-card').count(), 0, 'no second balance item');
    assert.match((await svcItems.first().innerText()).trim(), /svc: local emulator/);
    assert.equal(await svcItems.first().evaluate((e) => e.classList.contains('warning-kind') || e.classList.contains('error-kind')), false, 'no warning colours for the emulator');
    await svcItems.first().click();
    const pick = page.locator('.quick-input-widget');
    await pick.locator('.quick-input-list .monaco-list-row', { hasText: 'Balance' }).waitFor({ timeout: 15_000 });
    assert.ok(await pick.locator('.quick-input-list .monaco-list-row', { hasText: 'Use the svc Service' }).count());
    await vscode.workbench.screenshot('chrome-status-quick-pick');
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no modal dialog');
    await page.keyboard.press('Escape');
  });

  it('the chat and its composer fit at 400 px and at 170 px', async () => {
    const chat = vscode.workbench.webviewView(extensionId);
    await atWidths(vscode, chat, 'chrome-chat');
  });

  it('the history list fits at 400 px and at 170 px, and closes when a conversation is chosen', async () => {
    const chat = vscode.workbench.webviewView(extensionId);
    await chat.locator('[data-action="toggle-conversations"]').click();
    await chat.getByTestId('conversation-day').first().waitFor({ timeout: 15_000 });
    assert.equal((await chat.getByTestId('conversation-day').first().innerText()).toLowerCase(), 'today');
    await atWidths(vscode, chat, 'chrome-history');
    await chat.locator('.conversation-open').first().click();
    await chat.getByTestId('conversation-panel').waitFor({ state: 'hidden', timeout: 15_000 });
  });

  it("highlights a reply's code with the highlighter the page loads from the extension under its own nonce", async () => {
    const chat = vscode.workbench.webviewView(extensionId);
    await chat.getByTestId('composer-input').fill('Reply with exactly "```ts\nconst highlighted = 42;\n```"');
    await chat.getByTestId('send').click();
    const code = chat.locator('[data-testid="message"][data-role="assistant"] code.language-ts').filter({ hasText: 'const highlighted = 42;' });
    await code.locator('.hljs-keyword').first().waitFor({ timeout: 30_000 });
    const script = chat.locator('script[src$="/webviewHighlight.js"]');
    assert.equal(await script.count(), 1, 'one highlighter script');
    assert.ok((await script.evaluate((element) => (element as HTMLScriptElement).nonce ?? '')).length >= 22, 'it carries the page nonce');
  });
});

describe('a network error offers its fixes (light theme)', function () {
  this.timeout(120_000);
  // A key and a service address that cannot resolve: every request fails before it is sent.
  const vscode = useVsCode(light, { env: { SVC_API_KEY: 'sk-e2e-unreachable' }, settings: { 'svc.baseUrl': 'https://svc-unreachable.invalid/v1', 'svc.thinking': false } });

  it('says it cannot reach the host in words, with Retry, Open Proxy Settings and Use Local Emulator, and fits at both widths', async () => {
    const chat = await openChat(vscode);
    await chat.getByTestId('composer-input').fill('Hello?');
    await chat.getByTestId('send').click();
    const error = chat.locator('[data-testid="message"][data-role="assistant"]').getByTestId('error');
    await error.waitFor({ timeout: 60_000 });
    const text = await error.innerText();
    assert.match(text, /Can't reach svc-unreachable\.invalid/);
    assert.match(text, /proxy \(http\.proxy\)/);
    assert.deepEqual((await error.locator('button').allInnerTexts()).map((t) => t.trim()), ['Retry Now', 'Open Proxy Settings', 'Use Local Emulator']);
    await atWidths(vscode, chat, 'chrome-network-error');
  });
});
