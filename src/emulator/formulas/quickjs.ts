// svc/quickjs: JavaScript in a QuickJS sandbox (quickjsSandbox.ts), evaluated in a worker thread of its
// own (quickjsWorker.ts) so that a script never holds the caller's thread: inside the extension host
// that thread serves every extension. The worker has its own heap limit and is terminated shortly after
// the script's deadline, should QuickJS's interrupt handler not have stopped it first.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FormulaFailure, tool, singleFunctionFormula } from './formula';
import type { QuickJsLimits } from './quickjsSandbox';
import type { QuickJsOutcome } from './quickjsWorker';

/** Time the worker gets beyond the script's deadline to start and to report before it is terminated. */
const WORKER_GRACE_MS = 3_000;
const QUICKJS_OUTPUT_BYTES = 64 * 1024;

/** The worker's entry: beside the bundle in dist/, or the TypeScript source (with tsx's hook) in development. */
function workerEntry(): { file: string; execArgv: string[] } {
  if (__filename.endsWith('.ts')) {
    const hook = 'tsx/cjs';
    return { file: path.join(__dirname, 'quickjsWorker.ts'), execArgv: ['--require', require.resolve(hook)] };
  }
  return { file: path.join(__dirname, 'quickjsWorker.js'), execArgv: [] };
}

export function runQuickJsInWorker(code: string, limits: QuickJsLimits): Promise<string> {
  const entry = workerEntry();
  const worker = new Worker(entry.file, {
    workerData: { code, limits },
    execArgv: entry.execArgv,
    env: {},
    resourceLimits: { maxOldGenerationSizeMb: 64 + Math.ceil(limits.memoryBytes / (1024 * 1024)), stackSizeMb: 4 },
  });
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(new FormulaFailure('timeout', `quickjs: the script ran longer than ${limits.timeoutMs} ms and was stopped`))),
      limits.timeoutMs + WORKER_GRACE_MS,
    );
    worker.once('message', (outcome: QuickJsOutcome) =>
      settle(() => (outcome.ok ? resolve(outcome.output) : reject(new FormulaFailure(outcome.status, outcome.message, outcome.output)))),
    );
    worker.once('error', (error) => {
      const memory = /memory|heap/i.test(error.message);
      settle(() => reject(new FormulaFailure('failed', memory ? `quickjs: the script exceeded the memory limit of ${limits.memoryBytes} bytes` : `quickjs: ${error.message}`)));
    });
    worker.once('exit', () => settle(() => reject(new FormulaFailure('failed', 'quickjs: the sandbox stopped before it answered'))));
  });
}

export const quickjsFormula = singleFunctionFormula(
  'quickjs',
  tool('quickjs', 'Run JavaScript in a sandbox (no network, no files) and return console output and the value of the last expression.', {
    code: { type: 'string', description: 'The JavaScript to run; the last expression is the result.' },
  }, ['code']),
  async (args, env) => {
    const code = args.string('code');
    return { output: await runQuickJsInWorker(code, { timeoutMs: env.limits.quickjsTimeoutMs, memoryBytes: env.limits.quickjsMemoryBytes, outputBytes: QUICKJS_OUTPUT_BYTES }) };
  },
);
