// The agent's WorkspaceHost in VS Code: files through Node (see nodeWorkspaceFiles.ts) with the
// user's files.exclude, search through VS Code's own ripgrep (bundledOrWalkingSearch.ts), proposed
// edits in the diff editor, commands in the user's shell (userShell.ts) shown in a VS Code terminal each,
// their output also captured for the model. Whatever still runs when the window closes (the extension is
// disposed) is killed with its process group.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommandProcess, CommandRequest, ProposedChange, WorkspaceHost, WorkspaceRoot } from '../../core/tools/workspaceHost';
import { NodeWorkspaceFiles } from './nodeWorkspaceFiles';
import { ProposedContentProvider } from '../proposedContent';
import { BundledOrWalkingSearch } from './bundledOrWalkingSearch';
import { EditorEncodingDetector } from './editorEncodingDetector';
import { startShellProcess, type ShellProcess } from './shellProcess';
import { UserShell } from './userShell';

const PROPOSED_SCHEME = 'svc-proposed';

function workspaceRoots(): WorkspaceRoot[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ name: f.name, path: f.uri.fsPath }));
}

/** The globs of a files.exclude-style setting that are switched on (`true`; conditional ones are left in). */
function excludeGlobs(section: 'files' | 'search' = 'files'): string[] {
  const exclude = vscode.workspace.getConfiguration(section).get<Record<string, unknown>>('exclude') ?? {};
  return Object.entries(exclude).filter(([, on]) => on === true).map(([glob]) => glob);
}

/** Search leaves out what the search view does: files.exclude and search.exclude. */
function searchExcludeGlobs(): string[] {
  return [...excludeGlobs('files'), ...excludeGlobs('search')];
}

/** VS Code's own ripgrep if it may be run, else the built-in walk; the @ file picker uses it too. */
export function workspaceSearch(files = new NodeWorkspaceFiles(workspaceRoots, () => excludeGlobs())): BundledOrWalkingSearch {
  return new BundledOrWalkingSearch({ appRoot: vscode.env.appRoot, roots: workspaceRoots, files, excludeGlobs: searchExcludeGlobs });
}

export class VscodeWorkspaceHost implements WorkspaceHost, vscode.Disposable {
  /** Linux file systems are case-sensitive; macOS and Windows ones are not by default. */
  readonly caseSensitive = process.platform === 'linux';
  private readonly files = new NodeWorkspaceFiles(workspaceRoots, () => excludeGlobs());
  readonly search = workspaceSearch(this.files);
  readonly encodingDetector = new EditorEncodingDetector({ appRoot: vscode.env.appRoot, workspaceFolders: () => workspaceRoots().map((root) => root.path) });
  private readonly proposed = new ProposedContentProvider(PROPOSED_SCHEME);
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, this.proposed);
  private readonly shell: UserShell;
  private readonly live = new Set<ShellProcess>();

  constructor(log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>) {
    this.shell = new UserShell(log);
  }

  roots(): readonly WorkspaceRoot[] {
    return workspaceRoots();
  }

  realpath(p: string): Promise<string> {
    return this.files.realpath(p);
  }

  lstat(p: string): ReturnType<WorkspaceHost['lstat']> {
    return this.files.lstat(p);
  }

  listFiles(directory: string, options: { recursive: boolean; limit: number }): ReturnType<WorkspaceHost['listFiles']> {
    return this.files.listFiles(directory, options);
  }

  readFile(p: string, options?: { maxBytes?: number }): Promise<Uint8Array> {
    return this.files.readFile(p, options);
  }

  writeFile(p: string, bytes: Uint8Array, expected: Uint8Array | undefined): Promise<void> {
    return this.files.writeFile(p, bytes, expected);
  }

  ignoredByGit(p: string): Promise<boolean> {
    return this.files.ignoredByGit(p);
  }

  deleteFile(p: string): Promise<void> {
    return this.files.deleteFile(p);
  }

  async showProposedChange(change: ProposedChange): Promise<{ close(): Promise<void> }> {
    const name = path.basename(change.path);
    const left = this.proposed.add(name, change.before ?? '');
    const right = this.proposed.add(name, change.after);
    const title = `${change.display} (${change.before === undefined ? 'new file' : 'proposed change'})`;
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
    return {
      close: async () => {
        const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
        const open = tabs.filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === right.toString());
        if (open.length > 0) await vscode.window.tabGroups.close(open);
        this.proposed.remove(left);
        this.proposed.remove(right);
      },
    };
  }

  /**
   * The command runs in a terminal the user sees (a pseudoterminal fed by the process), so nothing runs
   * hidden; closing that terminal stops the command.
   */
  async startCommand(request: CommandRequest): Promise<CommandProcess> {
    const launch = await this.shell.commandLaunch();
    const write = new vscode.EventEmitter<string>();
    // Output that arrives before VS Code opens the terminal is held back, not lost.
    const backlog: string[] = [];
    let opened = false;
    const open = (): void => {
      opened = true;
      for (const text of backlog.splice(0)) write.fire(text);
    };
    const toTerminal = (text: string): void => {
      const shown = text.replace(/\r?\n/g, '\r\n');
      if (opened) write.fire(shown);
      else backlog.push(shown);
    };
    toTerminal(`$ ${request.command}\n`);
    const child = startShellProcess({
      command: request.command,
      cwd: request.cwd,
      launch,
      onOutput: (text) => {
        toTerminal(text);
        request.onOutput(text);
      },
    });
    const terminal = vscode.window.createTerminal({ name: request.title, pty: { onDidWrite: write.event, open, close: () => void child.stop() } });
    terminal.show(true);
    this.live.add(child);
    void child.exited.then((exit) => {
      this.live.delete(child);
      toTerminal(`\n[${exit.exitCode === undefined ? 'stopped' : `exit code ${exit.exitCode}`}]\n`);
    });
    return child;
  }

  dispose(): void {
    for (const child of this.live) child.kill();
    this.registration.dispose();
    this.search.dispose();
  }
}
