// `npm test`: the unit suite (in a copy of the repository with nothing beside it) and the fault suite, with
// typecheck, lint and the harness tools beside them, the security, search (code-server's ripgrep) and webview suites (Chromium), package (production build + .vsix)
// and its store check, then the integration suite (real VS Code extension host)
// and the end-to-end suite (the .vsix in code-server, driven in Chromium); then the integration suite and the main
// end-to-end cases again in the oldest VS Code supported.
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
   * own place: the tools install is mostly downloads and disk, and typecheck and lint each keep one core busy
   * while the unit and fault suites, one process each, leave the other one mostly idle.
   */
  startsEarly?: true;
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
const steps: Step[] = [
  // The unit suite, in a copy of the repository with nothing beside it: a test reading outside it fails.
  { name: 'unit', command: [process.execPath, tsx, 'scripts/selfContainedCheck.ts'], counts: mochaCounts },
  { name: 'faults', command: ['npm', 'run', '-s', 'test:faults'], counts: lastSummaryLine },
  { name: 'typecheck', command: ['npm', 'run', '-s', 'typecheck'], startsEarly: true },
  { name: 'lint', command: ['npm', 'run', '-s', 'lint'], startsEarly: true },
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
  { name: 'integration', command: [process.execPath, tsx, 'test/integration/runIntegrationTests.ts'], counts: lastSummaryLine },
  { name: 'e2e', command: [process.execPath, tsx, 'test/e2e/runE2eTests.ts'], counts: lastSummaryLine },
  // The oldest VS Code the extension supports (engines.vscode; 1.105 is Cursor's): the whole integration suite, and
  // the end-to-end cases a user meets first (chat, an agent task and its approvals, completions as you type) and
  // the Chinese UI. The chat tour's screenshots and layout checks, which nothing in the VS Code version changes,
  // run in the newest only.
  { name: `integration-${oldest}`, command: [process.execPath, tsx, 'test/integration/runIntegrationTests.ts'], counts: lastSummaryLine, env: { SVC_VSCODE: 'oldest' } },
  { name: `e2e-${oldest}`, command: [process.execPath, tsx, 'test/e2e/runE2eTests.ts', 'chat.test', 'agent.test', 'approvals', 'completions', 'localization'], counts: lastSummaryLine, env: { SVC_VSCODE: 'oldest' } },
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

async function main(): Promise<number> {
  const tmp = path.join(resultsDir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const env = { ...process.env, TMPDIR: tmp };
  const outcomes: Outcome[] = [];
  let blocked: string | undefined;
  const early = new Map(steps.filter((s) => s.startsEarly).map((s) => [s, run(s, env, false)] as const));
  for (const step of steps) {
    if (blocked) {
      console.log(`\n=== ${step.name}: not run, because ${blocked} failed`);
      outcomes.push({ name: step.name, ok: false, skipped: true, passed: 0, failed: 1, seconds: 0 });
      continue;
    }
    console.log(`\n=== ${step.name}: ${step.command.map((c) => path.basename(c)).join(' ')}`);
    const startedEarly = early.get(step);
    const { code, output, seconds } = startedEarly ? await startedEarly : await run(step, env, true);
    if (startedEarly) process.stdout.write(output);
    const counts = step.counts?.(output);
    const ok = code === 0;
    // A suite that failed without printing counts still counts as one failure.
    const passed = counts?.passed ?? 0;
    const failed = counts ? counts.failed + (ok || counts.failed > 0 ? 0 : 1) : ok ? 0 : 1;
    outcomes.push({ name: step.name, ok, skipped: false, passed, failed, seconds });
    if (!ok && step.required) blocked = step.name;
  }

  console.log('\n=== summary');
  for (const o of outcomes) {
    const status = o.skipped ? 'not run' : o.ok ? 'ok' : 'FAILED';
    const counts = steps.find((s) => s.name === o.name)?.counts ? `${o.passed} passed, ${o.failed} failed` : '';
    console.log(`${o.name.padEnd(18)} ${status.padEnd(8)} ${o.seconds.toFixed(1).padStart(6)}s  ${counts}`);
  }
  const passed = outcomes.reduce((sum, o) => sum + o.passed, 0);
  const failed = outcomes.reduce((sum, o) => sum + o.failed, 0);
  console.log('all suites together:');
  console.log(`${passed} passed, ${failed} failed`);
  return outcomes.every((o) => o.ok) ? 0 : 1;
}

main().then((code) => process.exit(code));
