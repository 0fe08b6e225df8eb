// Runs a shell command in the workspace. Always asked: "always for this task" does not cover
// commands, since each one can do anything the user can. The question shows the whole command and
// warns when it can send data over the network; the process gets a scrubbed environment (shellProcess.ts).
import type { TaskApprovals } from './approvals';
import { networkWarning } from './dataEgressGuard';
import type { WorkspacePathPolicy } from './pathPolicy';
import { done, failed, functionDefinition, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from './tool';
import type { WorkspaceHost } from './workspaceHost';

export const DEFAULT_MAX_COMMAND_OUTPUT_BYTES = 64 * 1024;

export class ShellCommandTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  readonly definition = functionDefinition(
    'run_command',
    'Run a shell command in a terminal of the workspace (the user approves each command). Answers the exit code and the output.',
    {
      command: { type: 'string', description: 'The command line to run.' },
      cwd: { type: 'string', description: 'Folder to run in, relative to the workspace root; default the root.' },
    },
    ['command'],
  );

  constructor(
    private readonly host: WorkspaceHost,
    private readonly policy: WorkspacePathPolicy,
    private readonly approvals: TaskApprovals,
    private readonly maxOutputBytes = DEFAULT_MAX_COMMAND_OUTPUT_BYTES,
  ) {}

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const command = String(args.value.command).trim();
    if (command === '') return failed('command is empty.');
    const cwd = await this.policy.resolve(args.value.cwd ?? '.', 'read');
    const warning = networkWarning(command);
    const allowed = await this.approvals.allowed(
      { kind: 'command', title: `Run a command in ${cwd.display}?`, detail: command, ...(warning ? { warning } : {}), allowAlways: false },
      signal,
    );
    if (!allowed) return { status: 'rejected', content: `The user rejected running: ${command}` };
    const result = await this.host.runCommand({ command, cwd: cwd.path, maxOutputBytes: this.maxOutputBytes }, signal);
    const exit = result.exitCode === undefined ? 'was stopped before it exited' : `exited with code ${result.exitCode}`;
    const cap = result.truncated ? `\n[output cut at ${this.maxOutputBytes} bytes]` : '';
    const text = `$ ${command}\n(${exit})\n${result.output}${cap}`;
    return result.exitCode === 0 ? done(text) : failed(text);
  }
}
