// Bench 4, start-up and size: builds the production bundles, packages the .vsix, prints the shipped
// sizes against the targets, then activates the extension in a real VS Code extension host several
// times (a fresh host each time), prints the activation time VS Code itself recorded, and the time
// until the chat view is ready (opened, its page loaded and its `ready` answered) with the host code
// that took.
// PASS/MISS lines report the targets; only a broken run (build, package or host failing) exits non-zero.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { runTests } from '@vscode/test-electron';
import { copySampleWorkspace, ensureTools, makeRunDir, repoRoot, resultsDir } from '../test/harness/toolPaths';
import type { ActivationSample } from './support/activationProbe';

const KB = 1024;
const MB = 1024 * 1024;
const activations = Number(process.env.SVC_BENCH_ACTIVATIONS ?? 5);
const targets = { activationMs: 50, hostBytes: 500 * KB, webviewBytes: 400 * KB, vsixBytes: 2 * MB };

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
const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const upper = sorted[Math.floor(sorted.length / 2)];
  const lower = sorted[Math.ceil(sorted.length / 2) - 1];
  if (upper === undefined || lower === undefined) throw new Error('no samples to take the median of');
  return (lower + upper) / 2;
}

function printSizes(vsix: string): { host: number; webview: number; vsix: number } {
  const entry = size('dist/extension.js');
  const chatHost = size('dist/chatHost.js');
  const host = entry + chatHost;
  const webview = size('dist/webview.js');
  const webviewCss = size('dist/webview.css');
  const vsixBytes = fs.statSync(vsix).size;
  console.log('\nproduction sizes (1 KB = 1024 bytes):');
  console.log(`  dist/extension.js (host entry)      ${kb(entry).padStart(10)}   (all activation loads)`);
  console.log(`  dist/chatHost.js (host, lazy)       ${kb(chatHost).padStart(10)}   (loaded on first use of the view or a command)`);
  console.log(`  host bundles together               ${kb(host).padStart(10)}   target <= ${kb(targets.hostBytes)}  ${verdict(host <= targets.hostBytes)}`);
  console.log(`  dist/webview.js (webview)           ${kb(webview).padStart(10)}   target <= ${kb(targets.webviewBytes)}  ${verdict(webview <= targets.webviewBytes)}`);
  console.log(`  dist/webview.css                    ${kb(webviewCss).padStart(10)}   (webview total ${kb(webview + webviewCss)})`);
  console.log(`  dist/emulator.js                    ${kb(size('dist/emulator.js')).padStart(10)}`);
  console.log(`  dist/emscripten-module.wasm         ${kb(size('dist/emscripten-module.wasm')).padStart(10)}`);
  for (const file of [...filesUnder('dist/vendor'), ...filesUnder('dist/emulator/extractors')]) {
    console.log(`  ${file.padEnd(36)}${kb(size(file)).padStart(10)}`);
  }
  console.log(`  .vsix                               ${kb(vsixBytes).padStart(10)}   target <= ${kb(targets.vsixBytes)}  ${verdict(vsixBytes <= targets.vsixBytes)}  (${vsixBytes.toLocaleString('en')} bytes)`);
  return { host, webview, vsix: vsixBytes };
}

async function buildProbe(outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'activationProbe.js');
  await esbuild.build({
    entryPoints: [path.join(repoRoot, 'bench', 'support', 'activationProbe.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'warning',
  });
  return outfile;
}

/** One fresh VS Code (code-server's, or the desktop one SVC_VSCODE_EXECUTABLE names) activating the extension once. */
async function activateOnce(probe: string, index: number): Promise<ActivationSample> {
  const runDir = makeRunDir(path.join(resultsDir, 'bench-startup'), `activation-${index}`);
  const workspace = copySampleWorkspace(path.join(runDir, 'workspace'));
  const resultsFile = path.join(runDir, 'activation.json');
  fs.mkdirSync(path.join(runDir, 'tmp'), { recursive: true });
  await runTests({
    vscodeExecutablePath: process.env.SVC_VSCODE_EXECUTABLE ?? path.join(repoRoot, 'test', 'harness', 'code-shim.sh'),
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: probe,
    launchArgs: [workspace, '--disable-extensions', `--user-data-dir=${path.join(runDir, 'user-data')}`, `--extensions-dir=${path.join(runDir, 'extensions')}`],
    extensionTestsEnv: { SVC_STARTUP_RESULTS: resultsFile, SVC_API_KEY: undefined, TMPDIR: path.join(runDir, 'tmp') },
  });
  if (!fs.existsSync(resultsFile)) throw new Error(`activation ${index}: the extension host wrote no result (kept ${path.relative(repoRoot, runDir)})`);
  const sample = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as ActivationSample;
  fs.rmSync(runDir, { recursive: true, force: true });
  return sample;
}

async function main(): Promise<void> {
  if (!Number.isInteger(activations) || activations < 1) throw new Error(`SVC_BENCH_ACTIVATIONS must be a whole number >= 1, got ${process.env.SVC_BENCH_ACTIVATIONS}`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-startup-'));
  try {
    console.log('building production bundles (node esbuild.mjs --production) and packaging (vsce package --no-dependencies)...');
    run(process.execPath, ['esbuild.mjs', '--production']);
    const vsix = path.join(tmp, 'svc-vscode.vsix');
    run(process.execPath, [path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--no-rewrite-relative-links', '-o', vsix]);
    const sizes = printSizes(vsix);

    if (!process.env.SVC_VSCODE_EXECUTABLE) ensureTools({ browser: true });
    const probe = await buildProbe(tmp);
    console.log(`\nactivation in a real extension host (${process.env.SVC_VSCODE_EXECUTABLE ?? 'code-server, VS Code 1.139, via test/harness/code-shim.sh'}), ${activations} fresh hosts:`);
    console.log("  measure: VS Code's own performance marks of the activation, triggered by extension.activate() from a test");
    console.log('  module once the workbench is up, production build. activation = code loading (willLoadExtensionCode ->');
    console.log('  didLoadExtensionCode: require of dist/extension.js) + activate() (willActivateExtension -> didActivateExtension,');
    console.log("  until its promise settled): the Running Extensions view's figure (code loading + the synchronous activate() call)");
    console.log("  plus the awaited part of activate(). wall = willLoadExtensionCode -> didActivateExtension, which adds the host's");
    console.log('  own preparation of the ExtensionContext (storage and secrets, a round trip to the workbench).');
    console.log('  view ready = wall + open-to-ready: then svc.focusChat runs, and open-to-ready lasts until the chat view answered');
    console.log("  its page's `ready` message (init sent): the chat host loaded (dist/chatHost.js), the view resolved, the page's");
    console.log('  script loaded in the browser. It is the wait of someone opening the chat in a fresh window.');
    const samples: ActivationSample[] = [];
    for (let i = 1; i <= activations; i++) {
      const sample = await activateOnce(probe, i);
      samples.push(sample);
      console.log(`  run ${i}: activation ${sample.activationMs.toFixed(1)} ms (code loading ${sample.codeLoadingMs.toFixed(1)} ms + activate() ${sample.activateMs.toFixed(1)} ms); wall ${sample.totalMs.toFixed(1)} ms (context ${sample.contextMs.toFixed(1)} ms); view ready ${sample.viewReadyMs.toFixed(1)} ms (open-to-ready ${sample.openToReadyMs.toFixed(1)} ms, of which chat host loaded and started ${sample.openToHostMs.toFixed(1)} ms, view revealed ${sample.openToFocusedMs.toFixed(1)} ms)`);
      if (sample.tokenizerCount !== 4) throw new Error(`the shipped tokenizer counted ${sample.tokenizerCount} tokens in the extension host, expected 4 (cl100k_base)`);
      if (sample.activationFiles.join() !== 'extension.js') throw new Error(`activation loaded ${sample.activationFiles.join(', ') || 'nothing'} of dist/, expected only extension.js`);
    }
    const activation = median(samples.map((s) => s.activationMs));
    const medianOf = (pick: (s: ActivationSample) => number): string => `${median(samples.map(pick)).toFixed(1)} ms`;
    console.log(`  median of ${samples.length}: activation ${activation.toFixed(1)} ms (code loading ${medianOf((s) => s.codeLoadingMs)} + activate() ${medianOf((s) => s.activateMs)}); wall ${medianOf((s) => s.totalMs)}   target <= ${targets.activationMs} ms  ${verdict(activation <= targets.activationMs)}`);
    console.log(`  median of ${samples.length}: view ready ${medianOf((s) => s.viewReadyMs)} (open-to-ready ${medianOf((s) => s.openToReadyMs)}, of which chat host loaded and started ${medianOf((s) => s.openToHostMs)})`);
    console.log('  host JS loaded by activation: dist/extension.js only. Loaded once the chat view is ready (run 1):');
    const viewFiles = samples[0]?.viewFiles ?? [];
    for (const { file, bytes } of viewFiles) console.log(`    dist/${file.padEnd(32)}${kb(bytes).padStart(10)}`);
    const total = (files: typeof viewFiles): string => kb(files.reduce((sum, f) => sum + f.bytes, 0));
    const emulatorFiles = viewFiles.filter((f) => /^(vendor|emulator)\/|^emulator\.js$/.test(f.file));
    console.log(`    total${total(viewFiles).padStart(37)}`);
    console.log(`    of which the local emulator and the tokenizer${total(emulatorFiles).padStart(28)} (with no API key set, the chat host starts the emulator at once: the balance in the status bar asks it)`);
    console.log(`    host code without them${total(viewFiles.filter((f) => !emulatorFiles.includes(f))).padStart(20)}`);
    console.log(`\nsummary: activation ${verdict(activation <= targets.activationMs)}, host bundle ${verdict(sizes.host <= targets.hostBytes)}, webview bundle ${verdict(sizes.webview <= targets.webviewBytes)}, .vsix ${verdict(sizes.vsix <= targets.vsixBytes)}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
