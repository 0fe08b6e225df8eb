// The agent's WorkspaceHost in VS Code: files through Node (see nodeWorkspaceFiles.ts) with the
// user's files.exclude, search through VS Code's own ripgrep (bundledOrWalkingSearch.ts), proposed
// edits in the diff editor, commands in a VS Code terminal whose output is also captured for the model.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommandResult, ProposedChange, WorkspaceHost, WorkspaceRoot } from '../../core/tools/workspaceHost';
import { NodeWorkspaceFiles } from './nodeWorkspaceFiles';
import { ProposedContentProvider } from '../proposedContent';
import { BundledOrWalkingSearch } from './bundledOrWalkingSearch';
import { runShellProcess } from './shellProcess';

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
  private readonly proposed = new ProposedContentProvider(PROPOSED_SCHEME);
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, this.proposed);

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

  writeFile(p: string, text: string, expected: string | undefined): Promise<void> {
    return this.files.writeFile(p, text, expected);
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

  /** The command runs in a terminal the user sees (a pseudoterminal fed by the process), so nothing runs hidden. */
  async runCommand(request: { command: string; cwd: string; maxOutputBytes: number }, signal: AbortSignal): Promise<CommandResult> {
    const write = new vscode.EventEmitter<string>();
    // Output that arrives before VS Code opens the terminal is held back, not lost.
    const backlog: string[] = [];
    let opened = false;
    const open = (): void => {
      opened = true;
      for (const text of backlog.splice(0)) write.fire(text);
    };
    const terminal = vscode.window.createTerminal({ name: 'svc agent', pty: { onDidWrite: write.event, open, close: () => undefined } });
    terminal.show(true);
    const toTerminal = (text: string): void => {
      const shown = text.replace(/\r?\n/g, '\r\n');
      if (opened) write.fire(shown);
      else backlog.push(shown);
    };
    toTerminal(`$ ${request.command}\n`);
    const result = await runShellProcess({ ...request, onOutput: toTerminal }, signal);
    toTerminal(`\n[${result.exitCode === undefined ? 'stopped' : `exit code ${result.exitCode}`}]\n`);
    return result;
  }

  dispose(): void {
    this.registration.dispose();
    this.search.dispose();
  }
}
