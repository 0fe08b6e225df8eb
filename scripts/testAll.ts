// `npm test`: typecheck, lint, the unit suite (in a copy of the repository with nothing beside it),
// the fault suite, the harness tools (installed beside those first steps), the security, search (code-server's ripgrep) and webview suites (Chromium), package (production build + .vsix)
// and its store check, then two lanes side by side: the integration suite (real VS Code extension host) and the
// end-to-end suite (the .vsix in code-server, driven in Chromium); and beside them the integration suite and the
// main end-to-end cases again in the oldest VS Code supported.
// Each suite's counts are printed, then the sum as the very last line: `N passed, M failed`.
// A step that is not a test suite (typecheck, lint, package) counts as one failure when it fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { codeServerBuilds, repoRoot, resultsDir } from '../test/harness/toolPaths';

interface Step {
  name: string;
  command: string[];
  /** Reads the step's counts from its output; absent for steps that are not test suites. */
  counts?: (output: string) => { passed: number; failed: number } | undefined;
  /** Steps whose failure makes the later ones pointless (the browser suites need the tools and the package). */
  required?: boolean;
  /** More environment for the step (SVC_VSCODE=oldest: the suite runs in the oldest VS Code supported). */
  env?: NodeJS.ProcessEnv;
  /**
   * Starts with the first step and runs beside the steps before it, its output held back and printed at its
   * own place: the tools install is mostly downloads and disk, so it overlaps typecheck, lint and the first suites.
   */
  startsEarly?: true;
  /**
   * Runs in a second lane beside the main one, its steps one after another, starting where it is listed, its
   * output held back and printed when the main lane ends: the oldest VS Code's suites have their own code-server,
   * ports and run folders, and waiting on VS Code leaves the second core idle.
   */
  sideLane?: true;
}

interface Outcome {
  name: string;
  ok: boolean;
  skipped: boolean;
  passed: number;
  failed: number;
  seconds: number;
}

const ansi = /\x1b\[[0-9;]*m/g;

function mochaCounts(output: string): { passed: number; failed: number } | undefined {
  const text = output.replace(ansi, '');
  const passing = /^\s*(\d+) passing/m.exec(text);
  if (!passing) return undefined;
  const failing = /^\s*(\d+) failing/m.exec(text);
  return { passed: Number(passing[1]), failed: failing ? Number(failing[1]) : 0 };
}

function lastSummaryLine(output: string): { passed: number; failed: number } | undefined {
  const lines = [...output.replace(ansi, '').matchAll(/^(\d+) passed, (\d+) failed\s*$/gm)];
  const last = lines[lines.length - 1];
  return last ? { passed: Number(last[1]), failed: Number(last[2]) } : undefined;
}

const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const oldest = codeServerBuilds.oldest.vscode;
// End-to-end specs (file names) run in the second lane, after the oldest VS Code's suites, so both lanes take
// about as long.
const besideSpecs = ['inlineEdit', 'twoWindows', 'vscodeOwnChat', 'faults.test', 'localization'];
const steps: Step[] = [
  { name: 'typecheck', command: ['npm', 'run', '-s', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '-s', 'lint'] },
  // The unit suite, in a copy of the repository with nothing beside it: a test reading outside it fails.
  { name: 'unit', command: [process.execPath, tsx, 'scripts/selfContainedCheck.ts'], counts: mochaCounts },
  { name: 'faults', command: ['npm', 'run', '-s', 'test:faults'], counts: lastSummaryLine },
  // Node 24 and code-server, Node 22 and the oldest code-server supported, and Chromium for every suite that
  // launches a browser or VS Code (security's CSP test onwards): installed on first use, then a quick check.
  { name: 'tools', command: ['bash', 'scripts/setup-tools.sh', '--browser'], required: true, startsEarly: true },
  { name: 'security', command: ['npm', 'run', '-s', 'test:security'], counts: lastSummaryLine },
  // The agent's search on the real ripgrep code-server bundles (installed by the tools step).
  { name: 'search', command: ['npm', 'run', '-s', 'test:search'], counts: lastSummaryLine },
  { name: 'webview', command: ['npm', 'run', '-s', 'test:webview'], counts: lastSummaryLine },
  { name: 'package', command: ['npm', 'run', '-s', 'package'], required: true },
  // The .vsix as the Marketplace and Open VSX receive it (vsce ls, ovsx's checks, Open VSX's rules), offline.
  { name: 'package-check', command: ['npm', 'run', '-s', 'test:package'], counts: lastSummaryLine },
  // The second lane: the oldest VS Code the extension supports (engines.vscode; 1.105 is Cursor's): the whole
  // integration suite, and the end-to-end cases a user meets first (chat, an agent task and its approvals) and the
  // Chinese UI; then the end-to-end specs named in `besideSpecs`, which the first lane leaves out.
  { name: `integration-${oldest}`, command: [process.execPath, tsx, 'test/integration/runIntegrationTests.ts'], counts: lastSummaryLine, env: { SVC_VSCODE: 'oldest' }, sideLane: true },
  { name: `e2e-${oldest}`, command: [process.execPath, tsx, 'test/e2e/runE2eTests.ts', 'chat', 'agent.test', 'approvals', 'localization'], counts: lastSummaryLine, env: { SVC_VSCODE: 'oldest' }, sideLane: true },
  { name: 'e2e-beside', command: [process.execPath, tsx, 'test/e2e/runE2eTests.ts', ...besideSpecs], counts: lastSummaryLine, sideLane: true },
  { name: 'integration', command: [process.execPath, tsx, 'test/integration/runIntegrationTests.ts'], counts: lastSummaryLine },
  { name: 'e2e', command: [process.execPath, tsx, 'test/e2e/runE2eTests.ts', ...besideSpecs.map((spec) => `-${spec}`)], counts: lastSummaryLine },
];

interface Finished {
  code: number;
  output: string;
  seconds: number;
}

function run(step: Step, env: NodeJS.ProcessEnv, echo: boolean): Promise<Finished> {
  const started = Date.now();
  return new Promise((resolve) => {
    const [command, ...args] = step.command as [string, ...string[]];
    const child = spawn(command, args, { cwd: repoRoot, env: { ...env, ...step.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (echo) process.stderr.write(chunk);
    });
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 128 : 1), output, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

function outcomeOf(step: Step, finished: Finished): Outcome {
  const counts = step.counts?.(finished.output);
  const ok = finished.code === 0;
  // A suite that failed without printing counts still counts as one failure.
  const passed = counts?.passed ?? 0;
  const failed = counts ? counts.failed + (ok || counts.failed > 0 ? 0 : 1) : ok ? 0 : 1;
  return { name: step.name, ok, skipped: false, passed, failed, seconds: finished.seconds };
}

function notRun(step: Step, blocker: string): Outcome {
  console.log(`\n=== ${step.name}: not run, because ${blocker} failed`);
  return { name: step.name, ok: false, skipped: true, passed: 0, failed: 1, seconds: 0 };
}

function heading(step: Step): string {
  return `\n=== ${step.name}: ${step.command.map((c) => path.basename(c)).join(' ')}\n`;
}

async function main(): Promise<number> {
  const tmp = path.join(resultsDir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const env = { ...process.env, TMPDIR: tmp };
  const outcomes = new Map<Step, Outcome>();
  let blocked: string | undefined;
  const early = new Map(steps.filter((s) => s.startsEarly).map((s) => [s, run(s, env, false)] as const));
  const side = steps.filter((s) => s.sideLane);
  let sideLane: Promise<Array<{ step: Step; finished: Finished }>> | undefined;
  const runSideLane = async () => {
    const results: Array<{ step: Step; finished: Finished }> = [];
    for (const step of side) results.push({ step, finished: await run(step, env, false) });
    return results;
  };
  for (const step of steps) {
    if (blocked) {
      if (!step.sideLane || !sideLane) outcomes.set(step, notRun(step, blocked));
      continue;
    }
    if (step.sideLane) {
      sideLane ??= runSideLane();
      continue;
    }
    process.stdout.write(heading(step));
    const startedEarly = early.get(step);
    const finished = startedEarly ? await startedEarly : await run(step, env, true);
    if (startedEarly) process.stdout.write(finished.output);
    const outcome = outcomeOf(step, finished);
    outcomes.set(step, outcome);
    if (!outcome.ok && step.required) blocked = step.name;
  }
  for (const { step, finished } of (await sideLane) ?? []) {
    process.stdout.write(heading(step) + finished.output);
    outcomes.set(step, outcomeOf(step, finished));
  }

  console.log('\n=== summary');
  const ordered = steps.flatMap((step) => outcomes.get(step) ?? []);
  for (const o of ordered) {
    const status = o.skipped ? 'not run' : o.ok ? 'ok' : 'FAILED';
    const counts = steps.find((s) => s.name === o.name)?.counts ? `${o.passed} passed, ${o.failed} failed` : '';
    console.log(`${o.name.padEnd(18)} ${status.padEnd(8)} ${o.seconds.toFixed(1).padStart(6)}s  ${counts}`);
  }
  const passed = ordered.reduce((sum, o) => sum + o.passed, 0);
  const failed = ordered.reduce((sum, o) => sum + o.failed, 0);
  console.log('all suites together:');
  console.log(`${passed} passed, ${failed} failed`);
  return ordered.every((o) => o.ok) ? 0 : 1;
}

main().then((code) => process.exit(code));
