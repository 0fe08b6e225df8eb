// Entry of dist/emulator.js. Executed (`node dist/emulator.js`): runs the CLI. Started as a worker thread
// with EMULATOR_THREAD_KEY in its data (emulatorThread.ts, as the extension host does): serves on that
// thread and answers the host's protocol. Required: only exports startEmulator, starts nothing.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { CliUsageError, parseCli, USAGE } from './cli';
import { EMULATOR_THREAD_KEY, type EmulatorThreadData, type EmulatorThreadMessage, type EmulatorThreadRequest } from './emulatorThread';
import type { EmulatorOptions, RunningEmulator } from './options';
import { startEmulator } from './server';

export { startEmulator };

async function runCli(): Promise<void> {
  let options: EmulatorOptions | 'help';
  try {
    options = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const running = await startEmulator(options);
  process.stdout.write(`listening on ${running.url}\n`);
  // A key the user chose is theirs to know; a random one must be told, or nobody could use the emulator.
  if (options.apiKey === undefined) process.stdout.write(`api key: ${running.apiKey}\n`);
  const shutdown = (): void => {
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

async function serveThread(port: NonNullable<typeof parentPort>, data: EmulatorThreadData): Promise<void> {
  const post = (message: EmulatorThreadMessage): void => port.postMessage(message);
  let running: RunningEmulator;
  try {
    running = await startEmulator(data.options);
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  port.on('message', (request: EmulatorThreadRequest) => {
    if (request.type !== 'close') return;
    void running.close().finally(() => post({ type: 'closed' }));
  });
  post({ type: 'started', url: running.url, port: running.port, apiKey: running.apiKey });
}

const threadData = isMainThread ? undefined : (workerData as Partial<EmulatorThreadData> | undefined);

// esbuild's CJS output keeps `require.main` and `module` as node's own, so this holds exactly when the
// bundle (or this file under tsx) is the program being run, not when it is require()d.
if (parentPort && threadData?.[EMULATOR_THREAD_KEY] === true) {
  void serveThread(parentPort, threadData as EmulatorThreadData);
} else if (typeof require !== 'undefined' && typeof module !== 'undefined' && require.main === module) {
  runCli().catch((error: unknown) => {
    process.stderr.write(`emulator failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
