// Entry of the quickjs formula's worker thread (dist/quickjsWorker.js): evaluates one script in the
// QuickJS sandbox and posts the outcome back. Running here, a script that loops until its deadline or
// exhausts its memory costs this thread, never the thread of the extension host that called it.
import { parentPort, workerData } from 'node:worker_threads';
import { FormulaFailure } from './formula';
import { runQuickJs, type QuickJsLimits } from './quickjsSandbox';

export type QuickJsOutcome = { ok: true; output: string } | { ok: false; status: FormulaFailure['status']; message: string; output: string | undefined };

const { code, limits } = workerData as { code: string; limits: QuickJsLimits };

runQuickJs(code, limits).then(
  (output): void => parentPort?.postMessage({ ok: true, output } satisfies QuickJsOutcome),
  (error: unknown): void => {
    const outcome: QuickJsOutcome =
      error instanceof FormulaFailure
        ? { ok: false, status: error.status, message: error.message, output: error.output }
        : { ok: false, status: 'failed', message: `quickjs: ${error instanceof Error ? error.message : String(error)}`, output: undefined };
    parentPort?.postMessage(outcome);
  },
);
