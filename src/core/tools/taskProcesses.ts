// The commands one task has running: each started command gets a short id (p1, p2, … in the task) by
// which the model reads its output and stops it, and the view lists it with a Stop button. A command
// that finished in time leaves the list; one that ran past its time limit, or was started in the
// background, stays until it is stopped or exits. When the task ends, everything any of its commands
// started stops, also what a command that finished left behind (a `setsid` daemon); a process the
// system refuses to end is listed by pid and command line, so the user can end it by hand.
import * as l10n from '../l10n';
import { ProcessOutput } from './processOutput';
import type { CommandExit, CommandProcess, ProcessLeftRunning, WorkspaceCommands } from './workspaceCommands';

export type ProcessState = 'running' | 'exited' | 'stopped';

export interface ProcessSummary {
  id: string;
  command: string;
  /** Folder it runs in, as the user reads it. */
  cwd: string;
  state: ProcessState;
  /** Set once it exited by itself. */
  exitCode?: number;
  background: boolean;
  /** Processes it started that could not be stopped (set once it was stopped). */
  leftRunning?: ProcessLeftRunning[];
}

export class TrackedProcess {
  state: ProcessState = 'running';
  exitCode: number | undefined;
  /** Why it could not start, when it could not. */
  error: string | undefined;
  /** What survived the last stop: processes the system refused to end. */
  leftRunning: ProcessLeftRunning[] = [];
  /** Settles when the process has exited, its state set. */
  readonly finished: Promise<CommandExit>;

  constructor(
    readonly id: string,
    readonly command: string,
    readonly cwd: string,
    readonly background: boolean,
    readonly output: ProcessOutput,
    private readonly handle: CommandProcess,
    onExit: () => void,
  ) {
    this.finished = handle.exited.then((exit) => {
      if (this.state === 'running') this.state = exit.exitCode === undefined ? 'stopped' : 'exited';
      this.exitCode = exit.exitCode;
      this.error = exit.error;
      onExit();
      return exit;
    });
  }

  get pid(): number | undefined {
    return this.handle.pid;
  }

  /** Stops it and whatever it started, even once it exited by itself (a daemon it left behind). */
  async stop(): Promise<void> {
    if (this.state === 'running') this.state = 'stopped';
    this.leftRunning = await this.handle.stop();
    await this.finished;
  }

  summary(): ProcessSummary {
    return {
      id: this.id,
      command: this.command,
      cwd: this.cwd,
      state: this.state,
      ...(this.exitCode !== undefined ? { exitCode: this.exitCode } : {}),
      background: this.background,
      ...(this.leftRunning.length > 0 ? { leftRunning: this.leftRunning } : {}),
    };
  }
}

export interface StartRequest {
  command: string;
  /** Absolute path the policy approved. */
  cwd: string;
  /** The folder as the user reads it. */
  display: string;
  background: boolean;
}

export class TaskProcesses {
  private readonly processes = new Map<string, TrackedProcess>();
  /** Every process the task started, also those that left the list: what they left behind stops with the task. */
  private readonly started: TrackedProcess[] = [];
  private readonly listeners = new Set<() => void>();
  private next = 1;
  private closed = false;

  constructor(
    private readonly commands: WorkspaceCommands,
    private readonly maxOutputBytes: number,
  ) {}

  async start(request: StartRequest): Promise<TrackedProcess> {
    if (this.closed) throw new TaskEndedError();
    const id = `p${this.next++}`;
    const output = new ProcessOutput(this.maxOutputBytes);
    const handle = await this.commands.startCommand({
      command: request.command,
      cwd: request.cwd,
      title: l10n.t('svc agent {0}: {1}', id, request.command.length > 40 ? `${request.command.slice(0, 39)}…` : request.command),
      onOutput: (text) => output.append(text),
    });
    const tracked = new TrackedProcess(id, request.command, request.display, request.background, output, handle, () => this.changed());
    this.processes.set(id, tracked);
    this.started.push(tracked);
    // The task may have ended while the shell was being found: nothing it started outlives it.
    if (this.closed) void tracked.stop();
    this.changed();
    return tracked;
  }

  get(id: string): TrackedProcess | undefined {
    return this.processes.get(id.trim());
  }

  /** Every listed process, oldest first. */
  list(): ProcessSummary[] {
    return [...this.processes.values()].map((p) => p.summary());
  }

  running(): ProcessSummary[] {
    return this.list().filter((p) => p.state === 'running');
  }

  /** What the view lists: the processes that run, and those that left a process the system would not end. */
  shown(): ProcessSummary[] {
    return this.started.map((p) => p.summary()).filter((p) => p.state === 'running' || p.leftRunning !== undefined);
  }

  /** A command that finished within its time limit: its answer said everything, so it leaves the list. */
  forget(id: string): void {
    if (this.processes.delete(id)) this.changed();
  }

  /** Stops process `id`; false when the task has no such process. */
  async stop(id: string): Promise<boolean> {
    const tracked = this.get(id);
    if (!tracked) return false;
    await tracked.stop();
    if (tracked.leftRunning.length > 0) this.changed();
    return true;
  }

  /** The task ended: stops every process any of its commands started, and starts no more. */
  async stopAll(): Promise<void> {
    this.closed = true;
    await Promise.all(this.started.map((p) => p.stop()));
    if (this.started.some((p) => p.leftRunning.length > 0)) this.changed();
  }

  /** Calls `listener` whenever a process starts, exits, stops or leaves the list; returns the function that removes it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** A process was asked to start after its task ended. */
export class TaskEndedError extends Error {
  override readonly name = 'TaskEndedError';
  constructor() {
    super('The task has ended: it starts no more processes.');
  }
}
