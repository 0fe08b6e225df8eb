// The extensionTestsPath module of bench/startupAndSize.bench.ts: runs inside the real extension host,
// activates the extension (ours, or the minimal webview baseline) once and records what VS Code itself
// recorded about that activation (its performance marks), then opens its view and times it until the
// view's `ready` was answered, with the steps the view marked, and writes all to SVC_STARTUP_RESULTS.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { CHAT_VIEW_MARKS } from '../../src/extension/chatViewMarks';
import { MINIMAL_MARKS } from '../fixtures/minimalWebview/extension';

interface PerformanceMark {
  name: string;
  startTime: number;
}

/** Whose view is opened: ours, or the minimal webview of bench/fixtures/minimalWebview (the baseline). */
export type Contender = 'svc' | 'minimal';

/** What the probe needs of each contender, named by SVC_STARTUP_CONTENDER. */
const CONTENDERS = {
  svc: { extensionId: 'svc-labs.svc-vscode', openCommand: 'svc.focusChat', marks: CHAT_VIEW_MARKS },
  minimal: { extensionId: 'svc-bench.minimal-webview', openCommand: 'minimal.focus', marks: { ...MINIMAL_MARKS, hostStarted: undefined, initPosted: undefined } },
} as const;

export interface ActivationSample {
  contender: Contender;
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
  /** The open command run on the activated extension until the chat host (dist/chatHost.js) was loaded and started; null for the minimal view or a build that marks no steps. */
  openToHostMs: number | null;
  /** The open command run until it returned: the view revealed (its page may still be loading). */
  openToFocusedMs: number;
  /** The open command run until the view's HTML was set (the browser starts loading the page); null when the view marks no steps. */
  openToResolvedMs: number | null;
  /** The open command run until the page's `ready` reached the host (the page loaded and its script ran); null when the view marks no steps. */
  openToPageReadyMs: number | null;
  /** The open command run until the host posted `init`; null for the minimal view, which answers at once, or when the view marks no steps. */
  openToInitPostedMs: number | null;
  /** The open command run until the view's page received the answer to its `ready` (init). */
  openToReadyMs: number;
  /**
   * totalMs + openToReadyMs: the wait of someone opening the view in a fresh window, from the start of
   * activation until the view is shown (the host loaded, the view resolved, the page loaded and answered).
   */
  viewReadyMs: number;
  /** Files of dist/ required in the extension host once the view is ready, with their sizes (a brotli loader's with its `.br`). */
  viewFiles: Array<{ file: string; bytes: number }>;
  /** Tokens of a fixed sentence counted by the shipped tokenizer, loaded in this host after the measurement; null for the minimal view. */
  tokenizerCount: number | null;
}

interface ViewApi {
  viewReady(): Promise<void>;
}

interface OpenedApi {
  chatHost?: () => Promise<ViewApi>;
  viewReady?: () => Promise<void>;
}

function marks(): PerformanceMark[] {
  const holder = globalThis as { MonacoPerformanceMarks?: { getMarks(): PerformanceMark[] } };
  if (!holder.MonacoPerformanceMarks) throw new Error('this extension host exposes no MonacoPerformanceMarks');
  return holder.MonacoPerformanceMarks.getMarks();
}

function mark(all: PerformanceMark[], name: string, extensionId: string): number {
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

/** How long after `since` the extension host's Node timeline got `name` (the view's own marks); null for a build that marks no such step. */
function nodeMarkAfter(name: string | undefined, since: number): number | null {
  const found = name === undefined ? undefined : performance.getEntriesByName(name, 'mark').at(-1);
  return found ? performance.timeOrigin + found.startTime - since : null;
}

export async function run(): Promise<void> {
  const resultsFile = process.env.SVC_STARTUP_RESULTS;
  if (!resultsFile) throw new Error('SVC_STARTUP_RESULTS must name the results file');
  const contender = process.env.SVC_STARTUP_CONTENDER === 'minimal' ? 'minimal' : 'svc';
  const { extensionId, openCommand, marks: viewMarks } = CONTENDERS[contender];
  const extension = vscode.extensions.getExtension<OpenedApi>(extensionId);
  if (!extension) throw new Error(`${extensionId} is not installed in this extension host`);
  if (extension.isActive) throw new Error(`${extensionId} was already active: nothing left to measure`);
  const api = await extension.activate();
  const all = marks();
  const willLoad = mark(all, 'willLoadExtensionCode', extensionId);
  const didLoad = mark(all, 'didLoadExtensionCode', extensionId);
  const willActivate = mark(all, 'willActivateExtension', extensionId);
  const didActivate = mark(all, 'didActivateExtension', extensionId);
  const activationFiles = loadedDistFiles(extension.extensionPath);

  // The marks are Date.now() values in a Node extension host, so this clock is the same one.
  const opening = Date.now();
  const focused = vscode.commands.executeCommand(openCommand);
  await focused;
  const openToFocusedMs = Date.now() - opening;
  // Asked once the command returned, so the probe does not load the chat host earlier than the command would.
  const viewReady = api.chatHost ? (await api.chatHost()).viewReady() : api.viewReady?.();
  if (!viewReady) throw new Error(`${extensionId} exports neither chatHost() nor viewReady()`);
  await withTimeout(viewReady, 'the view answering its ready message');
  // The view's own mark when it has one: the page may have got its answer before the command returned.
  const openToReadyMs = nodeMarkAfter(viewMarks.initDelivered, opening) ?? Date.now() - opening;
  const sizeOf = (file: string): number => (fs.existsSync(file) ? fs.statSync(file).size : 0);
  const viewFiles = loadedDistFiles(extension.extensionPath).map((file) => {
    const full = path.join(extension.extensionPath, 'dist', file);
    return { file: fs.existsSync(`${full}.br`) ? `${file} + .br` : file, bytes: sizeOf(full) + sizeOf(`${full}.br`) };
  });
  // After the measurement: the shipped (in production, brotli-compressed) tokenizer must load in this host.
  const tokenizerFile = path.join(extension.extensionPath, 'dist', 'vendor', 'gpt-tokenizer.js');
  const tokenizer = contender === 'svc' ? (createRequire(__filename)(tokenizerFile) as { countTokens(text: string): number }) : undefined;
  const sample: ActivationSample = {
    contender,
    codeLoadingMs: didLoad - willLoad,
    activateMs: didActivate - willActivate,
    activationMs: didLoad - willLoad + (didActivate - willActivate),
    contextMs: willActivate - didLoad,
    totalMs: didActivate - willLoad,
    activationFiles,
    openToHostMs: nodeMarkAfter(viewMarks.hostStarted, opening),
    openToFocusedMs,
    openToResolvedMs: nodeMarkAfter(viewMarks.resolved, opening),
    openToPageReadyMs: nodeMarkAfter(viewMarks.ready, opening),
    openToInitPostedMs: nodeMarkAfter(viewMarks.initPosted, opening),
    openToReadyMs,
    viewReadyMs: didActivate - willLoad + openToReadyMs,
    viewFiles,
    tokenizerCount: tokenizer ? tokenizer.countTokens('hello world, tokenizer') : null,
  };
  fs.writeFileSync(resultsFile, JSON.stringify(sample));
}
