// The hooks port on this computer: a hook's command runs in the shell the agent's commands run in, with
// their scrubbed environment (commandEnvironment.ts: the API key and every other secret stay out), in its
// own process group, its JSON on standard input. Past its time limit the whole group is killed. No vscode
// import, so tests run it as it is.
import { spawn } from 'node:child_process';
import type { HookProcessRequest, HookProcessResult, HookProcesses } from '../../core/hooks/hookProcesses';
import { commandEnvironment } from '../workspaceTools/commandEnvironment';
import type { ShellLaunch } from '../workspaceTools/shellProcess';

/** A hook's output is a reason or a little JSON; past this each stream is cut. */
const MAX_OUTPUT_BYTES = 256 * 1024;
/** How long output may stay open after the hook's shell exited. */
const PIPE_GRACE_MS = 1_000;

function collect(stream: NodeJS.ReadableStream | null): () => string {
  const chunks: Buffer[] = [];
  let size = 0;
  stream?.on('data', (data: Buffer) => {
    if (size >= MAX_OUTPUT_BYTES) return;
    chunks.push(data.subarray(0, MAX_OUTPUT_BYTES - size));
    size += data.length;
  });
  return () => Buffer.concat(chunks).toString('utf8');
}

export function runHookProcess(request: HookProcessRequest, launch: ShellLaunch): Promise<HookProcessResult> {
  const group = process.platform !== 'win32';
  const options = { cwd: request.cwd, env: { ...commandEnvironment(launch.env), ...request.variables }, detached: group, stdio: ['pipe', 'pipe', 'pipe'] as ['pipe', 'pipe', 'pipe'] };
  const child = launch.kind === 'login' ? spawn(launch.shell, ['-c', request.command], options) : spawn(request.command, { ...options, shell: true });
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);
  // A hook that exits without reading its input must not fail the write.
  child.stdin.on('error', () => undefined);
  child.stdin.end(request.stdin);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      if (group && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }, request.timeoutMs);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (exitCode: number | undefined, error?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ exitCode: timedOut ? undefined : exitCode, stdout: stdout(), stderr: stderr(), timedOut, ...(error !== undefined ? { error } : {}) });
    };
    child.once('error', (error) => settle(undefined, error.message));
    child.once('close', (code) => settle(code ?? undefined));
    // A process the hook left behind (`setsid`) may hold its output open: past a grace the answer is what arrived.
    child.once('exit', (code) => {
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        settle(code ?? undefined);
      }, PIPE_GRACE_MS).unref();
    });
  });
}

/** The port: every hook runs with `launch()` (the user's shell and its environment, found once). */
export class ShellHookProcesses implements HookProcesses {
  constructor(private readonly launch: () => Promise<ShellLaunch>) {}

  async run(request: HookProcessRequest): Promise<HookProcessResult> {
    return runHookProcess(request, await this.launch());
  }
}
