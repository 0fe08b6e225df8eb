// Runs one shell command as a child process with its output captured up to a cap; the terminal the
// user watches is fed the same output. Stopping kills the whole process group, so a command's own
// children do not outlive it. The command gets a scrubbed environment (commandEnvironment.ts): the
// API key and every other secret of the editor's process stay out of model-chosen commands, whose
// output goes back to the service. No vscode import.
import { spawn } from 'node:child_process';
import type { CommandResult } from '../../core/tools/workspaceHost';
import { commandEnvironment } from './commandEnvironment';

export interface ShellProcessRequest {
  command: string;
  cwd: string;
  maxOutputBytes: number;
  /** Every piece of output as it arrives (also past the cap), for the terminal. */
  onOutput?: (text: string) => void;
}

export function runShellProcess(request: ShellProcessRequest, signal: AbortSignal): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(request.command, { cwd: request.cwd, shell: true, env: commandEnvironment(process.env), detached: process.platform !== 'win32', stdio: ['ignore', 'pipe', 'pipe'] });
    const pieces: Buffer[] = [];
    let captured = 0;
    let truncated = false;
    const take = (data: Buffer): void => {
      request.onOutput?.(data.toString('utf8'));
      const room = request.maxOutputBytes - captured;
      if (room <= 0) {
        truncated = true;
        return;
      }
      const piece = data.length > room ? data.subarray(0, room) : data;
      if (data.length > room) truncated = true;
      pieces.push(piece);
      captured += piece.length;
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const kill = (): void => {
      if (child.pid === undefined || child.exitCode !== null) return;
      try {
        if (process.platform === 'win32') child.kill();
        else process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    signal.addEventListener('abort', kill, { once: true });
    const finish = (exitCode: number | undefined, extra = ''): void => {
      signal.removeEventListener('abort', kill);
      resolve({ exitCode, output: Buffer.concat(pieces).toString('utf8') + extra, truncated });
    };
    child.on('error', (err) => finish(undefined, `\n${err.message}`));
    child.on('close', (code) => finish(signal.aborted || code === null ? undefined : code));
  });
}
