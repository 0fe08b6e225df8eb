// Mocha hooks giving a describe() block its own real VS Code: a fresh code-server with the packaged .vsix
// installed, a copy of the sample workspace, a colour theme, and headless Chromium showing the workbench.
// Each step's screenshot goes to test-results/e2e/<theme>/ (e2e-vscode-1.105/ for the oldest VS Code); a failing test leaves one named after it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { launchBrowser, type Browser } from '../harness/browser';
import { installVsix, startCodeServer, workbenchUrl, type CodeServer } from '../harness/codeServer';
import { codeServerBuild, copySampleWorkspace, makeRunDir, resultsDir, vsixPath } from '../harness/toolPaths';
import { Workbench } from '../harness/workbench';

export const extensionId = 'svc-labs.svc-vscode';
/** test-results/e2e/, or test-results/e2e-vscode-1.105/ for the oldest VS Code (SVC_VSCODE=oldest). */
export const e2eResults = path.join(resultsDir, codeServerBuild().name === 'newest' ? 'e2e' : `e2e-vscode-${codeServerBuild().vscode}`);

export interface Theme {
  name: 'light' | 'dark';
  colorTheme: string;
}

export const themes: Theme[] = [
  { name: 'light', colorTheme: 'Default Light Modern' },
  { name: 'dark', colorTheme: 'Default Dark Modern' },
];

/** The themes "Preferences: Toggle between Light/Dark Themes" switches between. */
const preferredThemes = {
  'workbench.preferredLightColorTheme': themes.find((t) => t.name === 'light')?.colorTheme,
  'workbench.preferredDarkColorTheme': themes.find((t) => t.name === 'dark')?.colorTheme,
};

let installedExtensionsDir: string | undefined;

/**
 * The folder of this run (profiles, workspaces, logs), named by the runner in SVC_E2E_RUN_DIR so that the
 * runner can remove it after a passing run; the runner and the test files may load this module separately.
 */
function newRunDir(name: string): string {
  const parent = process.env.SVC_E2E_RUN_DIR ?? path.join(e2eResults, 'runs');
  return makeRunDir(parent, name);
}

/** The variable by which the runner hands its spec processes the extensions dir it installed the .vsix into. */
export const EXTENSIONS_DIR_ENV = 'SVC_E2E_EXTENSIONS_DIR';

/**
 * Installs the .vsix into an extensions dir every session of the run shares: once per run, by the runner
 * (`installForRun`), whose spec processes are told where; a spec process started alone installs it itself.
 */
export function installForRun(): string {
  const runDir = newRunDir('install');
  const extensionsDir = path.join(runDir, 'extensions');
  installVsix({ runDir, extensionsDir, vsix: process.env.SVC_VSIX ?? vsixPath });
  return extensionsDir;
}

function extensionsDirWithVsix(): string {
  installedExtensionsDir ??= process.env[EXTENSIONS_DIR_ENV] || installForRun();
  return installedExtensionsDir;
}

export interface VsCodeSession {
  readonly workbench: Workbench;
  readonly workspace: string;
  readonly server: CodeServer;
  /** The session's folder: user-data/ (settings, workspace storage), workspace/, logs. */
  readonly runDir: string;
  /** The colour theme the window shows now. */
  readonly theme: Theme;
  /**
   * Switches the window to `theme` without starting another VS Code: "Preferences: Toggle between Light/Dark
   * Themes" from the command palette (the session names both themes as the preferred light and dark ones),
   * then waits until the workbench and `view` (a webview, when one is open) show it. Later screenshots go to
   * that theme's folder. The palette takes the focus: what closes on blur (a completion list) closes, and so
   * does a modal editor (the Settings page's). Every spec that shows both themes switches this way.
   */
  switchTheme(theme: Theme, view?: FrameLocator): Promise<void>;
}

export interface VsCodeOptions {
  /** More environment for code-server, and so for the extension host (e.g. the local emulator's fault hooks). */
  env?: NodeJS.ProcessEnv;
  /** More user settings. */
  settings?: Record<string, unknown>;
  /** Open the workspace untrusted, in Restricted Mode. */
  workspaceTrust?: boolean;
  /** Changes the workspace copy before VS Code opens it (e.g. makes it a git repository). */
  prepareWorkspace?: (workspace: string) => void;
  /** VS Code's display language, e.g. `zh-cn`. */
  locale?: string;
  /** Screenshots go to test-results/e2e/<theme>/<screenshotFolder>/ instead of the theme's folder. */
  screenshotFolder?: string;
  /** `empty`: the window opens with no folder (the workspace copy is still made); the sample workspace otherwise. */
  window?: 'folder' | 'empty';
}

/** Sends `text` from the chat view as an agent task: waits for the message box, picks Agent mode, sends. */
export async function sendAgentTask(chat: FrameLocator, text: string): Promise<void> {
  await chat.getByTestId('composer-input').waitFor({ timeout: 30_000 });
  // Until the host's state (with the model list) arrives, the view refuses a send: it does not know the model yet.
  await chat.getByTestId('model-picker').locator('option').first().waitFor({ state: 'attached', timeout: 30_000 });
  await chat.getByTestId('mode-picker').selectOption('agent');
  await chat.getByTestId('composer-input').fill(text);
  await chat.getByTestId('send').click();
}

/**
 * Runs "svc: New Chat" and waits until the view shows the empty conversation: the command returns once the
 * host has made it, and a message typed before the view has switched would go to the old conversation.
 */
export async function startNewChat(vscode: VsCodeSession, chat: FrameLocator): Promise<void> {
  await vscode.workbench.runCommand('svc: New Chat');
  await chat.getByTestId('message').first().waitFor({ state: 'detached', timeout: 15_000 });
}

export function useVsCode(theme: Theme, options: VsCodeOptions = {}): VsCodeSession {
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let workbench: Workbench | undefined;
  let workspace = '';
  let runDir = '';
  let current = theme;
  const pageMessages: string[] = [];
  const screenshotsOf = (shown: Theme) => path.join(e2eResults, shown.name, options.screenshotFolder ?? '');
  let screenshotDir = screenshotsOf(theme);

  before(async function () {
    this.timeout(180_000);
    const started = Date.now();
    runDir = newRunDir(theme.name);
    workspace = copySampleWorkspace(path.join(runDir, 'workspace'));
    options.prepareWorkspace?.(workspace);
    const extensionsDir = extensionsDirWithVsix();
    // Chromium starts while code-server does: neither needs the other until the workbench opens.
    const starting = launchBrowser(runDir, { colorScheme: theme.name });
    const serving = startCodeServer({
      runDir,
      extensionsDir,
      settings: { 'workbench.colorTheme': theme.colorTheme, ...preferredThemes, ...options.settings },
      // The suite runs on the extension's local emulator whatever the developer's shell has, unless a test gives a key.
      env: { SVC_API_KEY: undefined, ...options.env },
      ...(options.workspaceTrust ? { workspaceTrust: true } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
    });
    // Whichever started is kept for the after hook to end, even when the other failed.
    const [launched, served] = await Promise.allSettled([starting, serving]);
    if (launched.status === 'fulfilled') browser = launched.value;
    if (served.status === 'fulfilled') server = served.value;
    if (launched.status === 'rejected') throw launched.reason;
    if (served.status === 'rejected') throw served.reason;
    const page = launched.value.page;
    // Kept for a failed test's record: what the workbench and its webviews threw or said was wrong.
    page.on('pageerror', (error) => pageMessages.push(`${new Date().toISOString()} pageerror: ${error.stack ?? error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') pageMessages.push(`${new Date().toISOString()} ${message.type()}: ${message.text()}`);
    });
    page.on('crash', () => pageMessages.push(`${new Date().toISOString()} the page crashed`));
    workbench = new Workbench(page, screenshotDir);
    await workbench.open(options.window === 'empty' ? `${served.value.url}/?ew=true` : workbenchUrl(served.value, workspace));
    console.log(`    (VS Code with the .vsix ready in ${((Date.now() - started) / 1000).toFixed(1)}s: ${served.value.url})`);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && workbench) {
      const name = `failed-${this.currentTest.title.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
      const shot = await workbench.screenshot(name).then(() => 'taken', (error: unknown) => `not taken: ${error instanceof Error ? error.message : String(error)}`);
      fs.writeFileSync(path.join(screenshotDir, `${name}.server.log`), server?.output() ?? '');
      fs.writeFileSync(path.join(screenshotDir, `${name}.page.log`), [`screenshot ${shot}`, ...pageMessages].join('\n'));
    }
  });

  after(async function () {
    this.timeout(30_000);
    // Each takes a few seconds to end, mostly waiting for its processes to exit: ended together.
    await Promise.all([browser?.close().catch(() => undefined), server?.stop()]);
    if (server) assert.equal(server.group.isAlive(), false, 'a process of the code-server group outlived the session');
  });

  return {
    get workbench(): Workbench {
      assert.ok(workbench, 'the VS Code session did not start (see the before hook error)');
      return workbench;
    },
    get workspace(): string {
      return workspace;
    },
    get server(): CodeServer {
      assert.ok(server, 'the VS Code session did not start (see the before hook error)');
      return server;
    },
    get runDir(): string {
      return runDir;
    },
    get theme(): Theme {
      return current;
    },
    async switchTheme(next: Theme, view?: FrameLocator): Promise<void> {
      assert.ok(workbench, 'the VS Code session did not start (see the before hook error)');
      if (next.name !== current.name) {
        // A modal editor (VS Code 1.13x opens the Settings page in one) keeps the palette from opening: closed first, by its X.
        const modal = workbench.page.locator('.modal-editor-part');
        if ((await modal.count()) > 0) {
          await modal.locator('.action-label.codicon-close').first().click();
          await modal.waitFor({ state: 'hidden', timeout: 15_000 });
        }
        await workbench.runCommand('Preferences: Toggle between Light/Dark Themes');
        await workbench.page.emulateMedia({ colorScheme: next.name });
      }
      // VS Code's class for a light theme is `vs`, for a dark one `vs-dark`; a webview's body says it too.
      await workbench.page.locator(`.monaco-workbench.${next.name === 'dark' ? 'vs-dark' : 'vs'}`).waitFor({ timeout: 30_000 });
      await view?.locator(`body.vscode-${next.name}`).waitFor({ timeout: 30_000 });
      current = next;
      screenshotDir = screenshotsOf(next);
      workbench.saveScreenshotsIn(screenshotDir);
    },
  };
}
