// The extensionTestsPath module of bench/startupAndSize.bench.ts: runs inside the real extension host,
// activates the extension once and writes what VS Code itself recorded about that activation (its
// performance marks) to the file SVC_STARTUP_RESULTS names.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as vscode from 'vscode';

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
  /** performance.now() around extension.activate() in this module: the marks' span plus the host's own queueing. */
  apiCallMs: number;
  /** Bundled modules loaded by the activation that should have waited for first use. */
  eagerLibraries: string[];
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

export async function run(): Promise<void> {
  const resultsFile = process.env.SVC_STARTUP_RESULTS;
  if (!resultsFile) throw new Error('SVC_STARTUP_RESULTS must name the results file');
  const extension = vscode.extensions.getExtension(extensionId);
  if (!extension) throw new Error(`${extensionId} is not installed in this extension host`);
  if (extension.isActive) throw new Error(`${extensionId} was already active: nothing left to measure`);
  const started = performance.now();
  await extension.activate();
  const apiCallMs = performance.now() - started;
  const all = marks();
  const willLoad = mark(all, 'willLoadExtensionCode');
  const didLoad = mark(all, 'didLoadExtensionCode');
  const willActivate = mark(all, 'willActivateExtension');
  const didActivate = mark(all, 'didActivateExtension');
  const eagerLibraries = Object.keys(require.cache).filter((file) => /[\\/]dist[\\/](vendor|emulator)[\\/]|[\\/]dist[\\/]emulator\.js$/.test(file));
  // After the measurement: the shipped (in production, brotli-compressed) tokenizer must load in this host.
  const tokenizer = createRequire(__filename)(path.join(extension.extensionPath, 'dist', 'vendor', 'gpt-tokenizer.js')) as { countTokens(text: string): number };
  const sample: ActivationSample = {
    codeLoadingMs: didLoad - willLoad,
    activateMs: didActivate - willActivate,
    activationMs: didLoad - willLoad + (didActivate - willActivate),
    contextMs: willActivate - didLoad,
    totalMs: didActivate - willLoad,
    apiCallMs,
    eagerLibraries,
    tokenizerCount: tokenizer.countTokens('hello world, tokenizer'),
  };
  fs.writeFileSync(resultsFile, JSON.stringify(sample));
}
