// The workspace's files for the @ completion list, from the agent's own search index (VS Code's ripgrep
// through the same port as find_files): .gitignore at every level, files.exclude and search.exclude
// honoured, as workspace-relative paths (folder name first in a multi-root workspace); kept for a few
// seconds so typing does not search again at every key.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceSearch } from '../../core/tools/workspaceSearch';
import { toSlashes } from '../workspaceTools/ignoreRules';
import { workspaceSearch } from '../workspaceTools/vscodeWorkspaceSearch';

/** The list is scored on every key, so a very large repository offers its first files this many. */
const MAX_FILES = 20_000;
const FRESH_MS = 10_000;
const DEADLINE_MS = 10_000;

export function workspaceFileList(search: WorkspaceSearch = workspaceSearch()): () => Promise<string[]> {
  let cached: { at: number; files: Promise<string[]> } | undefined;
  const list = async (): Promise<string[]> => {
    const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ name: f.name, path: f.uri.fsPath }));
    const files: string[] = [];
    for (const root of roots) {
      if (files.length >= MAX_FILES) break;
      const real = await fsp.realpath(root.path).catch(() => undefined);
      if (real === undefined) continue;
      const found = await search.findFiles({ rootPath: root.path, folder: real, glob: '*', maxResults: MAX_FILES - files.length, deadlineMs: DEADLINE_MS, signal: new AbortController().signal });
      for (const file of found.paths) {
        const relative = toSlashes(path.relative(real, file));
        files.push(roots.length > 1 ? `${root.name}/${relative}` : relative);
      }
    }
    return files;
  };
  return () => {
    if (!cached || Date.now() - cached.at > FRESH_MS) cached = { at: Date.now(), files: list() };
    return cached.files;
  };
}
