// Runs one shell command as a child process whose output goes to a listener (the task's output buffer
// and the terminal the user watches). Its standard input is /dev/null, so a command that asks a
// question reads end-of-input instead of waiting forever. Stopping kills the whole process group and,
// on Linux, every process that carries the command's tag or was seen below it (processSweep.ts), so
// neither its children nor those that left the group (`setsid`, a double fork) outlive it. The command gets a scrubbed environment
// (commandEnvironment.ts): the API key and every other secret stay out of model-chosen commands, whose
// output goes back to the service. No vscode import.
import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { CommandExit, CommandProcess, ProcessLeftRunning } from '../../core/tools/workspaceCommands';
import { commandEnvironment } from './commandEnvironment';
import { canSweep, newProcessTag, PROCESS_TAG_VARIABLE, ProcessSweep } from './processSweep';

/**
 * How a command is started. login: `shell -c command` with the environment of the user's login shell
 * (loginShell.ts); system: Node's default shell (`/bin/sh`, or `cmd.exe` on Windows) with `env`.
 */
/** How long a stopped command's output may stay open after the shell died (held by a process that left its group). */
const PIPE_GRACE_MS = 2_000;
/** How often the tree below a running command is noted (processSweep.ts remember). */
const TREE_NOTE_MS = 1_000;

export type ShellLaunch = { kind: 'login'; shell: string; env: NodeJS.ProcessEnv } | { kind: 'system'; env: NodeJS.ProcessEnv };

export interface ShellProcessRequest {
  command: string;
  cwd: string;
  onOutput: (text: string) => void;
  /** Default: the system shell with this process's environment (scrubbed like any other). */
  launch?: ShellLaunch;
}

export class ShellProcess implements CommandProcess {
  readonly exited: Promise<CommandExit>;
  private readonly exitEvent: Promise<void>;
  private killed = false;

  constructor(
    private readonly child: ChildProcess,
    onOutput: (text: string) => void,
    private readonly sweep?: ProcessSweep,
  ) {
    const decoders = [new StringDecoder('utf8'), new StringDecoder('utf8')] as const;
    child.stdout?.on('data', (data: Buffer) => onOutput(decoders[0].write(data)));
    child.stderr?.on('data', (data: Buffer) => onOutput(decoders[1].write(data)));
    if (sweep) {
      sweep.remember();
      const noting = setInterval(() => sweep.remember(), TREE_NOTE_MS);
      noting.unref();
      child.once('exit', () => clearInterval(noting));
      child.once('error', () => clearInterval(noting));
    }
    this.exitEvent = new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
    this.exited = new Promise((resolve) => {
      let settled = false;
      const settle = (exit: CommandExit): void => {
        if (settled) return;
        settled = true;
        const rest = decoders[0].end() + decoders[1].end();
        if (rest !== '') onOutput(rest);
        resolve(exit);
      };
      child.once('error', (error) => settle({ exitCode: undefined, error: error.message }));
      child.once('close', (code) => settle({ exitCode: this.killed || code === null ? undefined : code }));
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /**
   * Kills the process group and every process of the command found now (SIGKILL: nothing can ignore
   * it); synchronous, for the window's last moments; safe to call any number of times.
   */
  kill(): void {
    this.sweep?.killOnce();
    this.killGroup();
  }

  /**
   * Kills the command and everything it started, also after the shell itself exited, and resolves once
   * the output ended with the processes that are still running (refused by the system), by pid.
   */
  async stop(): Promise<ProcessLeftRunning[]> {
    // The sweep looks before the shell dies: a child it still holds is then known by its parent, whatever its environment.
    if (this.running()) this.killed = true;
    const left = this.sweep ? await this.sweep.killAll() : [];
    this.killGroup();
    await this.exitEvent;
    // A process that left the group and could not be killed may hold the pipes for ever: past a grace its output is dropped.
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, PIPE_GRACE_MS)));
    await Promise.race([this.exited, grace]);
    clearTimeout(timer);
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    await this.exited;
    return left;
  }

  private running(): boolean {
    return this.child.pid !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  private killGroup(): void {
    const pid = this.child.pid;
    if (pid === undefined || !this.running()) return;
    this.killed = true;
    try {
      if (process.platform === 'win32') this.child.kill();
      else process.kill(-pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }
}

export function startShellProcess(request: ShellProcessRequest): ShellProcess {
  const launch = request.launch ?? { kind: 'system', env: process.env };
  const tag = newProcessTag();
  const options = { cwd: request.cwd, env: { ...commandEnvironment(launch.env), [PROCESS_TAG_VARIABLE]: tag }, detached: process.platform !== 'win32', stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
  const child = launch.kind === 'login' ? spawn(launch.shell, ['-c', request.command], options) : spawn(request.command, { ...options, shell: true });
  return new ShellProcess(child, request.onOutput, canSweep() ? new ProcessSweep({ tag, rootPid: child.pid }) : undefined);
}
