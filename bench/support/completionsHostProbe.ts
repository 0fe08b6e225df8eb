// The extensionTestsPath module of bench/completionsHost.bench.ts: runs inside code-server's real extension
// host, with the browser workbench attached. It opens a TypeScript file in an editor and types a scripted
// session into it through VS Code's `type` command, so VS Code's own editor asks the inline completion
// providers at every keystroke as it does for a user; the extension host's event-loop delay is measured
// (perf_hooks.monitorEventLoopDelay) over the same session twice: completions off (the baseline: typing
// alone), then on through the user settings, with no API key, so our provider asks the local emulator
// that runs on its own thread in this host's process. A third session with completions on runs under the
// inspector's sampling profiler: the longest stretch of the host's thread spent with our extension's code
// on the stack is the part of a delay that is ours. Everything it measured goes to the results file the
// bench names.
import fs from 'node:fs';
import path from 'node:path';
import type { Profiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { extensionStretches, type ExtensionStretches } from './extensionStretches';

/** What the bench hands the probe (a JSON file named by SVC_COMPLETIONS_HOST_SCRIPT). */
export interface TypingScript {
  /** The file typed into, absolute; its text is put back before each session. */
  file: string;
  /** Each line is typed as `first`, a pause, then `rest` and a line break. */
  lines: Array<{ first: string; rest: string }>;
  /** A keystroke every this many milliseconds (kept to the schedule, not after each answer). */
  keyMs: number;
  /** The pause after each line's first part: the debounce, the request and the ghost text. */
  pauseMs: number;
  /** The emulator's request log (SVC_EMULATOR_LOG_FILE): the first completion came back once it grew. */
  requestLog: string;
  /** Where the CPU profile of the profiled session is also written; none when absent. */
  profile?: string;
}

export interface DelayFigures {
  maxMs: number;
  p99Ms: number;
  p50Ms: number;
  meanMs: number;
}

export interface SessionSample {
  completions: 'off' | 'on';
  keystrokes: number;
  pauses: number;
  startedAt: number;
  endedAt: number;
  delay: DelayFigures;
  /** `type` command round trips (the host to the renderer's editor and back). */
  keyRoundTripMs: { p50: number; p99: number; max: number };
}

export interface CompletionsHostSample {
  off: SessionSample;
  on: SessionSample;
  /** The profiled session with completions on: our code's stretches on the host's thread, and that session's delay (the sampler adds to it). */
  ours: { stretches: ExtensionStretches; delay: DelayFigures };
  /** The first completion after turning them on: the chat host loaded, the emulator started in this host. */
  firstCompletion: { waitedMs: number; delay: DelayFigures; startedAt: number; endedAt: number };
  /** Milliseconds the chat host took to load after the setting turned completions on. */
  hostLoadMs: number;
}

interface SvcExports {
  chatHost(): Promise<unknown>;
}

const EXTENSION_ID = 'svc-labs.svc-vscode';
/** Editor settings that keep the typed text exactly as scripted: no suggestion list over the line (it would merge its preview with the ghost text), no closing bracket or quote added. */
const EDITOR_SETTINGS: Record<string, unknown> = {
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'editor.suggestOnTriggerCharacters': false,
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
};
const FIRST_COMPLETION_TIMEOUT_MS = 120_000;
const POLL_MS = 25;

const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time));

class ProbeError extends Error {
  override name = 'CompletionsHostProbeError';
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

function logSize(file: string): number {
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

/** Polls until the request log grew past `size`; false once `timeoutMs` passed without it. */
async function logGrew(file: string, size: number, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    if (logSize(file) > size) return true;
    if (Date.now() > deadline) return false;
    await sleep(POLL_MS);
  }
}

/** The delay histogram of the extension host's event loop, at 1 ms resolution, from now until `stop`. */
function delayMonitor(): { stop(): DelayFigures } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  return {
    stop: () => {
      histogram.disable();
      return { maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, p50Ms: histogram.percentile(50) / 1e6, meanMs: histogram.mean / 1e6 };
    },
  };
}

/** The file's text as the script found it, the cursor at its end, the editor focused. */
async function resetEditor(editor: vscode.TextEditor, text: string): Promise<void> {
  const document = editor.document;
  const whole = new vscode.Range(new vscode.Position(0, 0), document.lineAt(document.lineCount - 1).range.end);
  if (!(await editor.edit((edit) => edit.replace(whole, text)))) throw new ProbeError('the editor refused to put the file back');
  const end = document.lineAt(document.lineCount - 1).range.end;
  editor.selection = new vscode.Selection(end, end);
  editor.revealRange(new vscode.Range(end, end));
  await vscode.window.showTextDocument(document, { preview: false, preserveFocus: false });
}

/** The lines typed must be what the file ends with (trimmed: VS Code indents a new line by itself). */
function checkTyped(document: vscode.TextDocument, original: string, script: TypingScript): void {
  const typed = document.getText().slice(original.length).split('\n').map((line) => line.trim());
  const expected = script.lines.map((line) => `${line.first}${line.rest}`.trim());
  const got = typed.slice(0, expected.length);
  if (got.join('\n') !== expected.join('\n')) {
    const at = expected.findIndex((line, i) => got[i] !== line);
    throw new ProbeError(`the editor holds ${JSON.stringify(got[at])} where line ${at + 1} typed ${JSON.stringify(expected[at])}: the \`type\` command did not reach a focused editor as scripted`);
  }
}

interface Typist {
  roundTrips: number[];
  keystrokes: number;
  type(text: string): Promise<void>;
}

/** Types character by character on a fixed schedule (a late keystroke goes at once, the next ones keep the schedule). */
function typist(keyMs: number): Typist {
  let next = performance.now();
  const state: Typist = {
    roundTrips: [],
    keystrokes: 0,
    type: async (text) => {
      for (const char of text) {
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
        const sent = performance.now();
        await vscode.commands.executeCommand('type', { text: char });
        state.roundTrips.push(performance.now() - sent);
        state.keystrokes++;
        next = Math.max(next + keyMs, performance.now());
      }
    },
  };
  return state;
}

async function typeSession(editor: vscode.TextEditor, original: string, script: TypingScript, completions: 'off' | 'on'): Promise<SessionSample> {
  await resetEditor(editor, original);
  const keys = typist(script.keyMs);
  const startedAt = Date.now();
  const monitor = delayMonitor();
  for (const line of script.lines) {
    await keys.type(line.first);
    await sleep(script.pauseMs);
    await keys.type(`${line.rest}\n`);
  }
  const delay = monitor.stop();
  const endedAt = Date.now();
  checkTyped(editor.document, original, script);
  const trips = keys.roundTrips;
  return {
    completions,
    keystrokes: keys.keystrokes,
    pauses: script.lines.length,
    startedAt,
    endedAt,
    delay,
    keyRoundTripMs: { p50: percentile(trips, 50), p99: percentile(trips, 99), max: Math.max(...trips) },
  };
}

/** Runs `measure` under the inspector's sampling profiler (every 250 µs); the profile also goes to `file`. */
async function profiled<T>(file: string | undefined, measure: () => Promise<T>): Promise<{ result: T; profile: Profiler.Profile }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  await session.post('Profiler.start');
  try {
    const result = await measure();
    const { profile } = await session.post('Profiler.stop');
    if (file) fs.writeFileSync(file, JSON.stringify(profile));
    return { result, profile };
  } finally {
    session.disconnect();
  }
}

async function updateUserSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(key, value, vscode.ConfigurationTarget.Global);
}

export async function run(): Promise<void> {
  const resultsFile = process.env.SVC_COMPLETIONS_HOST_RESULTS;
  const scriptFile = process.env.SVC_COMPLETIONS_HOST_SCRIPT;
  if (!resultsFile || !scriptFile) throw new ProbeError('SVC_COMPLETIONS_HOST_RESULTS and SVC_COMPLETIONS_HOST_SCRIPT must name the results and script files');
  const script = JSON.parse(fs.readFileSync(scriptFile, 'utf8')) as TypingScript;
  const extension = vscode.extensions.getExtension<SvcExports>(EXTENSION_ID);
  if (!extension) throw new ProbeError(`${EXTENSION_ID} is not installed in this extension host`);
  const api = await extension.activate();
  if (!api) throw new ProbeError(`${EXTENSION_ID} exports no test API: the host does not run under the test harness`);
  for (const [key, value] of Object.entries(EDITOR_SETTINGS)) await updateUserSetting(key, value);

  const original = fs.readFileSync(script.file, 'utf8');
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(script.file));
  if (document.languageId !== 'typescript') throw new ProbeError(`${script.file} opened as ${document.languageId}, not typescript`);
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  // TypeScript's own extension and its server start with the first TypeScript file: typed through once, then asked for the file's symbols, so neither session pays for their start.
  await resetEditor(editor, original);
  const warmUp = typist(script.keyMs);
  for (const line of script.lines.slice(0, 2)) await warmUp.type(`${line.first}${line.rest}\n`);
  await vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', document.uri);

  const off = await typeSession(editor, original, script, 'off');

  const turnedOn = performance.now();
  await updateUserSetting('svc.completions.enabled', true);
  // The setting loads the chat host (completionsEntry.ts); this waits for the same load.
  await api.chatHost();
  const hostLoadMs = performance.now() - turnedOn;
  await resetEditor(editor, original);
  const first = script.lines[0];
  if (!first) throw new ProbeError('the script has no lines');
  const logBefore = logSize(script.requestLog);
  const firstStarted = Date.now();
  const firstMonitor = delayMonitor();
  await typist(script.keyMs).type(first.first);
  if (!(await logGrew(script.requestLog, logBefore, FIRST_COMPLETION_TIMEOUT_MS))) {
    throw new ProbeError(`no completion request reached the emulator within ${FIRST_COMPLETION_TIMEOUT_MS / 1000} s of typing with completions on`);
  }
  // The ghost text of the first completion shows after the reply; the pause lets it, as in a session.
  await sleep(script.pauseMs);
  const firstDelay = firstMonitor.stop();
  const firstCompletion = { waitedMs: Date.now() - firstStarted, delay: firstDelay, startedAt: firstStarted, endedAt: Date.now() };

  const on = await typeSession(editor, original, script, 'on');
  const { result: onProfiled, profile } = await profiled(script.profile, () => typeSession(editor, original, script, 'on'));
  const ours = { stretches: extensionStretches(profile, path.join(extension.extensionPath, 'dist') + path.sep), delay: onProfiled.delay };
  const sample: CompletionsHostSample = { off, on, ours, firstCompletion, hostLoadMs };
  fs.writeFileSync(resultsFile, JSON.stringify(sample));
}
