// The tools over a task's processes (commands started in the background or past their time limit):
// read what a process printed since the last read, stop it, list them. None of them asks: they only
// read or end what the user already approved to run.
import * as l10n from '../l10n';
import { endsWithPrompt, INPUT_HINT } from './inputPrompt';
import type { NewOutput } from './processOutput';
import type { TaskProcesses, TrackedProcess } from './taskProcesses';
import { done, failed, functionDefinition, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from './tool';
import { toolDisplay } from './toolDisplay';
import { toolTraits } from './toolTraits';

export const MAX_READ_WAIT_SECONDS = 60;

/** They read what the task's programs printed and stop them: they act on programs, so plan mode has none of them. */
const PROCESS_TOOL_TRAITS = toolTraits({ readsWorkspace: true, runsPrograms: true });

/** New output as the model reads it: a note of what was left out first, and a line when there is none. */
export function describeNewOutput(output: NewOutput): string {
  const skipped = output.skipped > 0 ? `[${output.skipped} earlier characters left out]\n` : '';
  return output.text === '' && output.skipped === 0 ? '(no new output)' : `${skipped}${output.text}`;
}

function stateLine(tracked: TrackedProcess): string {
  if (tracked.state === 'running') return `process ${tracked.id} is running: $ ${tracked.command}`;
  if (tracked.state === 'stopped') return `process ${tracked.id} was stopped: $ ${tracked.command}`;
  return `process ${tracked.id} exited with code ${tracked.exitCode}: $ ${tracked.command}${tracked.error ? ` (${tracked.error})` : ''}`;
}

function unknownProcess(processes: TaskProcesses, id: unknown): ToolRunResult {
  const known = processes.list().map((p) => p.id);
  return failed(`No process "${String(id)}" in this task. ${known.length > 0 ? `Its processes: ${known.join(', ')}.` : 'It has none: run_command starts one (background: true, or past its time limit).'}`);
}

/** Resolves when the process prints something or exits, or after `ms`. */
function nextOutput(tracked: TrackedProcess, ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || tracked.output.hasNew() || tracked.state !== 'running' || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      removeListener();
      signal.removeEventListener('abort', finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    const removeListener = tracked.output.onAppend(finish);
    signal.addEventListener('abort', finish, { once: true });
    void tracked.finished.then(finish);
  });
}

export class ReadProcessOutputTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  readonly traits = PROCESS_TOOL_TRAITS;
  readonly display = toolDisplay('process', 'id', () => ({ running: l10n.t('Reading the output of {0}'), done: l10n.t('Read the output of {0}') }));
  readonly definition = functionDefinition(
    'read_process_output',
    'What a process of this task (started by run_command in the background or still running past its time limit) printed since the last read, and whether it still runs.',
    {
      id: { type: 'string', description: 'The process id run_command answered, e.g. "p1".' },
      wait_seconds: { type: 'integer', description: `When nothing new was printed yet, wait up to this many seconds (0 to ${MAX_READ_WAIT_SECONDS}) for output or the exit; default 0.` },
    },
    ['id'],
  );

  constructor(private readonly processes: TaskProcesses) {}

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const tracked = this.processes.get(String(args.value.id));
    if (!tracked) return unknownProcess(this.processes, args.value.id);
    const wait = args.value.wait_seconds ?? 0;
    if (typeof wait !== 'number' || !Number.isInteger(wait) || wait < 0 || wait > MAX_READ_WAIT_SECONDS) {
      return failed(`wait_seconds must be a whole number of seconds from 0 to ${MAX_READ_WAIT_SECONDS}; got ${JSON.stringify(wait)}.`);
    }
    await nextOutput(tracked, wait * 1000, signal);
    const text = describeNewOutput(tracked.output.readNew());
    const hint = tracked.state === 'running' && endsWithPrompt(text) ? `\n${INPUT_HINT}` : '';
    return done(`${stateLine(tracked)}\n${text}${hint}`);
  }
}

export class StopProcessTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  readonly traits = PROCESS_TOOL_TRAITS;
  readonly display = toolDisplay('process', 'id', () => ({ running: l10n.t('Stopping {0}'), done: l10n.t('Stopped {0}') }));
  readonly definition = functionDefinition(
    'stop_process',
    'Stop a process of this task, and everything it started. Answers what it printed since the last read.',
    { id: { type: 'string', description: 'The process id run_command answered, e.g. "p1".' } },
    ['id'],
  );

  constructor(private readonly processes: TaskProcesses) {}

  async run(args: ToolArguments): Promise<ToolRunResult> {
    const tracked = this.processes.get(String(args.value.id));
    if (!tracked) return unknownProcess(this.processes, args.value.id);
    const wasRunning = tracked.state === 'running';
    await tracked.stop();
    const text = describeNewOutput(tracked.output.readNew());
    const line = wasRunning ? `process ${tracked.id} stopped: $ ${tracked.command}` : `${stateLine(tracked)} (it was no longer running)`;
    return done(`${line}\n${text}`);
  }
}

export class ListProcessesTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  readonly traits = PROCESS_TOOL_TRAITS;
  readonly display = toolDisplay('process', undefined, () => ({ running: l10n.t('Listing processes'), done: l10n.t('Listed processes') }));
  readonly definition = functionDefinition('list_processes', 'The processes of this task (background ones, and commands that ran past their time limit), with their state.', {}, []);

  constructor(private readonly processes: TaskProcesses) {}

  async run(): Promise<ToolRunResult> {
    const listed = this.processes.list();
    if (listed.length === 0) return done('This task has no processes.');
    const lines = listed.map((p) => {
      const state = p.state === 'exited' ? `exited with code ${p.exitCode}` : p.state;
      return `${p.id} (${state}${p.background ? ', background' : ''}) in ${p.cwd}: $ ${p.command}`;
    });
    return done(lines.join('\n'));
  }
}
