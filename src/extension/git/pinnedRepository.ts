// Which repository git may work on for a folder, found and checked by us rather than by git. git's own
// discovery obeys the repository it finds: `core.worktree` in its config moves the work tree anywhere (the
// home folder, with its tokens), a `.git` file or a `commondir` sends it to another repository on the
// machine. So the repository root is found by walking up from the folder to the first `.git`, its git
// folder must lie inside that root, and git is then given both explicitly (`--git-dir`, `--work-tree`).
// Passing them explicitly also switches off git's check that the repository belongs to the user, so that
// check is made here: a repository another user owns is refused unless the user's own git config lists it
// in `safe.directory`. No vscode import.
import { promises as fsp, type Stats } from 'node:fs';
import path from 'node:path';
import * as l10n from '../../core/l10n';

export interface PinnedRepository {
  /** The repository's root: the folder itself or a folder above it, real path. */
  workTree: string;
  /** Its git folder, inside `workTree`, real path. */
  gitDir: string;
  /** The folder git was asked about, real path, inside `workTree`. */
  folder: string;
}

export class RepositoryRefusedError extends Error {
  override readonly name: string = 'RepositoryRefusedError';
}

/** No `.git` at or above the folder. */
export class NotInRepositoryError extends RepositoryRefusedError {
  override readonly name = 'NotInRepositoryError';
  constructor(readonly folder: string) {
    super(l10n.t('{0} is not in a git repository', folder));
  }
}

/** A `.git` file is a line `gitdir: <path>`; anything much longer is not one. */
const MAX_GIT_FILE_BYTES = 4096;

export function isInside(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

async function lstatOrUndefined(file: string): Promise<Stats | undefined> {
  return fsp.lstat(file).catch(() => undefined);
}

async function realInside(root: string, target: string, what: string): Promise<string> {
  const real = await fsp.realpath(target).catch(() => undefined);
  if (!real) throw new RepositoryRefusedError(l10n.t('{0} names {1}, which does not exist', what, target));
  if (!isInside(root, real)) throw new RepositoryRefusedError(l10n.t('{0} points to {1}, outside the repository folder {2}; git is not run on it', what, real, root));
  return real;
}

/** The git folder a `.git` file names, which must lie inside `root`. */
async function gitDirOfFile(root: string, gitFile: string): Promise<string> {
  const text = (await fsp.readFile(gitFile)).subarray(0, MAX_GIT_FILE_BYTES).toString('utf8');
  const named = /^gitdir: *(.+?)\s*$/m.exec(text)?.[1];
  if (!named) throw new RepositoryRefusedError(l10n.t('{0} is not a git link file (no "gitdir:" line)', gitFile));
  return realInside(root, path.resolve(root, named), gitFile);
}

async function findRoot(folder: string): Promise<{ root: string; dotGit: Stats }> {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    const dotGit = await lstatOrUndefined(path.join(dir, '.git'));
    if (dotGit) return { root: dir, dotGit };
    if (path.dirname(dir) === dir) throw new NotInRepositoryError(folder);
  }
}

/**
 * The repository of `folder`, with its git folder checked to lie inside it. `safeDirectories` is read only
 * when the repository belongs to another user: the user's `safe.directory` values.
 */
export async function pinRepository(folder: string, safeDirectories: () => Promise<readonly string[]>): Promise<PinnedRepository> {
  const real = await fsp.realpath(folder).catch(() => undefined);
  if (!real) throw new RepositoryRefusedError(l10n.t('{0} does not exist', folder));
  const { root, dotGit } = await findRoot(real);
  const dotGitPath = path.join(root, '.git');
  let gitDir: string;
  if (dotGit.isDirectory()) gitDir = dotGitPath;
  else if (dotGit.isFile()) gitDir = await gitDirOfFile(root, dotGitPath);
  else if (dotGit.isSymbolicLink()) gitDir = await realInside(root, dotGitPath, dotGitPath);
  else throw new RepositoryRefusedError(l10n.t('{0} is neither a folder nor a git link file; git is not run on it', dotGitPath));
  // A git folder's `commondir` moves where git reads its config and objects from.
  const commonDir = path.join(gitDir, 'commondir');
  const common = await lstatOrUndefined(commonDir);
  if (common) {
    if (!common.isFile()) throw new RepositoryRefusedError(l10n.t('{0} is not a regular file; git is not run on it', commonDir));
    const named = (await fsp.readFile(commonDir)).subarray(0, MAX_GIT_FILE_BYTES).toString('utf8').trim();
    await realInside(root, path.resolve(gitDir, named), commonDir);
  }
  await checkOwner([root, gitDir], safeDirectories);
  return { workTree: root, gitDir, folder: real };
}

function listedSafe(directory: string, safe: readonly string[]): boolean {
  return safe.some((entry) => entry === '*' || path.resolve(entry) === directory || (entry.endsWith('/*') && isInside(path.resolve(entry.slice(0, -2)), directory)));
}

async function checkOwner(folders: readonly string[], safeDirectories: () => Promise<readonly string[]>): Promise<void> {
  if (typeof process.geteuid !== 'function') return; // Windows: git's own check there asks the ACLs, not a uid
  const user = process.geteuid();
  for (const folder of folders) {
    const owner = (await fsp.stat(folder)).uid;
    if (owner === user) continue;
    if (listedSafe(folders[0] as string, await safeDirectories())) return;
    throw new RepositoryRefusedError(l10n.t('{0} belongs to another user (uid {1}); git is not run on it unless your git config lists it in safe.directory', folder, owner));
  }
}

/**
 * A linked worktree of `repository`, found and checked by us: `worktree` must lie in `worktreesFolder`,
 * and its `.git` file must name an administrative folder `<git dir>/worktrees/<name>` of that repository.
 */
export async function pinLinkedWorktree(repository: PinnedRepository, worktree: string, worktreesFolder: string): Promise<PinnedRepository> {
  const real = await fsp.realpath(worktree).catch(() => undefined);
  if (!real) throw new RepositoryRefusedError(l10n.t('{0} does not exist', worktree));
  const allowed = await fsp.realpath(worktreesFolder).catch(() => path.resolve(worktreesFolder));
  if (!isInside(allowed, real) || real === allowed) throw new RepositoryRefusedError(l10n.t('{0} is not a worktree folder of this extension; git is not run on it', real));
  const dotGit = path.join(real, '.git');
  if (!(await lstatOrUndefined(dotGit))?.isFile()) throw new RepositoryRefusedError(l10n.t('{0} is not a git link file; git is not run on it', dotGit));
  const text = (await fsp.readFile(dotGit)).subarray(0, MAX_GIT_FILE_BYTES).toString('utf8');
  const named = /^gitdir: *(.+?)\s*$/m.exec(text)?.[1];
  const admin = named ? await fsp.realpath(path.resolve(real, named)).catch(() => undefined) : undefined;
  if (!admin || path.dirname(admin) !== path.join(repository.gitDir, 'worktrees')) {
    throw new RepositoryRefusedError(l10n.t('{0} does not link to a worktree of the repository at {1}; git is not run on it', dotGit, repository.workTree));
  }
  return { workTree: real, gitDir: admin, folder: real };
}
