// The commands port in VS Code: a command runs in the user's shell (userShell.ts, shellProcess.ts) and
// shows in a terminal the user sees (a pseudoterminal fed by the process, through terminalFeed.ts, so
// its output cannot rewrite what the terminal shows), so nothing runs hidden; its output is also
// captured for the model. Closing that terminal stops the command, and whatever still
// runs when the window closes (the extension is disposed) is killed with its process group.
import * as vscode from 'vscode';
import type { CommandProcess, CommandRequest, WorkspaceCommands } from '../../core/tools/workspaceCommands';
import { startShellProcess, type ShellProcess } from './shellProcess';
import { TerminalFeed } from './terminalFeed';
import { UserShell } from './userShell';

export class VscodeTerminalCommands implements WorkspaceCommands, vscode.Disposable {
  private readonly shell: UserShell;
  private readonly live = new Set<ShellProcess>();

  constructor(log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>) {
    this.shell = new UserShell(log);
  }

  async startCommand(request: CommandRequest): Promise<CommandProcess> {
    const launch = await this.shell.commandLaunch();
    const write = new vscode.EventEmitter<string>();
    // Output that arrives before VS Code opens the terminal is held back, up to a cap.
    const feed = new TerminalFeed((text) => write.fire(text), (bytes) => vscode.l10n.t('… {0} bytes of output not shown here', bytes));
    feed.write(`$ ${request.command}\n`);
    const child = startShellProcess({
      command: request.command,
      cwd: request.cwd,
      launch,
      onOutput: (text) => {
        feed.write(text);
        request.onOutput(text);
      },
    });
    const terminal = vscode.window.createTerminal({ name: request.title, pty: { onDidWrite: write.event, open: () => feed.open(), close: () => void child.stop() } });
    terminal.show(true);
    this.live.add(child);
    void child.exited.then((exit) => {
      this.live.delete(child);
      feed.write(`\n[${exit.exitCode === undefined ? vscode.l10n.t('stopped') : vscode.l10n.t('exit code {0}', exit.exitCode)}]\n`);
    });
    return child;
  }

  dispose(): void {
    for (const child of this.live) child.kill();
  }
}
