// The agent's workspace ports in VS Code: files through Node (see nodeWorkspaceFiles.ts) with the
// user's files.exclude, search through VS Code's own ripgrep (bundledOrWalkingSearch.ts), commands in a
// terminal each (vscodeTerminalCommands.ts), the Problems view (vscodeDiagnostics.ts) and proposed edits
// in the diff editor (vscodeDiffPreview.ts).
import * as vscode from 'vscode';
import type { WorkspaceRoot } from '../../core/tools/workspaceFiles';
import type { WorkspaceHost } from '../../core/tools/workspaceHost';
import { NodeWorkspaceFiles } from './nodeWorkspaceFiles';
import { BundledOrWalkingSearch } from './bundledOrWalkingSearch';
import { excludeGlobs, searchExcludeGlobs, workspaceRoots } from './vscodeWorkspaceSearch';
import { EditorEncodingDetector } from './editorEncodingDetector';
import { VscodeDiagnostics } from './vscodeDiagnostics';
import { VscodeDiffPreview } from './vscodeDiffPreview';
import { VscodeTerminalCommands } from './vscodeTerminalCommands';

export class VscodeWorkspaceHost implements WorkspaceHost, vscode.Disposable {
  readonly files: NodeWorkspaceFiles;
  readonly search: BundledOrWalkingSearch;
  readonly encodingDetector: EditorEncodingDetector;
  readonly commands: VscodeTerminalCommands;
  readonly diagnostics = new VscodeDiagnostics();
  readonly diffPreview = new VscodeDiffPreview();

  /** `roots`: the folders the agent sees; the workspace's own unless a background task's worktree is given. */
  constructor(log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>, roots: () => WorkspaceRoot[] = workspaceRoots) {
    this.files = new NodeWorkspaceFiles(roots, () => excludeGlobs());
    this.search = new BundledOrWalkingSearch({ appRoot: vscode.env.appRoot, roots, files: this.files, excludeGlobs: searchExcludeGlobs });
    this.encodingDetector = new EditorEncodingDetector({ appRoot: vscode.env.appRoot, workspaceFolders: () => roots().map((root) => root.path) });
    this.commands = new VscodeTerminalCommands(log);
  }

  dispose(): void {
    this.commands.dispose();
    this.diffPreview.dispose();
    this.search.dispose();
  }
}
