// Search of the workspace in VS Code: its own ripgrep when it may be run, else the built-in walk, with
// the user's files.exclude and search.exclude. The @ file picker (context/workspaceFileList.ts) uses it
// without the rest of the agent's workspace host (vscodeWorkspaceHost.ts), which shares its settings.
import * as vscode from 'vscode';
import type { WorkspaceRoot } from '../../core/tools/workspaceFiles';
import { BundledOrWalkingSearch } from './bundledOrWalkingSearch';
import { NodeWorkspaceFiles } from './nodeWorkspaceFiles';

export function workspaceRoots(): WorkspaceRoot[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ name: f.name, path: f.uri.fsPath }));
}

/** The globs of a files.exclude-style setting that are switched on (`true`; conditional ones are left in). */
export function excludeGlobs(section: 'files' | 'search' = 'files'): string[] {
  const exclude = vscode.workspace.getConfiguration(section).get<Record<string, unknown>>('exclude') ?? {};
  return Object.entries(exclude).filter(([, on]) => on === true).map(([glob]) => glob);
}

/** Search leaves out what the search view does: files.exclude and search.exclude. */
export function searchExcludeGlobs(): string[] {
  return [...excludeGlobs('files'), ...excludeGlobs('search')];
}

/** VS Code's own ripgrep if it may be run, else the built-in walk; the @ file picker uses it too. */
export function workspaceSearch(files = new NodeWorkspaceFiles(workspaceRoots, () => excludeGlobs())): BundledOrWalkingSearch {
  return new BundledOrWalkingSearch({ appRoot: vscode.env.appRoot, roots: workspaceRoots, files, excludeGlobs: searchExcludeGlobs });
}
