// The emulator on a worker thread of its own. Inside the extension host the main thread serves every
// extension: loading the emulator's bundle (decompressing and compiling it, about half a second) and
// answering requests there would hold it, and with it the editor's completions and every other
// extension. This side only starts the thread and speaks the small protocol below; the thread's side is
// in main.ts, the entry of dist/emulator.js, so nothing of the emulator itself is loaded here.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EmulatorOptions, RunningEmulator } from './options';

/** workerData's key that tells main.ts it runs as the emulator's thread, not as the CLI. */
export const EMULATOR_THREAD_KEY = 'svcEmulatorThread';

export interface EmulatorThreadData {
  [EMULATOR_THREAD_KEY]: true;
  options: EmulatorOptions;
}

/** What the thread posts: started (or not), then closed when asked to close. */
export type EmulatorThreadMessage =
  | { type: 'started'; url: string; port: number; apiKey: string }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

/** What the host posts: close the server and end the thread. */
export type EmulatorThreadRequest = { type: 'close' };

export class EmulatorThreadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmulatorThreadError';
  }
}

export interface EmulatorThreadEntry {
  file: string;
  execArgv: string[];
}

/** Time a closing emulator gets to save and stop before its thread is terminated. */
const CLOSE_GRACE_MS = 5_000;

/** The thread's entry: the bundle beside this file in dist/, or the TypeScript source (with tsx's hook) in development. */
export function defaultEmulatorThreadEntry(): EmulatorThreadEntry {
  if (__filename.endsWith('.ts')) return { file: path.join(__dirname, 'main.ts'), execArgv: ['--require', require.resolve('tsx/cjs')] };
  return { file: path.join(__dirname, 'emulator.js'), execArgv: [] };
}

export interface EmulatorThreadHooks {
  /** Called once if the thread ends on its own after it started (a crash): the emulator is gone. */
  onExit?: (reason: string) => void;
}

/** Starts the emulator on a new worker thread; resolves once it listens, rejects with why it did not. */
export function startEmulatorThread(options: EmulatorOptions, entry: EmulatorThreadEntry = defaultEmulatorThreadEntry(), hooks: EmulatorThreadHooks = {}): Promise<RunningEmulator> {
  const data: EmulatorThreadData = { [EMULATOR_THREAD_KEY]: true, options };
  const worker = new Worker(entry.file, { workerData: data, execArgv: entry.execArgv });
  let closing = false;
  let closed: Promise<void> | undefined;
  return new Promise<RunningEmulator>((resolve, reject) => {
    let started = false;
    const fail = (reason: string): void => {
      if (started) {
        if (!closing) hooks.onExit?.(reason);
        return;
      }
      started = true;
      void worker.terminate();
      reject(new EmulatorThreadError(reason));
    };
    worker.on('error', (error) => fail(error.message));
    worker.on('exit', (code) => fail(`the emulator's thread ended (exit code ${code})`));
    worker.on('message', (message: EmulatorThreadMessage) => {
      if (message.type === 'failed') fail(message.message);
      if (message.type !== 'started' || started) return;
      started = true;
      const close = (): Promise<void> => {
        closed ??= new Promise<void>((done) => {
          closing = true;
          const timer = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
          worker.once('exit', () => {
            clearTimeout(timer);
            done();
          });
          worker.on('message', (reply: EmulatorThreadMessage) => {
            if (reply.type === 'closed') void worker.terminate();
          });
          worker.postMessage({ type: 'close' } satisfies EmulatorThreadRequest);
        });
        return closed;
      };
      resolve({ url: message.url, port: message.port, apiKey: message.apiKey, close });
    });
  });
}
