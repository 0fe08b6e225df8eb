// Where subfolders' AGENTS.md files are read from disk. A repository's file is its authors' words: it is
// read only in a trusted workspace, only when it is really inside a workspace folder (a symlink out of
// the folder is not followed), and never a folder's own file, which the standing rules already carry.
// A dependency's file is not the repository's: nothing under a dependency folder (node_modules, vendor, a
// virtual environment) or under anything .gitignore leaves out is read as rules.
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { RULES_FILE, type NestedRulesSource } from '../../core/rules/nestedRules';
import { DEPENDENCY_FOLDERS } from '../../core/customizations/dependencyFolders';

export interface RulesFolders {
  /** The workspace's folders on disk; in a multi-root workspace a path starts with the folder's name. */
  folders(): readonly { name: string; path: string }[];
  trusted(): boolean;
  /** A rules file's text, or undefined when it is not a regular file of a sane size. */
  read(file: string): Promise<string | undefined>;
  /** Whether the workspace's .gitignore files leave this absolute path out. */
  ignoredByGit(file: string): Promise<boolean>;
}

/** The folder a workspace-relative path falls in, and the rest of the path. */
function locate(folders: readonly { name: string; path: string }[], relativePath: string): { root: string; rest: string[] } | undefined {
  const segments = relativePath.split('/');
  const named = folders.length > 1 ? folders.find((f) => f.name === segments[0]) : undefined;
  const folder = named ?? folders[0];
  return folder ? { root: folder.path, rest: named ? segments.slice(1) : segments } : undefined;
}

/** The real path of `rest` under `root`, only when it stays inside the folder. */
async function insideFolder(root: string, rest: string[]): Promise<string | undefined> {
  if (rest.includes('..')) return undefined;
  const [realRoot, real] = await Promise.all([fsp.realpath(root), fsp.realpath(path.join(root, ...rest))]).catch(() => [undefined, undefined]);
  return realRoot && real && real.startsWith(realRoot + path.sep) ? real : undefined;
}

export function nestedRulesReader(workspace: RulesFolders): NestedRulesSource {
  return {
    read: async (relativePath) => {
      const place = locate(workspace.folders(), relativePath);
      if (!workspace.trusted() || !place || place.rest.length < 2 || place.rest.at(-1) !== RULES_FILE) return undefined;
      if (place.rest.some((segment) => DEPENDENCY_FOLDERS.has(segment))) return undefined;
      const file = await insideFolder(place.root, place.rest);
      if (!file || (await workspace.ignoredByGit(file))) return undefined;
      return workspace.read(file);
    },
    isFolder: async (relativePath) => {
      const place = locate(workspace.folders(), relativePath);
      const real = place ? await insideFolder(place.root, place.rest) : undefined;
      return real !== undefined && (await fsp.stat(real).catch(() => undefined))?.isDirectory() === true;
    },
  };
}
