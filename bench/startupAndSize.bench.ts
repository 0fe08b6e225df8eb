// Bench 4, start-up and size: builds the production bundles, packages the .vsix, prints the shipped
// sizes against the targets, then opens the chat view in fresh VS Code windows (code-server), alternating
// with a minimal webview view (one static page, bench/fixtures/minimalWebview) opened the same way: the
// activation time VS Code itself recorded, the time until each view is ready (opened, its page loaded and
// its `ready` answered) with the steps in between, and the host files loaded by then.
// PASS/MISS lines report the targets; only a broken run (build, package or host failing) exits non-zero.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { runTests } from '@vscode/test-electron';
import { copySampleWorkspace, ensureTools, makeRunDir, repoRoot, resultsDir } from '../test/harness/toolPaths';
import { ChatPage } from '../test/webview/chatPage';
import type { FakeWindow } from '../test/webview/fakeHostApi';
import type { ActivationSample, Contender } from './support/activationProbe';
import { launchBenchBrowser, traceMainThread } from './support/benchBrowser';
import { startFiles } from './support/chatHostStartFiles';
import { figure, figureSpread, formatSpread, printTargets, runBench, spreadOf, type TargetResult } from './support/benchReport';

const KB = 1024;
const MB = 1024 * 1024;
/** Fresh windows per contender, alternating (ours, minimal, minimal, ours, …). */
const windows = Number(process.env.SVC_BENCH_ACTIVATIONS ?? 6);
const targets = { activationMs: 50, hostBytes: 500 * KB, webviewBytes: 400 * KB, vsixBytes: 2 * MB, viewReadyRatio: 1.2 };
/**
 * dist/ files that must not be loaded on the way to the first view: the local emulator, what only it or a request
 * needs, and what the chat host loads on first use (the agent's features, the completion engines, the commands that
 * manage customizations, write a commit message or explain a file, the worktree clean-up, the @ file list), in the
 * extension host, by the VS Code windows; its shared chunks that it does not require at start count too (SHARED_CHUNK);
 * and the page's code highlighter (in the page, by the page alone in Chromium, which sees what the page asked for
 * when it said `ready`).
 */
const LAZY_FILES = /^(emulator\.js|emulator\/|vendor\/|agentFeatures\.js|completionEngines\.js|customizationCommands\.js|commitMessageWriting\.js|worktreeCleanUp\.js|workspaceFileList\.js|fileCommands\.js|webviewHighlight\.js)/;
const SHARED_CHUNK = /^chatHostShared-[A-Z0-9]+\.js$/;

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function size(relative: string): number {
  return fs.statSync(path.join(repoRoot, relative)).size;
}

function filesUnder(relative: string): string[] {
  const dir = path.join(repoRoot, relative);
  return fs.readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.js.br')).map((f) => `${relative}/${f}`).sort();
}

const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;

/** What the chat host loads when it starts: chatHost.js and the chunks it requires from its top level. */
function chatHostStart(): string[] {
  return startFiles(path.join(repoRoot, 'dist'), 'chatHost.js');
}

function sizeTargets(vsix: string): TargetResult[] {
  const entry = size('dist/extension.js');
  const hostFiles = chatHostStart();
  const host = entry + hostFiles.reduce((sum, file) => sum + size(`dist/${file}`), 0);
  const webview = size('dist/webview.js');
  const webviewCss = size('dist/webview.css');
  const vsixBytes = fs.statSync(vsix).size;
  console.log('\nproduction sizes (1 KB = 1024 bytes):');
  figure('dist/extension.js (host entry, all activation loads)', kb(entry));
  for (const file of hostFiles) figure(`dist/${file} (host, ${file === 'chatHost.js' ? 'loaded on first use' : 'required by chatHost.js when it starts'})`, kb(size(`dist/${file}`)));
  const lazyChunks = fs.readdirSync(path.join(repoRoot, 'dist')).filter((f) => SHARED_CHUNK.test(f) && !hostFiles.includes(f));
  for (const file of lazyChunks) figure(`dist/${file} (host, shared by files loaded on first use)`, kb(size(`dist/${file}`)));
  // Shipped brotli-compressed beside a one-line loader (esbuild.mjs): the figure is the code it inflates to.
  const agentFeatures = zlib.brotliDecompressSync(fs.readFileSync(path.join(repoRoot, 'dist/agentFeatures.js.br'))).length;
  figure("dist/agentFeatures.js (the agent's tasks and tools, its edits' review, inline edit: loaded on their first use)", `${kb(agentFeatures)} (${kb(size('dist/agentFeatures.js.br'))} as .br)`);
  figure('dist/webview.css', `${kb(webviewCss)} (webview total ${kb(webview + webviewCss)})`);
  figure("dist/webviewHighlight.js (the page's code highlighter, loaded on the first code block or in idle time after ready)", kb(size('dist/webviewHighlight.js')));
  for (const file of ['dist/emulator.js.br', 'dist/emscripten-module.wasm.br', ...filesUnder('dist/vendor'), ...filesUnder('dist/emulator/extractors')]) figure(file, kb(size(file)));
  const bytes = (value: number) => ({ value, unit: 'bytes' });
  return [
    { name: 'host bundles together (extension.js + chatHost.js + the chunks it requires at start)', measured: kb(host), value: bytes(host), target: `<= ${kb(targets.hostBytes)}`, pass: host <= targets.hostBytes },
    { name: 'dist/webview.js', measured: kb(webview), value: bytes(webview), target: `<= ${kb(targets.webviewBytes)}`, pass: webview <= targets.webviewBytes },
    { name: '.vsix', measured: `${kb(vsixBytes)} (${vsixBytes.toLocaleString('en')} bytes)`, value: bytes(vsixBytes), target: `<= ${kb(targets.vsixBytes)}`, pass: vsixBytes <= targets.vsixBytes },
  ];
}

async function bundle(entry: string, outfile: string): Promise<void> {
  await esbuild.build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], logLevel: 'warning' });
}

/** The baseline extension, built from bench/fixtures/minimalWebview into `outDir`: its manifest, icon and bundle. */
async function buildMinimalWebview(outDir: string): Promise<string> {
  const source = path.join(repoRoot, 'bench', 'fixtures', 'minimalWebview');
  fs.mkdirSync(path.join(outDir, 'media'), { recursive: true });
  fs.copyFileSync(path.join(source, 'package.json'), path.join(outDir, 'package.json'));
  fs.copyFileSync(path.join(source, 'media', 'minimal.svg'), path.join(outDir, 'media', 'minimal.svg'));
  await bundle(path.join(source, 'extension.ts'), path.join(outDir, 'dist', 'extension.js'));
  return outDir;
}

/** One fresh VS Code (code-server's, or the desktop one SVC_VSCODE_EXECUTABLE names) opening one contender's view once. */
async function openOnce(probe: string, contender: Contender, extensionPath: string, index: number): Promise<ActivationSample> {
  const runDir = makeRunDir(path.join(resultsDir, 'bench-startup'), `${contender}-${index}`);
  const workspace = copySampleWorkspace(path.join(runDir, 'workspace'));
  const resultsFile = path.join(runDir, 'activation.json');
  fs.mkdirSync(path.join(runDir, 'tmp'), { recursive: true });
  await runTests({
    vscodeExecutablePath: process.env.SVC_VSCODE_EXECUTABLE ?? path.join(repoRoot, 'test', 'harness', 'code-shim.sh'),
    extensionDevelopmentPath: extensionPath,
    extensionTestsPath: probe,
    launchArgs: [workspace, '--disable-extensions', `--user-data-dir=${path.join(runDir, 'user-data')}`, `--extensions-dir=${path.join(runDir, 'extensions')}`],
    extensionTestsEnv: { SVC_STARTUP_RESULTS: resultsFile, SVC_STARTUP_CONTENDER: contender, SVC_API_KEY: undefined, TMPDIR: path.join(runDir, 'tmp') },
  });
  if (!fs.existsSync(resultsFile)) throw new Error(`${contender} ${index}: the extension host wrote no result (kept ${path.relative(repoRoot, runDir)})`);
  const sample = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as ActivationSample;
  fs.rmSync(runDir, { recursive: true, force: true });
  return sample;
}

function describeRun(s: ActivationSample): string {
  const steps: Array<[string, number | null]> = [
    ['host', s.openToHostMs],
    ['html set', s.openToResolvedMs],
    ['page ready', s.openToPageReadyMs],
    ['init posted', s.openToInitPostedMs],
    ['init delivered', s.openToReadyMs],
  ];
  const after = steps.flatMap(([label, value]) => (value === null ? [] : [`${label} ${value.toFixed(0)}`])).join(', ');
  return `activation ${s.activationMs.toFixed(1)} ms (wall ${s.totalMs.toFixed(0)}); view ready ${s.viewReadyMs.toFixed(0)} ms (ms after opening: ${after})`;
}

/** The steps from opening to ready as medians with their spread, for one contender. */
function stepFigures(label: string, samples: readonly ActivationSample[]): void {
  const between = (from: number | null, to: number | null): number | null => (from === null || to === null ? null : to - from);
  const steps: Array<[string, (s: ActivationSample) => number | null]> = [
    ['open -> chat host loaded and started', (s) => s.openToHostMs],
    ['open -> HTML set (the browser starts loading the page)', (s) => s.openToResolvedMs],
    ['HTML set -> page ready (iframe, page load, script run)', (s) => between(s.openToResolvedMs, s.openToPageReadyMs)],
    ['page ready -> init posted (the host answering)', (s) => between(s.openToPageReadyMs, s.openToInitPostedMs)],
    ['init posted -> delivered (postMessage round trip)', (s) => between(s.openToInitPostedMs, s.openToReadyMs)],
    ['page ready -> init delivered', (s) => between(s.openToPageReadyMs, s.openToReadyMs)],
    ['open -> ready', (s) => s.openToReadyMs],
    ['view ready (activation wall + open -> ready)', (s) => s.viewReadyMs],
  ];
  for (const [name, pick] of steps) {
    const values = samples.map(pick).filter((v): v is number => v !== null);
    if (values.length > 0) figureSpread(`${label}: ${name}`, values, 'ms', 0);
  }
}

/**
 * Our page alone in headless Chromium, outside VS Code (the webview harness's fake host, the same strict CSP):
 * navigation until the page posted `ready`, and the main thread's busy time on the way (the bundle's parse
 * and run, the first layout): what our page adds to any webview's loading. Returns the files the page had asked
 * for when it posted `ready` (any run), which VS Code's windows cannot see from the extension host.
 */
async function pageAlone(runs: number): Promise<string[]> {
  const browser = await launchBenchBrowser('startup');
  const wall: number[] = [];
  const busy: number[] = [];
  const requested = new Set<string>();
  try {
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage();
      const chat = new ChatPage(page);
      const { result, figures } = await traceMainThread(page, async () => {
        await page.goto(browser.server.strictUrl);
        await chat.waitForPosted('ready');
        return page.evaluate(() => performance.now());
      });
      wall.push(result);
      busy.push(figures.busyMs);
      const atReady = await page.evaluate(() => (window as unknown as FakeWindow).__host.requestedAtReady ?? []);
      for (const url of atReady) requested.add(new URL(url).pathname.slice(1));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  figureSpread('our page alone in Chromium: navigation -> ready posted', wall, 'ms', 0);
  figureSpread('our page alone in Chromium: main thread busy until then', busy, 'ms', 0);
  figure('our page alone in Chromium: files it had asked for when it said ready (any run)', [...requested].sort().join(', ') || 'none');
  return [...requested];
}

async function main(): Promise<void> {
  if (!Number.isInteger(windows) || windows < 1) throw new Error(`SVC_BENCH_ACTIVATIONS must be a whole number >= 1, got ${process.env.SVC_BENCH_ACTIVATIONS}`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-startup-'));
  try {
    console.log('building production bundles (node esbuild.mjs --production) and packaging (vsce package --no-dependencies)...');
    run(process.execPath, ['esbuild.mjs', '--production']);
    const vsix = path.join(tmp, 'svc-vscode.vsix');
    run(process.execPath, [path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--no-rewrite-relative-links', '-o', vsix]);
    const sizes = sizeTargets(vsix);

    if (!process.env.SVC_VSCODE_EXECUTABLE) ensureTools({ browser: true });
    const probe = path.join(tmp, 'activationProbe.js');
    await bundle(path.join(repoRoot, 'bench', 'support', 'activationProbe.ts'), probe);
    const minimal = await buildMinimalWebview(path.join(tmp, 'minimal-webview'));
    console.log(`\nthe chat view and a minimal webview view, ${windows} fresh windows each, alternating (${process.env.SVC_VSCODE_EXECUTABLE ?? 'code-server via test/harness/code-shim.sh'}):`);
    console.log("  activation: VS Code's own marks, code loading (require of dist/extension.js) + activate() until its promise settled,");
    console.log("  triggered by extension.activate() from a test module once the workbench is up; wall adds the host's own");
    console.log('  preparation of the ExtensionContext. view ready = wall + open-to-ready: the open command (svc.focusChat, or');
    console.log("  minimal.focus for the baseline) until the page received the answer to its `ready` (init). The baseline is one");
    console.log('  static page and a script that says ready, answered at once, loaded with --extensionDevelopmentPath like ours.');
    const samples: Record<Contender, ActivationSample[]> = { svc: [], minimal: [] };
    const paths: Record<Contender, string> = { svc: repoRoot, minimal };
    for (let i = 1; i <= windows; i++) {
      const order: Contender[] = i % 2 === 1 ? ['svc', 'minimal'] : ['minimal', 'svc'];
      for (const contender of order) {
        const sample = await openOnce(probe, contender, paths[contender], i);
        samples[contender].push(sample);
        console.log(`  ${contender.padEnd(7)} ${i}: ${describeRun(sample)}`);
        if (contender !== 'svc') continue;
        if (sample.tokenizerCount !== 4) throw new Error(`the shipped tokenizer counted ${sample.tokenizerCount} tokens in the extension host, expected 4 (cl100k_base)`);
        if (sample.activationFiles.join() !== 'extension.js') throw new Error(`activation loaded ${sample.activationFiles.join(', ') || 'nothing'} of dist/, expected only extension.js`);
      }
    }
    const ours = samples.svc;
    const baseline = samples.minimal;
    const activation = spreadOf(ours.map((s) => s.activationMs), 'ms');
    figureSpread('svc: activation wall (willLoadExtensionCode -> didActivateExtension)', ours.map((s) => s.totalMs), 'ms', 0);
    stepFigures('svc', ours);
    stepFigures('minimal', baseline);
    const oursReady = spreadOf(ours.map((s) => s.viewReadyMs), 'ms');
    const baselineReady = spreadOf(baseline.map((s) => s.viewReadyMs), 'ms');
    const ratio = oursReady.median / baselineReady.median;
    const pairRatios = spreadOf(ours.map((s, i) => s.viewReadyMs / (baseline[i] as ActivationSample).viewReadyMs), '×');
    figure('view ready, svc / minimal, window by window', formatSpread(pairRatios, 2));

    const pageRequested = await pageAlone(5);

    const loaded = new Map<string, number>();
    for (const s of ours) for (const f of s.viewFiles) loaded.set(f.file, f.bytes);
    for (const [file, bytes] of [...loaded].sort()) figure(`loaded once the chat view is ready (any run): dist/${file}`, kb(bytes));
    const hostStart = chatHostStart();
    const lazyLoaded = [...loaded.keys(), ...pageRequested].filter((file) => LAZY_FILES.test(file) || (SHARED_CHUNK.test(file) && !hostStart.includes(file)));
    printTargets([
      { name: 'activation (median)', measured: formatSpread(activation), spread: activation, target: `<= ${targets.activationMs} ms`, pass: activation.median <= targets.activationMs },
      ...sizes,
      {
        name: 'chat view ready / minimal webview view ready (medians)',
        measured: `${ratio.toFixed(2)}× (${oursReady.median.toFixed(0)} ms / ${baselineReady.median.toFixed(0)} ms; svc ${oursReady.min.toFixed(0)}–${oursReady.max.toFixed(0)}, minimal ${baselineReady.min.toFixed(0)}–${baselineReady.max.toFixed(0)} ms)`,
        value: { value: ratio, unit: '×' },
        spread: pairRatios,
        target: `<= ${targets.viewReadyRatio}×`,
        pass: ratio <= targets.viewReadyRatio,
      },
      {
        name: "nothing lazy loaded by view ready (the emulator, the tokenizer, vendor libraries, the agent's features, the completion engines, first-use commands, the page's highlighter)",
        measured: lazyLoaded.length === 0 ? '0 files' : `${lazyLoaded.length} files: ${lazyLoaded.join(', ')}`,
        value: { value: lazyLoaded.length, unit: 'files' },
        target: '0 files',
        pass: lazyLoaded.length === 0,
      },
    ]);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

runBench(main);
