// The files port of the workspace host, on Node's fs (the extension host runs on Node and the
// path policy needs realpath and lstat, which vscode.workspace.fs does not offer). No vscode import.
import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { FileTooLargeError, WriteRefusedError } from '../../core/tools/toolErrors';
import type { FileKind, ListedEntry, ListOptions, WorkspaceFiles, WorkspaceRoot } from '../../core/tools/workspaceFiles';
import { IgnoreRules, toSlashes } from './ignoreRules';

export class NodeWorkspaceFiles implements WorkspaceFiles {
  /** Linux file systems are case-sensitive; macOS and Windows ones are not by default. */
  readonly caseSensitive: boolean;

  constructor(
    private readonly rootList: () => readonly WorkspaceRoot[],
    private readonly excludeGlobs: () => readonly string[],
    options: { caseSensitive?: boolean } = {},
  ) {
    this.caseSensitive = options.caseSensitive ?? process.platform === 'linux';
  }

  roots(): readonly WorkspaceRoot[] {
    return this.rootList();
  }

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

  /** Reads through one descriptor, its size checked first: a 2 GB file is refused, never loaded. */
  async readFile(p: string, options: { maxBytes?: number } = {}): Promise<Uint8Array> {
    const handle = await fs.open(p, constants.O_RDONLY);
    try {
      const { size } = await handle.stat();
      const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
      if (size > maxBytes) throw new FileTooLargeError(p, size, maxBytes);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  /**
   * Writes only what was approved, to what was approved. At the moment of writing, every folder from
   * the workspace root down must be a real folder (no symlink swapped in while the user decided), the
   * file is opened without following a symlink, must be a regular file with one link (a hard link
   * would carry the write outside), and must still hold exactly the bytes `expected` (else the user or
   * another tool changed it: the write is refused, their bytes kept). `expected` undefined: the file
   * must not exist. The write goes through the descriptor that was checked.
   */
  async writeFile(p: string, bytes: Uint8Array, expected: Uint8Array | undefined): Promise<void> {
    await this.ensureRealFolders(p);
    if (expected === undefined) {
      const handle = await fs.open(p, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') throw new WriteRefusedError(p, 'exists', 'it was created since the change was proposed; read it again');
        throw error;
      });
      try {
        await handle.writeFile(bytes);
      } finally {
        await handle.close();
      }
      return;
    }
    const handle = await fs.open(p, constants.O_RDWR | constants.O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ELOOP') throw new WriteRefusedError(p, 'symlink', 'it became a symbolic link; nothing was written');
      if (error.code === 'ENOENT') throw new WriteRefusedError(p, 'changed-since-read', 'changed since read: it no longer exists; read it again');
      throw error;
    });
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new WriteRefusedError(p, 'not-a-file', 'it is no longer a regular file; nothing was written');
      if (stat.nlink > 1) throw new WriteRefusedError(p, 'hardlink', `it has ${stat.nlink} hard links, so a write would change a file elsewhere too; nothing was written`);
      const current = await handle.readFile();
      if (Buffer.compare(current, expected) !== 0) throw new WriteRefusedError(p, 'changed-since-read', 'changed since read: the file is not what the change was made from; read it again');
      await handle.truncate(0);
      await handle.write(bytes, 0, bytes.length, 0);
    } finally {
      await handle.close();
    }
  }

  /** Whether the workspace's .gitignore files (not files.exclude) leave this path out. */
  async ignoredByGit(p: string): Promise<boolean> {
    const root = await this.rootOf(p);
    if (!root) return false;
    const rootReal = await fs.realpath(root.path);
    const relative = toSlashes(path.relative(rootReal, p));
    const rules = new IgnoreRules([]);
    const segments = relative.split('/');
    for (let depth = 0; depth < segments.length; depth++) await this.loadGitignore(rules, rootReal, segments.slice(0, depth).join('/'));
    return rules.ignores(relative, false);
  }

  /** Every folder between the workspace root and `p` is a real folder; missing ones are made one by one. */
  private async ensureRealFolders(p: string): Promise<void> {
    const root = await this.rootOf(path.dirname(p));
    if (!root) throw new WriteRefusedError(p, 'outside', 'it is not inside a workspace folder; nothing was written');
    const rootReal = await fs.realpath(root.path);
    let current = rootReal;
    for (const segment of path.relative(rootReal, path.dirname(p)).split(path.sep).filter(Boolean)) {
      current = path.join(current, segment);
      const stat = await fs.lstat(current).catch(() => undefined);
      if (stat === undefined) {
        await fs.mkdir(current);
        continue;
      }
      if (stat.isSymbolicLink()) throw new WriteRefusedError(p, 'symlink', `${current} became a symbolic link; nothing was written`);
      if (!stat.isDirectory()) throw new WriteRefusedError(p, 'not-a-file', `${current} is not a folder; nothing was written`);
    }
  }

  async deleteFile(p: string): Promise<void> {
    await fs.rm(p, { force: true });
  }

  /** Entries under a directory (see `walk`), at most `limit`. */
  async listFiles(directory: string, options: ListOptions): Promise<ListedEntry[]> {
    const result: ListedEntry[] = [];
    if (options.limit <= 0) return result;
    const walked = options.ignored === 'listed' ? this.walkAll(directory, { recursive: options.recursive }) : this.walk(directory, { recursive: options.recursive });
    for await (const entry of walked) {
      result.push(entry);
      if (result.length >= options.limit) break;
    }
    return result;
  }

  /**
   * Walks `directory` breadth-first, in name order per folder, one folder read at a time, so a caller
   * that stops early pays only for what it took. Symlinked folders are not entered (they may lead
   * outside the workspace); ignore rules are read from every .gitignore between the root and the entry;
   * `excludeGlobs` (default files.exclude) are left out too.
   */
  async *walk(directory: string, options: { recursive: boolean; excludeGlobs?: readonly string[] }): AsyncGenerator<ListedEntry> {
    const root = await this.rootOf(directory);
    const rules = new IgnoreRules(options.excludeGlobs ?? this.excludeGlobs());
    const rootReal = root ? await fs.realpath(root.path) : directory;
    const startRelative = toSlashes(path.relative(rootReal, directory));
    const segments = startRelative === '' ? [] : startRelative.split('/');
    for (let depth = 0; depth <= segments.length; depth++) await this.loadGitignore(rules, rootReal, segments.slice(0, depth).join('/'));
    const queue = [directory];
    for (let next = 0; next < queue.length; next++) {
      const current = queue[next] as string;
      const relativeFolder = toSlashes(path.relative(rootReal, current));
      if (current !== directory) await this.loadGitignore(rules, rootReal, relativeFolder);
      const entries = await fs.readdir(current, { withFileTypes: true }).catch(() => []);
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        const absolute = path.join(current, entry.name);
        const relative = toSlashes(path.relative(rootReal, absolute));
        const isDirectory = entry.isDirectory();
        if (!isDirectory && !entry.isFile()) continue;
        if (rules.ignores(relative, isDirectory)) continue;
        yield { path: absolute, kind: isDirectory ? 'directory' : 'file' };
        if (isDirectory && options.recursive) queue.push(absolute);
      }
    }
  }

  /** Every entry, in the order of `walk`, with nothing left out; symlinks are listed and not entered. */
  private async *walkAll(directory: string, options: { recursive: boolean }): AsyncGenerator<ListedEntry> {
    const queue = [directory];
    for (let next = 0; next < queue.length; next++) {
      const current = queue[next] as string;
      const entries = await fs.readdir(current, { withFileTypes: true }).catch(() => []);
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        const absolute = path.join(current, entry.name);
        const kind = entry.isSymbolicLink() ? 'symlink' : entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : undefined;
        if (kind === undefined) continue;
        yield { path: absolute, kind };
        if (kind === 'directory' && options.recursive) queue.push(absolute);
      }
    }
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
