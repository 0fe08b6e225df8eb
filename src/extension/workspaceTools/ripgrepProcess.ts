// One run of ripgrep: its output read line by line as it comes, stopped as soon as the caller has
// enough, at the deadline, or when the task is cancelled. ripgrep gets the scrubbed environment of the
// agent's commands (no keys or tokens), and its error text is kept short.
import { spawn } from 'node:child_process';
import { commandEnvironment } from './commandEnvironment';

/** How a run ended: by itself, or stopped for the reason named. */
export type RipgrepEnd = 'exited' | 'enough' | 'deadline' | 'cancelled';

export interface RipgrepRun {
  end: RipgrepEnd;
  /** ripgrep's exit code when it exited by itself: 0 found, 1 found nothing, 2 an error. */
  exitCode: number | undefined;
  stderr: string;
}

const MAX_STDERR_CHARS = 4000;

/** Runs `binary args` in `cwd`; `onLine` gets each output line without its "\n" and answers 'enough' to stop it. */
export function runRipgrep(
  binary: string,
  args: readonly string[],
  options: { cwd: string; deadlineMs: number; signal: AbortSignal; onLine: (line: Buffer) => 'more' | 'enough' },
): Promise<RipgrepRun> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) {
      resolve({ end: 'cancelled', exitCode: undefined, stderr: '' });
      return;
    }
    const child = spawn(binary, args, { cwd: options.cwd, env: commandEnvironment(process.env), stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let end: RipgrepEnd = 'exited';
    let stderr = '';
    let pending = Buffer.alloc(0);
    const stop = (reason: RipgrepEnd): void => {
      if (end !== 'exited') return;
      end = reason;
      child.kill();
    };
    const timer = setTimeout(() => stop('deadline'), options.deadlineMs);
    const onAbort = (): void => stop('cancelled');
    options.signal.addEventListener('abort', onAbort);
    child.stdout.on('data', (chunk: Buffer) => {
      if (end !== 'exited') return;
      let data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      let newline = data.indexOf(10);
      while (newline >= 0) {
        if (options.onLine(data.subarray(0, newline)) === 'enough') {
          stop('enough');
          return;
        }
        data = data.subarray(newline + 1);
        newline = data.indexOf(10);
      }
      pending = Buffer.from(data);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR_CHARS) stderr = (stderr + chunk.toString('utf8')).slice(0, MAX_STDERR_CHARS);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      if (end === 'exited' && pending.length > 0) options.onLine(pending);
      resolve({ end, exitCode: end === 'exited' ? (code ?? undefined) : undefined, stderr: stderr.trim() });
    });
  });
}
