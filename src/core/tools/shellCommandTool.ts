// Runs a shell command in the workspace. Always asked: "always for this task" does not cover
// commands, since each one can do anything the user can. The question shows the whole command and
// warns when it can send data over the network; the process gets a scrubbed environment (shellProcess.ts).
// A command never holds the task: past its time limit the call answers with what it printed and the
// command goes on as a process of the task (taskProcesses.ts), which the model reads and stops; a
// background command (a dev server, a watcher) answers at once.
import * as l10n from '../l10n';
import type { TaskApprovals } from './approvals';
import { networkWarning } from './dataEgressGuard';
import { endsWithPrompt, INPUT_HINT } from './inputPrompt';
import type { WorkspacePathPolicy } from './pathPolicy';
import { describeNewOutput } from './processTools';
import type { TaskProcesses, TrackedProcess } from './taskProcesses';
import { done, failed, functionDefinition, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from './tool';
import { toolDisplay } from './toolDisplay';
import { toolTraits } from './toolTraits';

export const DEFAULT_MAX_COMMAND_OUTPUT_BYTES = 64 * 1024;
export const DEFAULT_COMMAND_TIMEOUT_SECONDS = 120;
export const MAX_COMMAND_TIMEOUT_SECONDS = 600;
/** How long a background start waits for the first output before it answers (less when the process exits). */
export const DEFAULT_BACKGROUND_FIRST_OUTPUT_MS = 2_000;

export interface ShellCommandOptions {
  maxOutputBytes?: number;
  backgroundFirstOutputMs?: number;
}

const TITLE_COMMAND_CHARS = 80;

/**
 * "Run `npm test` in the terminal?": the exact command when it fits one line, its folder unless the root.
 * Each form is a whole sentence, so a translation orders its parts as its grammar wants.
 */
function commandQuestion(command: string, folder: string, background: boolean): string {
  const whole = command.includes('\n') || command.length > TITLE_COMMAND_CHARS;
  const atRoot = folder === '.';
  if (background) {
    if (whole) return atRoot ? l10n.t('Start this command in the background?') : l10n.t('Start this command in the background (in {0})?', folder);
    return atRoot ? l10n.t('Start `{0}` in the background?', command) : l10n.t('Start `{0}` in the background (in {1})?', command, folder);
  }
  if (whole) return atRoot ? l10n.t('Run this command in the terminal?') : l10n.t('Run this command in the terminal (in {0})?', folder);
  return atRoot ? l10n.t('Run `{0}` in the terminal?', command) : l10n.t('Run `{0}` in the terminal (in {1})?', command, folder);
}

export class ShellCommandTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  /** A command can read, change and send anything the user can; its `cwd` is no `path` it is confined to. */
  readonly traits = toolTraits({ readsWorkspace: true, changes: 'workspace-files', runsPrograms: true });
  readonly display = toolDisplay('command', 'command', () => ({ running: l10n.t('Running {0}'), done: l10n.t('Ran {0}') }));
  readonly definition = functionDefinition(
    'run_command',
    'Run a shell command in a terminal of the workspace (the user approves each command), in the user\'s shell and PATH. Answers the exit code and the output. ' +
      `A command still running after timeout_seconds (default ${DEFAULT_COMMAND_TIMEOUT_SECONDS}) is not stopped: the answer says it is still running and gives its process id, ` +
      'for read_process_output and stop_process. For dev servers and watchers set background: true: the call answers at once with the first output and the process id. ' +
      'Standard input is closed: a command that asks a question gets end-of-input, so pass options that answer it (--yes, -y, --no-input, CI=1). ' +
      'Processes still running stop when the task ends.',
    {
      command: { type: 'string', description: 'The command line to run.' },
      cwd: { type: 'string', description: 'Folder to run in, relative to the workspace root; default the root.' },
      timeout_seconds: {
        type: 'integer',
        description: `Seconds to wait for the command to finish, from 1 to ${MAX_COMMAND_TIMEOUT_SECONDS}; default ${DEFAULT_COMMAND_TIMEOUT_SECONDS}. Ignored with background.`,
      },
      background: { type: 'boolean', description: 'Start a long-running process (dev server, watcher) and answer at once; default false.' },
    },
    ['command'],
  );

  private readonly maxOutputBytes: number;
  private readonly backgroundFirstOutputMs: number;

  constructor(
    private readonly policy: WorkspacePathPolicy,
    private readonly approvals: TaskApprovals,
    private readonly processes: TaskProcesses,
    options: ShellCommandOptions = {},
  ) {
    this.maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_COMMAND_OUTPUT_BYTES;
    this.backgroundFirstOutputMs = options.backgroundFirstOutputMs ?? DEFAULT_BACKGROUND_FIRST_OUTPUT_MS;
  }

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const command = String(args.value.command).trim();
    if (command === '') return failed('command is empty.');
    const timeout = args.value.timeout_seconds ?? DEFAULT_COMMAND_TIMEOUT_SECONDS;
    if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 1 || timeout > MAX_COMMAND_TIMEOUT_SECONDS) {
      return failed(`timeout_seconds must be a whole number of seconds from 1 to ${MAX_COMMAND_TIMEOUT_SECONDS}; got ${JSON.stringify(timeout)}. For a process that runs longer, set background: true.`);
    }
    const background = args.value.background === true;
    const cwd = await this.policy.resolve(args.value.cwd ?? '.', 'read');
    const warnings = [background ? l10n.t('It keeps running in the background until you stop it, the agent stops it, or the task ends.') : undefined, networkWarning(command)].filter((w) => w !== undefined);
    const allowed = await this.approvals.allowed(
      {
        kind: 'command',
        title: commandQuestion(command, cwd.display, background),
        detail: command,
        ...(warnings.length > 0 ? { warning: warnings.join(' ') } : {}),
        allowAlways: false,
      },
      signal,
    );
    if (!allowed) return { status: 'rejected', content: `The user rejected running: ${command}` };
    const started = await this.processes.start({ command, cwd: cwd.path, display: cwd.display, background });
    return background ? this.answerBackground(started, signal) : this.answerForeground(started, timeout, signal);
  }

  private async answerForeground(tracked: TrackedProcess, timeoutSeconds: number, signal: AbortSignal): Promise<ToolRunResult> {
    const outcome = await settleFirst(tracked, timeoutSeconds * 1000, signal);
    if (outcome === 'aborted') await tracked.stop();
    if (outcome === 'timeout') {
      const now = describeNewOutput(tracked.output.readNew());
      const hint = endsWithPrompt(now) ? `\n${INPUT_HINT}` : '';
      const status =
        `(still running after ${timeoutSeconds} s: it goes on as process ${tracked.id}. read_process_output {"id": "${tracked.id}"} shows what it prints next, ` +
        `stop_process {"id": "${tracked.id}"} stops it; it stops when the task ends)`;
      return done(`$ ${tracked.command}\n${status}\n${now}${hint}`);
    }
    this.processes.forget(tracked.id);
    const { text, truncated } = tracked.output.head();
    const exitCode = tracked.exitCode;
    const exit = exitCode === undefined ? 'was stopped before it exited' : `exited with code ${exitCode}`;
    const cap = truncated ? `\n[output cut at ${this.maxOutputBytes} bytes]` : '';
    const error = tracked.error ? `\n${tracked.error}` : '';
    const hint = exitCode !== 0 && endsWithPrompt(text) ? `\n${INPUT_HINT}` : '';
    const content = `$ ${tracked.command}\n(${exit})\n${text}${error}${cap}${hint}`;
    return exitCode === 0 ? done(content) : failed(content);
  }

  private async answerBackground(tracked: TrackedProcess, signal: AbortSignal): Promise<ToolRunResult> {
    await settleFirst(tracked, this.backgroundFirstOutputMs, signal);
    const first = describeNewOutput(tracked.output.readNew());
    if (tracked.state !== 'running') {
      const exit = tracked.exitCode === undefined ? 'was stopped' : `exited with code ${tracked.exitCode}`;
      const error = tracked.error ? `\n${tracked.error}` : '';
      const content = `$ ${tracked.command}\n(process ${tracked.id} ${exit} right after it started)\n${first}${error}`;
      return tracked.exitCode === 0 ? done(content) : failed(content);
    }
    const hint = endsWithPrompt(first) ? `\n${INPUT_HINT}` : '';
    const status =
      `(started in the background as process ${tracked.id}; what it printed in its first ${this.backgroundFirstOutputMs / 1000} s follows. ` +
      `read_process_output {"id": "${tracked.id}"} shows what it prints next, stop_process {"id": "${tracked.id}"} stops it; it stops when the task ends)`;
    return done(`$ ${tracked.command}\n${status}\n${first}${hint}`);
  }
}

/** Whichever comes first: the process exits, `ms` pass, or the task is stopped. */
function settleFirst(tracked: TrackedProcess, ms: number, signal: AbortSignal): Promise<'exited' | 'timeout' | 'aborted'> {
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish('timeout'), ms);
    const onAbort = (): void => finish('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    void tracked.finished.then(() => finish('exited'));
    function finish(outcome: 'exited' | 'timeout' | 'aborted'): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    }
  });
}
