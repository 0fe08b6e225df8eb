// The extensionTestsPath module of bench/startupAndSize.bench.ts: runs inside the real extension host,
// activates the extension once and records what VS Code itself recorded about that activation (its
// performance marks), then opens the chat view and times it until the view's `ready` was answered,
// and writes both to the file SVC_STARTUP_RESULTS names.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SvcExtensionApi } from '../../src/extension/extension';

const extensionId = 'svc-labs.svc-vscode';

interface PerformanceMark {
  name: string;
  startTime: number;
}

export interface ActivationSample {
  /** VS Code's marks: willLoadExtensionCode → didLoadExtensionCode (require of dist/extension.js). */
  codeLoadingMs: number;
  /** willActivateExtension → didActivateExtension (activate() called and its promise settled). */
  activateMs: number;
  /**
   * codeLoadingMs + activateMs: the figure of VS Code's Running Extensions view ("Activation: N ms",
   * code loading + the synchronous activate() call), plus the time until activate()'s promise settled.
   */
  activationMs: number;
  /** didLoadExtensionCode → willActivateExtension: the host preparing the ExtensionContext (storage, secrets). */
  contextMs: number;
  /** willLoadExtensionCode → didActivateExtension: wall clock of the whole activation. */
  totalMs: number;
  /** Files of dist/ that activation itself loaded (only dist/extension.js is expected). */
  activationFiles: string[];
  /** svc.focusChat run on the activated extension until the chat host (dist/chatHost.js) was loaded and started. */
  openToHostMs: number;
  /** svc.focusChat run on the activated extension until it returned: the view revealed (its page still loading). */
  openToFocusedMs: number;
  /** svc.focusChat run on the activated extension until the chat view's page received the answer to its `ready` (init). */
  openToReadyMs: number;
  /**
   * totalMs + openToReadyMs: the wait of someone opening the chat in a fresh window, from the start of
   * activation until the chat is shown (the host loaded, the view resolved, the page loaded and answered).
   */
  viewReadyMs: number;
  /** Files of dist/ required in the extension host once the view is ready, with their sizes (a brotli loader's with its `.br`). */
  viewFiles: Array<{ file: string; bytes: number }>;
  /** Tokens of a fixed sentence counted by the shipped tokenizer, loaded in this host after the measurement. */
  tokenizerCount: number;
}

function marks(): PerformanceMark[] {
  const holder = globalThis as { MonacoPerformanceMarks?: { getMarks(): PerformanceMark[] } };
  if (!holder.MonacoPerformanceMarks) throw new Error('this extension host exposes no MonacoPerformanceMarks');
  return holder.MonacoPerformanceMarks.getMarks();
}

function mark(all: PerformanceMark[], name: string): number {
  const found = all.find((m) => m.name === `code/extHost/${name}/${extensionId}`);
  if (!found) throw new Error(`VS Code recorded no ${name} mark for ${extensionId}`);
  return found.startTime;
}

/** Files under the extension's dist/ folder in the host's module cache, relative to dist/. */
function loadedDistFiles(extensionPath: string): string[] {
  const dist = path.join(extensionPath, 'dist') + path.sep;
  return Object.keys(require.cache)
    .filter((file) => file.startsWith(dist))
    .map((file) => file.slice(dist.length).split(path.sep).join('/'))
    .sort();
}

const VIEW_READY_TIMEOUT_MS = 60_000;

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${VIEW_READY_TIMEOUT_MS / 1000} s`)), VIEW_READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function run(): Promise<void> {
  const resultsFile = process.env.SVC_STARTUP_RESULTS;
  if (!resultsFile) throw new Error('SVC_STARTUP_RESULTS must name the results file');
  const extension = vscode.extensions.getExtension<SvcExtensionApi>(extensionId);
  if (!extension) throw new Error(`${extensionId} is not installed in this extension host`);
  if (extension.isActive) throw new Error(`${extensionId} was already active: nothing left to measure`);
  const api = await extension.activate();
  const all = marks();
  const willLoad = mark(all, 'willLoadExtensionCode');
  const didLoad = mark(all, 'didLoadExtensionCode');
  const willActivate = mark(all, 'willActivateExtension');
  const didActivate = mark(all, 'didActivateExtension');
  const activationFiles = loadedDistFiles(extension.extensionPath);

  // The marks are Date.now() values in a Node extension host, so this clock is the same one.
  const opening = Date.now();
  const focused = vscode.commands.executeCommand('svc.focusChat');
  const host = await api.chatHost();
  const openToHostMs = Date.now() - opening;
  await focused;
  const openToFocusedMs = Date.now() - opening;
  await withTimeout(host.viewReady(), 'the chat view answering its ready message');
  const openToReadyMs = Date.now() - opening;
  const sizeOf = (file: string): number => (fs.existsSync(file) ? fs.statSync(file).size : 0);
  const viewFiles = loadedDistFiles(extension.extensionPath).map((file) => {
    const full = path.join(extension.extensionPath, 'dist', file);
    return { file: fs.existsSync(`${full}.br`) ? `${file} + .br` : file, bytes: sizeOf(full) + sizeOf(`${full}.br`) };
  });
  // After the measurement: the shipped (in production, brotli-compressed) tokenizer must load in this host.
  const tokenizer = createRequire(__filename)(path.join(extension.extensionPath, 'dist', 'vendor', 'gpt-tokenizer.js')) as { countTokens(text: string): number };
  const sample: ActivationSample = {
    codeLoadingMs: didLoad - willLoad,
    activateMs: didActivate - willActivate,
    activationMs: didLoad - willLoad + (didActivate - willActivate),
    contextMs: willActivate - didLoad,
    totalMs: didActivate - willLoad,
    activationFiles,
    openToHostMs,
    openToFocusedMs,
    openToReadyMs,
    viewReadyMs: didActivate - willLoad + openToReadyMs,
    viewFiles,
    tokenizerCount: tokenizer.countTokens('hello world, tokenizer'),
  };
  fs.writeFileSync(resultsFile, JSON.stringify(sample));
}
