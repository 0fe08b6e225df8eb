// The file-system half of the workspace host, on Node's fs (the extension host runs on Node and the
// path policy needs realpath and lstat, which vscode.workspace.fs does not offer). No vscode import.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { FileKind, ListedEntry, WorkspaceRoot } from '../../core/tools/workspaceHost';
import { IgnoreRules, toSlashes } from './ignoreRules';

export class NodeWorkspaceFiles {
  constructor(
    private readonly rootList: () => readonly WorkspaceRoot[],
    private readonly excludeGlobs: () => readonly string[],
  ) {}

  realpath(p: string): Promise<string> {
    return fs.realpath(p);
  }

  async lstat(p: string): Promise<FileKind | undefined> {
    try {
      const stat = await fs.lstat(p);
      if (stat.isSymbolicLink()) return 'symlink';
      if (stat.isDirectory()) return 'directory';
      return stat.isFile() ? 'file' : 'other';
    } catch {
      return undefined;
    }
  }

  async readFile(p: string): Promise<Uint8Array> {
    return fs.readFile(p);
  }

  async writeFile(p: string, text: string): Promise<void> {
    await fs.mkdir(path.dirname(p), { recursive: true });
    await fs.writeFile(p, text, 'utf8');
  }

  async deleteFile(p: string): Promise<void> {
    await fs.rm(p, { force: true });
  }

  /**
   * Walks `directory` breadth-first. Symlinked folders are not entered (they may lead outside the
   * workspace); ignore rules are read from every .gitignore between the root and the entry.
   */
  async listFiles(directory: string, options: { recursive: boolean; limit: number }): Promise<ListedEntry[]> {
    const root = await this.rootOf(directory);
    const rules = new IgnoreRules(this.excludeGlobs());
    const rootReal = root ? await fs.realpath(root.path) : directory;
    const startRelative = toSlashes(path.relative(rootReal, directory));
    const segments = startRelative === '' ? [] : startRelative.split('/');
    for (let depth = 0; depth <= segments.length; depth++) await this.loadGitignore(rules, rootReal, segments.slice(0, depth).join('/'));
    const result: ListedEntry[] = [];
    const queue = [directory];
    while (queue.length > 0 && result.length < options.limit) {
      const current = queue.shift() as string;
      const relativeFolder = toSlashes(path.relative(rootReal, current));
      if (current !== directory) await this.loadGitignore(rules, rootReal, relativeFolder);
      const entries = await fs.readdir(current, { withFileTypes: true }).catch(() => []);
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        if (result.length >= options.limit) break;
        const absolute = path.join(current, entry.name);
        const relative = toSlashes(path.relative(rootReal, absolute));
        const isDirectory = entry.isDirectory();
        if (!isDirectory && !entry.isFile()) continue;
        if (rules.ignores(relative, isDirectory)) continue;
        result.push({ path: absolute, kind: isDirectory ? 'directory' : 'file' });
        if (isDirectory && options.recursive) queue.push(absolute);
      }
    }
    return result;
  }

  private async rootOf(directory: string): Promise<WorkspaceRoot | undefined> {
    for (const root of this.rootList()) {
      const real = await fs.realpath(root.path).catch(() => root.path);
      if (directory === real || directory.startsWith(real + path.sep)) return root;
    }
    return undefined;
  }

  private async loadGitignore(rules: IgnoreRules, rootReal: string, folder: string): Promise<void> {
    const text = await fs.readFile(path.join(rootReal, folder, '.gitignore'), 'utf8').catch(() => undefined);
    if (text !== undefined) rules.addGitignore(folder, text);
  }
}
