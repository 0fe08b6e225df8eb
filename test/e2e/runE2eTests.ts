// Runs the end-to-end suite (test/e2e/**/*.test.ts) against the packaged .vsix (dist/svc-vscode.vsix from
// `npm run package`, or SVC_VSIX). Each spec file runs in a process of its own (runE2eSpec.ts), with its own
// VS Code, SVC_E2E_WORKERS of them at a time (1 by default: two at a time on two cores made waits time out in
// the two-window and background-task specs). The .vsix is installed once, for all of them. A spec's output
// is printed whole when it ends. Last line: `N passed, M failed`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureTools, makeRunDir, repoRoot, resultsDir, vsixPath } from '../harness/toolPaths';
import { exitWithSuiteResult } from '../harness/suiteResult';
import { e2eResults, EXTENSIONS_DIR_ENV, installForRun, themes } from './vscodeSession';

export class BadWorkerCountError extends Error {
  override name = 'BadWorkerCountError';
}

/**
 * The specs that take longest, started first so that the workers finish together rather than one running a
 * long spec alone at the end; the others follow in name order.
 */
const LONGEST_FIRST = ['vscodeOwnChat', 'localization', 'chatTour', 'inlineEdit', 'faults', 'twoWindows', 'chrome', 'trust', 'chat.test', 'subagents'];

const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const specRunner = path.join(__dirname, 'runE2eSpec.ts');

function workerCount(): number {
  const wanted = process.env.SVC_E2E_WORKERS ?? '1';
  if (!/^[1-9]\d*$/.test(wanted)) throw new BadWorkerCountError(`SVC_E2E_WORKERS is '${wanted}'; allowed: a whole number from 1 (one spec at a time).`);
  return Number(wanted);
}

function startOrder(files: string[]): string[] {
  const rank = (file: string) => {
    const at = LONGEST_FIRST.findIndex((name) => path.basename(file).startsWith(name));
    return at < 0 ? LONGEST_FIRST.length : at;
  };
  return [...files].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

interface SpecResult {
  file: string;
  passed: number;
  failed: number;
  seconds: number;
}

const running = new Set<ChildProcess>();

/** Runs one spec file in its own process, its output held back and printed whole when it ends. */
function runSpec(file: string): Promise<SpecResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsx, specRunner, file], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      const counts = [...output.matchAll(/^(\d+) passed, (\d+) failed\s*$/gm)].at(-1);
      const passed = Number(counts?.[1] ?? 0);
      // A process that ended without counts, or failed with none counted, is one failure.
      const failed = Number(counts?.[2] ?? 0) + (code !== 0 && Number(counts?.[2] ?? 0) === 0 ? 1 : 0);
      process.stdout.write(`\n--- ${path.relative(repoRoot, file)}: ${seconds.toFixed(1)}s\n${output.replace(/^\d+ passed, \d+ failed\s*$/gm, '')}`);
      resolve({ file, passed, failed, seconds });
    });
  });
}

async function main(): Promise<number> {
  const vsix = process.env.SVC_VSIX ?? vsixPath;
  if (!fs.existsSync(vsix)) {
    console.error(`${vsix} is missing: run \`npm run package\` first (\`npm run test:e2e\` does).`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  const workers = workerCount();
  ensureTools({ browser: true });
  // `tsx test/e2e/runE2eTests.ts faults` runs only the files whose path contains one of the words given;
  // `-faults` leaves those out.
  const words = process.argv.slice(2);
  const only = words.filter((word) => !word.startsWith('-'));
  const except = words.filter((word) => word.startsWith('-')).map((word) => word.slice(1));
  const chosen = (file: string) => (only.length === 0 || only.some((word) => file.includes(word))) && !except.some((word) => file.includes(word));
  // Only the screenshots of the last whole run: a part run may have the other part beside it, and the run
  // folders may belong to a run still going on elsewhere.
  if (words.length === 0) for (const theme of themes) fs.rmSync(path.join(e2eResults, theme.name), { recursive: true, force: true });
  fs.mkdirSync(path.join(resultsDir, 'tmp'), { recursive: true });
  process.env.TMPDIR = path.join(resultsDir, 'tmp');
  const runDir = makeRunDir(path.join(e2eResults, 'runs'), 'run');
  process.env.SVC_E2E_RUN_DIR = runDir;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    // Each spec process ends its own VS Code and browser when told to stop.
    process.once(sig, () => {
      for (const child of running) child.kill('SIGTERM');
      process.exit(130);
    });
  }

  const dir = path.join(repoRoot, 'test', 'e2e');
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.ts') && chosen(f));
  const queue = startOrder(files.map((f) => path.join(dir, f)));
  const started = Date.now();
  process.env[EXTENSIONS_DIR_ENV] = installForRun();
  console.log(`${queue.length} spec files, ${Math.min(workers, queue.length)} at a time; the .vsix installed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  const results: SpecResult[] = [];
  const worker = async (): Promise<void> => {
    for (let file = queue.shift(); file; file = queue.shift()) results.push(await runSpec(file));
  };
  await Promise.all(Array.from({ length: Math.min(workers, queue.length) }, worker));

  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.log('\nspec files by time:');
  for (const r of [...results].sort((a, b) => b.seconds - a.seconds)) {
    console.log(`  ${r.seconds.toFixed(1).padStart(6)}s  ${path.basename(r.file)}${r.failed > 0 ? `  (${r.failed} failed)` : ''}`);
  }
  console.log(`end-to-end suite took ${((Date.now() - started) / 1000).toFixed(1)}s; screenshots in ${path.relative(repoRoot, e2eResults)}/`);
  const ok = failed === 0 && passed > 0;
  if (ok) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`kept ${path.relative(repoRoot, runDir)} (profiles, workspaces, logs) for a look`);
  console.log(`${passed} passed, ${failed} failed`);
  return ok ? 0 : 1;
}

exitWithSuiteResult(main);
