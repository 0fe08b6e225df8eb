// Which paths the agent may touch: only inside the workspace folders. The model's path is checked
// lexically first (no absolute, drive, UNC or home forms, no `..`), then resolved through every
// symlink on disk, and the real path must still be inside a folder's real path. A path that does not
// exist yet (a file to create) is checked through its nearest existing ancestor, and a dangling
// symlink on the way is refused: writing through it would create its target, wherever that is.
import * as nodePath from 'node:path';
import type { WorkspaceFiles, WorkspaceRoot } from './workspaceFiles';
import { PathPolicyError } from './toolErrors';

export interface ResolvedPath {
  /** Real absolute path (symlinks resolved). */
  path: string;
  /** Workspace-relative form shown to the user and the model. */
  display: string;
  root: WorkspaceRoot;
  exists: boolean;
}

const RELATIVE_HINT = 'use a path relative to the workspace folder, such as "src/index.ts"';
/** Folders whose files run code when written (git hooks), compared as Windows and macOS see names. */
const PROTECTED_DIRECTORIES = ['.git'];

/** ".GIT" is ".git" on case-insensitive file systems, and Windows drops trailing dots and spaces (".git. "). */
function windowsName(segment: string): string {
  return segment.toLowerCase().replace(/[. ]+$/, '') || segment;
}

export class WorkspacePathPolicy {
  private realRoots: Promise<{ root: WorkspaceRoot; real: string }[]> | undefined;

  constructor(private readonly files: WorkspaceFiles) {}

  async resolve(input: unknown, purpose: 'read' | 'write'): Promise<ResolvedPath> {
    const segments = this.lexicalSegments(input);
    const shown = String(input);
    const roots = this.files.roots();
    if (roots.length === 0) throw new PathPolicyError(shown, 'no workspace folder is open');
    let root = roots[0] as WorkspaceRoot;
    const named = roots.length > 1 ? roots.find((r) => this.same(r.name, segments[0] ?? '')) : undefined;
    const rest = named ? segments.slice(1) : segments;
    if (named) root = named;
    if (purpose === 'write') {
      if (rest.length === 0) throw new PathPolicyError(shown, 'a folder cannot be written; name a file');
      if (rest.some((s) => PROTECTED_DIRECTORIES.includes(windowsName(s)))) {
        throw new PathPolicyError(shown, 'files inside .git may not be changed');
      }
    }
    const lexical = nodePath.join(root.path, ...rest);
    const { real, exists } = await this.realPathOf(lexical, root.path, shown);
    const inside = (await this.realRootList()).find((r) => this.contains(r.real, real));
    if (!inside) throw new PathPolicyError(shown, `it resolves outside the workspace folders (through a symlink or otherwise); ${RELATIVE_HINT}`);
    if (purpose === 'read' && !exists) throw new PathPolicyError(shown, 'no such file or folder in the workspace');
    const relative = nodePath.relative(inside.real, real).split(nodePath.sep).join('/');
    // Checked again on the real path: a symlink inside the workspace may lead into .git.
    if (purpose === 'write' && relative.split('/').some((s) => PROTECTED_DIRECTORIES.includes(windowsName(s)))) {
      throw new PathPolicyError(shown, 'files inside .git may not be changed');
    }
    const display = roots.length > 1 ? [inside.root.name, relative].filter(Boolean).join('/') : relative || '.';
    return { path: real, display, root: inside.root, exists };
  }

  /** The display form of an absolute path already inside a root (for listings). */
  async displayOf(absolute: string): Promise<string> {
    const roots = await this.realRootList();
    const inside = roots.find((r) => this.contains(r.real, absolute)) ?? roots.find((r) => this.contains(r.root.path, absolute));
    if (!inside) return absolute;
    const base = this.contains(inside.real, absolute) ? inside.real : inside.root.path;
    const relative = nodePath.relative(base, absolute).split(nodePath.sep).join('/');
    return this.files.roots().length > 1 ? [inside.root.name, relative].filter(Boolean).join('/') : relative || '.';
  }

  private lexicalSegments(input: unknown): string[] {
    if (typeof input !== 'string' || input.trim() === '') throw new PathPolicyError(String(input), `the path is empty; ${RELATIVE_HINT}`);
    if (input.includes('\0')) throw new PathPolicyError(input, 'the path contains a NUL character');
    const slashed = input.trim().replace(/\\/g, '/');
    if (slashed.startsWith('/')) throw new PathPolicyError(input, `absolute and UNC paths are not allowed; ${RELATIVE_HINT}`);
    if (/^[a-zA-Z]:/.test(slashed)) throw new PathPolicyError(input, `drive paths are not allowed; ${RELATIVE_HINT}`);
    if (slashed === '~' || slashed.startsWith('~/')) throw new PathPolicyError(input, `home-directory paths are not allowed; ${RELATIVE_HINT}`);
    const segments = slashed.split('/').filter((s) => s !== '' && s !== '.');
    for (const segment of segments) {
      if (/^\.{2,}\s*$/.test(segment)) {
        throw new PathPolicyError(input, `".." is not allowed; ${RELATIVE_HINT}`);
      }
      if (segment.includes(':')) throw new PathPolicyError(input, 'a path segment may not contain ":" (drive or stream syntax)');
    }
    return segments;
  }

  private async realPathOf(lexical: string, rootPath: string, shown: string): Promise<{ real: string; exists: boolean }> {
    const pending: string[] = [];
    let current = lexical;
    for (;;) {
      const kind = await this.files.lstat(current);
      if (kind !== undefined) {
        let real: string;
        try {
          real = await this.files.realpath(current);
        } catch {
          throw new PathPolicyError(shown, 'it goes through a symlink whose target does not exist');
        }
        return { real: pending.length > 0 ? nodePath.join(real, ...pending.reverse()) : real, exists: pending.length === 0 };
      }
      const parent = nodePath.dirname(current);
      if (parent === current || !this.contains(rootPath, current)) throw new PathPolicyError(shown, 'the workspace folder does not exist');
      pending.push(nodePath.basename(current));
      current = parent;
    }
  }

  private realRootList(): Promise<{ root: WorkspaceRoot; real: string }[]> {
    this.realRoots ??= Promise.all(
      this.files.roots().map(async (root) => ({ root, real: await this.files.realpath(root.path).catch(() => root.path) })),
    );
    return this.realRoots;
  }

  private same(a: string, b: string): boolean {
    return this.files.caseSensitive ? a === b : a.toLowerCase() === b.toLowerCase();
  }

  private contains(parent: string, child: string): boolean {
    const p = this.files.caseSensitive ? parent : parent.toLowerCase();
    const c = this.files.caseSensitive ? child : child.toLowerCase();
    const prefix = p.endsWith(nodePath.sep) ? p : p + nodePath.sep;
    return c === p || c.startsWith(prefix);
  }
}
