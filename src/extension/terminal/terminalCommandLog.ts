// The last command each terminal ran, with its output, through shell integration: the output can only
// be read while the command runs, so every execution is read as it streams (its last MAX_KEPT_CHARS
// characters kept) and becomes its terminal's last command when it ends. Commands that ran before svc
// started are not known. Reading does not touch the terminal, so the agent's commands run undisturbed.
import * as vscode from 'vscode';
import type { TerminalCommandRecord } from '../../core/terminal/terminalContext';

/** Kept per running command; far more than the output cap of what goes to the chat (terminalContext.ts). */
const MAX_KEPT_CHARS = 64 * 1024;

export class TerminalCommandLog implements vscode.Disposable {
  private readonly last = new Map<vscode.Terminal, TerminalCommandRecord>();
  private readonly reading = new Map<vscode.TerminalShellExecution, Promise<string>>();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.window.onDidStartTerminalShellExecution((event) => {
        this.reading.set(event.execution, this.read(event.execution));
      }),
      vscode.window.onDidEndTerminalShellExecution(async (event) => {
        const output = (await this.reading.get(event.execution)) ?? '';
        this.reading.delete(event.execution);
        this.last.set(event.terminal, {
          commandLine: event.execution.commandLine.value,
          output,
          exitCode: event.exitCode,
          cwd: event.execution.cwd?.fsPath,
        });
      }),
      vscode.window.onDidCloseTerminal((terminal) => this.last.delete(terminal)),
    ];
  }

  /** The last command `terminal` finished since svc started, if any. */
  lastCommand(terminal: vscode.Terminal): TerminalCommandRecord | undefined {
    return this.last.get(terminal);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.last.clear();
  }

  private async read(execution: vscode.TerminalShellExecution): Promise<string> {
    let output = '';
    for await (const chunk of execution.read()) {
      output += chunk;
      if (output.length > MAX_KEPT_CHARS * 2) output = output.slice(-MAX_KEPT_CHARS);
    }
    return output.slice(-MAX_KEPT_CHARS);
  }
}
