// Drives the VS Code web workbench the way a person does: activity bar, command palette, webviews, reload.
// Selectors are VS Code's own DOM classes (stable across 1.13x) and the extension's data-testids.
import fs from 'node:fs';
import path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';

export class Workbench {
  constructor(readonly page: Page, private screenshotDir: string) {
    fs.mkdirSync(screenshotDir, { recursive: true });
  }

  /** Later screenshots go to `dir` (a window switched to another colour theme keeps each theme's in its own folder). */
  saveScreenshotsIn(dir: string): void {
    fs.mkdirSync(dir, { recursive: true });
    this.screenshotDir = dir;
  }

  async open(url: string): Promise<void> {
    // Loading the workbench's scripts takes far longer than Playwright's 30 s default on a loaded machine.
    await this.page.goto(url, { timeout: 120_000 });
    await this.waitUntilReady();
  }

  /** The workbench is up and the extension host has started (the status bar shows its items). */
  async waitUntilReady(): Promise<void> {
    await this.page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
    await this.page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
  }

  activityBarItem(title: string): Locator {
    // The aria-label is the title, plus " (keybinding)" when the container has one.
    return this.page.locator(`.part.activitybar .action-item a[aria-label="${title}"], .part.activitybar .action-item a[aria-label^="${title} ("]`).first();
  }

  /** The side-bar pane header of a view, e.g. "Chat". */
  sideBarTitle(): Locator {
    return this.page.locator('.part.sidebar .composite.title');
  }

  /**
   * The content of a WebviewView: VS Code hosts it in iframe.webview (its own pre/index.html) around
   * iframe#active-frame (the extension's HTML); the outer one carries the extension id in its src.
   */
  webviewView(extensionId: string): FrameLocator {
    return this.page
      .frameLocator(`iframe.webview.ready[src*="extensionId=${extensionId}"][src*="purpose=webviewView"]`)
      .frameLocator('#active-frame');
  }

  /**
   * Runs a command from the palette by its full title, e.g. "svc: New Chat", clicking exactly that entry. The palette lists the commands known when it opens; an extension's
   * commands appear only once its extension host has registered them (later after a reload on a loaded
   * machine), and it closes if the focus moves while it opens, so it is opened again until the command is
   * listed and clicked or the time is up.
   */
  async runCommand(title: string, timeoutMs = 45_000): Promise<void> {
    await this.startCommand(title, new RegExp(`^${escapeRegExp(title)}$`), timeoutMs);
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
  }

  /**
   * Clicks the palette's entry whose label matches `label` after typing `typed`, and returns at once: for a
   * command that opens a QuickPick of its own in the palette's place (runCommand waits for it to close).
   */
  async startCommand(typed: string, label: RegExp, timeoutMs = 45_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    const exactLabel = this.page.locator('.label-name', { hasText: label });
    const row = this.page.locator('.quick-input-widget .monaco-list-row').filter({ has: exactLabel }).first();
    for (let attempt = 0; ; attempt++) {
      if (attempt % 2 === 0) {
        // F1 goes to the webview when it has focus; a click on the empty editor area hands focus back to the workbench.
        await this.page.locator('.monaco-workbench .part.editor').click({ position: { x: 5, y: 5 } });
        await this.page.keyboard.press('F1');
      } else {
        // An editor that focuses its own input once clicked (the Settings editor's search) closes the palette F1
        // opened: the title bar's command center opens it without a click in the editor, and `>` asks for commands.
        await this.page.locator('.command-center .command-center-center').click({ timeout: 5_000 }).catch(() => this.page.keyboard.press('F1'));
      }
      try {
        // The palette closes when anything takes the focus while it opens (a view that just got an event
        // focusing its own element): it is opened again rather than typed into while hidden.
        await input.waitFor({ timeout: 10_000 });
        await input.fill(`>${typed}`, { timeout: 5_000 });
        await row.click({ timeout: 5_000 });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await this.page.keyboard.press('Escape');
      }
    }
  }

  async reloadWindow(): Promise<void> {
    const reloaded = this.page.waitForEvent('load', { timeout: 60_000 });
    await this.runCommand('Developer: Reload Window');
    await reloaded;
    await this.waitUntilReady();
  }

  notification(text: string | RegExp): Locator {
    return this.page.locator('.notifications-toasts .notification-toast').filter({ hasText: text }).first();
  }

  async screenshot(name: string): Promise<string> {
    const file = path.join(this.screenshotDir, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
