// The path gate of the agent's tools and the user's @-mentions: which paths may be touched (only inside
// the workspace folders) and what touching one needs (pathRules.ts: secret, git-ignored and protected
// files are asked about). The path is checked lexically first (no absolute, drive, UNC or home forms,
// no `..`), then resolved through every symlink on disk, and the real path must still be inside a
// folder's real path. A path that does not exist yet (a file to create) is checked through its nearest
// existing ancestor, and a dangling symlink on the way is refused: writing through it would create its
// target, wherever that is. A folder to change (move, delete) is walked whole, git-ignored files
// included, so a `.env` inside it is found.
import * as nodePath from 'node:path';
import * as l10n from '../l10n';
import { gateReason, type GateReason } from './gateReason';
import { PathRules, type NamedFile, type PathAccess, type PathQuestion } from './pathRules';
import { SecretFileRules } from './secretFiles';
import type { ListedEntry, WorkspaceFiles, WorkspaceRoot } from './workspaceFiles';
import { PathPolicyError } from './toolErrors';

export type { PathAccess, PathQuestion } from './pathRules';

export interface ResolvedPath {
  /** Real absolute path (symlinks resolved). */
  path: string;
  /** Workspace-relative form shown to the user and the model. */
  display: string;
  root: WorkspaceRoot;
  exists: boolean;
  /** What the user must answer before the access (pathRules.ts); empty: it may go ahead. */
  questions: PathQuestion[];
}

/** Entries of a folder to change that are looked at; past them, the change is asked about as unchecked. */
export const MAX_WALKED_ENTRIES = 20_000;

const RELATIVE_HINT = 'use a path relative to the workspace folder, such as "src/index.ts"';
/** Folders whose files run code when written (git hooks), compared as Windows and macOS see names. */
const PROTECTED_DIRECTORIES = ['.git'];

/** ".GIT" is ".git" on case-insensitive file systems, and Windows drops trailing dots and spaces (".git. "). */
function windowsName(segment: string): string {
  return segment.toLowerCase().replace(/[. ]+$/, '') || segment;
}

export class WorkspacePathPolicy {
  private realRoots: Promise<{ root: WorkspaceRoot; real: string }[]> | undefined;

  readonly rules: PathRules;
  private readonly maxWalkedEntries: number;

  constructor(
    private readonly files: WorkspaceFiles,
    secrets: SecretFileRules = new SecretFileRules(),
    options: { maxWalkedEntries?: number } = {},
  ) {
    this.rules = new PathRules(secrets);
    this.maxWalkedEntries = options.maxWalkedEntries ?? MAX_WALKED_ENTRIES;
  }

  /**
   * Where the path is and what `access` to it needs. Refused (PathPolicyError, in English for the
   * model) outside the workspace folders; otherwise the questions of pathRules.ts, for a folder to
   * change those of every file below it.
   */
  async resolve(input: unknown, access: PathAccess): Promise<ResolvedPath> {
    const segments = this.lexicalSegments(input);
    const shown = String(input);
    const roots = this.files.roots();
    if (roots.length === 0) throw new PathPolicyError(shown, 'no workspace folder is open');
    let root = roots[0] as WorkspaceRoot;
    const named = roots.length > 1 ? roots.find((r) => this.same(r.name, segments[0] ?? '')) : undefined;
    const rest = named ? segments.slice(1) : segments;
    if (named) root = named;
    if (access === 'change') {
      if (rest.length === 0) throw new PathPolicyError(shown, 'a folder cannot be written; name a file');
      if (rest.some((s) => PROTECTED_DIRECTORIES.includes(windowsName(s)))) {
        throw new PathPolicyError(shown, 'files inside .git may not be changed');
      }
    }
    const lexical = nodePath.join(root.path, ...rest);
    const { real, exists } = await this.realPathOf(lexical, root.path, shown);
    const inside = (await this.realRootList()).find((r) => this.contains(r.real, real));
    if (!inside) throw new PathPolicyError(shown, `it resolves outside the workspace folders (through a symlink or otherwise); ${RELATIVE_HINT}`);
    if (access === 'read' && !exists) throw new PathPolicyError(shown, 'no such file or folder in the workspace');
    const relative = nodePath.relative(inside.real, real).split(nodePath.sep).join('/');
    // Checked again on the real path: a symlink inside the workspace may lead into .git.
    if (access === 'change' && relative.split('/').some((s) => PROTECTED_DIRECTORIES.includes(windowsName(s)))) {
      throw new PathPolicyError(shown, 'files inside .git may not be changed');
    }
    const display = roots.length > 1 ? [inside.root.name, relative].filter(Boolean).join('/') : relative || '.';
    const file: NamedFile = { named: rest.join('/'), real: relative, shownReal: display, display };
    const kind = exists ? await this.files.lstat(real) : undefined;
    const questions =
      kind === 'directory'
        ? access === 'change' ? await this.folderQuestions(real) : []
        : await this.rules.questions(file, access, { exists, ignoredByGit: () => this.files.ignoredByGit(real) });
    return { path: real, display, root: inside.root, exists, questions };
  }

  /**
   * Every entry below a folder, git-ignored and excluded ones included, symlinks listed and never
   * entered: what a tool that moves or deletes the folder acts on.
   */
  walk(folder: string, limit: number): Promise<ListedEntry[]> {
    return this.files.listFiles(folder, { recursive: true, limit, ignored: 'listed' });
  }

  /** Why what is said of a file at this display path (a problem's message) stays away from the model, or undefined. */
  secretByName(display: string): GateReason | undefined {
    const inFolder = this.files.roots().length > 1 ? display.split('/').slice(1).join('/') : display;
    return this.rules.secretOf({ named: inFolder, real: inFolder, shownReal: display, display });
  }

  /** The questions a change of a folder raises: those of every file below it, by the rule for change. */
  private async folderQuestions(folder: string): Promise<PathQuestion[]> {
    const entries = await this.walk(folder, this.maxWalkedEntries + 1);
    const asked: PathQuestion[] = [];
    for (const entry of entries.slice(0, this.maxWalkedEntries)) {
      if (entry.kind === 'directory') continue;
      const display = await this.displayOf(entry.path);
      const relative = this.files.roots().length > 1 ? display.split('/').slice(1).join('/') : display;
      asked.push(...(await this.rules.questions({ named: relative, real: relative, shownReal: display, display }, 'change', { exists: true, ignoredByGit: () => this.files.ignoredByGit(entry.path) })));
    }
    if (entries.length > this.maxWalkedEntries) {
      const display = await this.displayOf(folder);
      const limit = this.maxWalkedEntries;
      const why = gateReason(() => l10n.t('it holds more than {0} files and folders, too many to look through for secrets and protected files', limit));
      asked.push({ kind: 'unchecked', display, why, allowAlways: false });
    }
    return asked;
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
