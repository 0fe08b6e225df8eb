// The workspace's files for the @ completion list: VS Code's file search (which leaves out
// `files.exclude`), minus what the root .gitignore files ignore, as workspace-relative paths; kept for a
// few seconds so typing does not search again at every key.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { IgnoreRules } from '../workspaceTools/ignoreRules';

const MAX_FILES = 5000;
const FRESH_MS = 10_000;

export function workspaceFileList(): () => Promise<string[]> {
  let cached: { at: number; files: Promise<string[]> } | undefined;
  const list = async (): Promise<string[]> => {
    const rules = new Map<string, IgnoreRules>();
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const ignore = new IgnoreRules([]);
      const text = await fsp.readFile(path.join(folder.uri.fsPath, '.gitignore'), 'utf8').catch(() => '');
      if (text !== '') ignore.addGitignore('', text);
      rules.set(folder.uri.toString(), ignore);
    }
    const uris = await vscode.workspace.findFiles('**/*', undefined, MAX_FILES);
    return uris.flatMap((uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (!folder) return [];
      const relative = path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
      return rules.get(folder.uri.toString())?.ignores(relative, false) ? [] : [vscode.workspace.asRelativePath(uri, false)];
    });
  };
  return () => {
    if (!cached || Date.now() - cached.at > FRESH_MS) cached = { at: Date.now(), files: list() };
    return cached.files;
  };
}
