// Running git on a repository the user opened, without letting that repository run programs or reach
// outside it. A folder can arrive with its own `.git/` (an unpacked archive, a copied work tree), and git
// obeys its config: an fsmonitor hook runs on every index refresh, a clean filter named in
// `.gitattributes` runs for every changed file (a submodule's own config included), a textconv for every
// diff, and `core.worktree` or a `.git` file moves git onto other folders of the machine. So the
// repository is found and checked here (pinnedRepository.ts) and given to git as `--git-dir` and
// `--work-tree`; every setting that names a program is emptied on the command line (neutralGitConfig.ts);
// none of git's own variables of the editor's environment reach it. git itself is found by absolute path,
// on PATH entries that are absolute and outside the workspace: a relative entry (`.`, `node_modules/.bin`)
// or the Windows habit of searching the working folder first would otherwise run the repository's own
// `git`. Every call has a time limit: a named pipe in `.git/` must not hang the chat. No vscode import.
import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import * as l10n from '../../core/l10n';
import { commandEnvironment } from '../workspaceTools/commandEnvironment';
import { DRIVER_KEY_PATTERN, driverOverrides, fixedOverrides, submoduleConfigFiles } from './neutralGitConfig';
import { isInside, pinLinkedWorktree, pinRepository, RepositoryRefusedError, type PinnedRepository } from './pinnedRepository';

export class GitNotFoundError extends Error {
  override readonly name = 'GitNotFoundError';
  constructor() {
    super(l10n.t('git is not installed (no git executable on an absolute PATH entry outside the workspace)'));
  }
}

export class GitCommandError extends Error {
  override readonly name = 'GitCommandError';
  constructor(
    readonly args: readonly string[],
    detail: string,
    readonly exitCode?: number,
  ) {
    super(l10n.t('{0} failed: {1}', `git ${args.join(' ')}`, detail));
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/**
 * The absolute path of git on `searchPath`, skipping relative entries and any entry inside `untrusted`
 * folders (the workspace); undefined when there is none.
 */
export function findGitExecutable(searchPath: string | undefined, untrusted: readonly string[], platform: NodeJS.Platform = process.platform): string | undefined {
  const names = platform === 'win32' ? ['git.exe', 'git.cmd'] : ['git'];
  for (const entry of (searchPath ?? '').split(platform === 'win32' ? ';' : ':')) {
    if (entry === '' || !path.isAbsolute(entry)) continue;
    const folder = path.resolve(entry);
    if (untrusted.some((root) => isInside(path.resolve(root), folder))) continue;
    for (const name of names) {
      const candidate = path.join(folder, name);
      try {
        if (!statSync(candidate).isFile()) continue;
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        continue;
      }
    }
  }
  return undefined;
}

/** A git call that may change the repository: its exit code is answered, not thrown. */
export interface GitResult {
  stdout: Buffer;
  stderr: string;
  exitCode: number;
}

export interface GitCallOptions {
  /** Run in this linked worktree of the folder's repository, which must lie in `worktreesFolder`. */
  worktree?: { path: string; worktreesFolder: string };
  /** Written to git's standard input. */
  input?: Uint8Array;
}

export interface WorkspaceGitOptions {
  /** The workspace folders: no git is taken from them, and a repository must hold one or lie inside one. */
  untrustedFolders: () => readonly string[];
  timeoutMs?: number;
}

/** The environment of every git call: the command allow-list, none of git's own variables but ours. */
function gitEnvironment(): NodeJS.ProcessEnv {
  const env = commandEnvironment(process.env);
  for (const name of Object.keys(env)) if (name.toUpperCase().startsWith('GIT_')) delete env[name];
  return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_ATTR_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_NO_LAZY_FETCH: '1', GIT_NO_REPLACE_OBJECTS: '1' };
}

export class WorkspaceGit {
  constructor(private readonly options: WorkspaceGitOptions) {}

  /**
   * Runs a read-only git command in `folder` (a workspace folder or a repository root of one), on the
   * repository pinned for it, with every program-running setting switched off.
   */
  async run(folder: string, args: readonly string[]): Promise<string> {
    const { git, cwd, prefix } = await this.prepare(folder);
    return this.exec(git, cwd, [...prefix, ...args], args);
  }

  /**
   * Runs a git command that may change the repository (a worktree of ours, a branch of ours), pinned and
   * switched off like `run`; resolves with its exit code rather than rejecting on a non-zero one.
   */
  async runForStatus(folder: string, args: readonly string[], options: GitCallOptions = {}): Promise<GitResult> {
    const { git, cwd, prefix } = await this.prepare(folder, options.worktree);
    return new Promise((resolve, reject) => {
      const child = execFile(git, [...prefix, ...args], { cwd, env: gitEnvironment(), encoding: 'buffer', maxBuffer: MAX_OUTPUT_BYTES, timeout: this.timeoutMs(), killSignal: 'SIGKILL', windowsHide: true }, (error, stdout, stderr) => {
        if (!error) return resolve({ stdout, stderr: stderr.toString('utf8'), exitCode: 0 });
        if ((error as { killed?: boolean }).killed) return reject(new GitCommandError(args, l10n.t('no answer within {0} s; stopped', Math.round(this.timeoutMs() / 1000))));
        if (typeof error.code !== 'number') return reject(new GitCommandError(args, error.message));
        resolve({ stdout, stderr: stderr.toString('utf8'), exitCode: error.code });
      });
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(options.input ?? Buffer.alloc(0));
    });
  }

  /** The root of the repository `folder` lies in, checked as for every call. */
  async repositoryRoot(folder: string): Promise<string> {
    const git = findGitExecutable(process.env.PATH, this.options.untrustedFolders());
    if (!git) throw new GitNotFoundError();
    return (await this.pin(git, folder)).workTree;
  }

  /** git's path, its working folder and the arguments that pin the repository and switch its programs off. */
  private async prepare(folder: string, worktree?: GitCallOptions['worktree']): Promise<{ git: string; cwd: string; prefix: string[] }> {
    const git = findGitExecutable(process.env.PATH, this.options.untrustedFolders());
    if (!git) throw new GitNotFoundError();
    const main = await this.pin(git, folder);
    const repository = worktree ? await pinLinkedWorktree(main, worktree.path, worktree.worktreesFolder) : main;
    const pinned = ['--git-dir', repository.gitDir, '--work-tree', repository.workTree];
    const listings = [await this.listConfig(git, repository.folder, [...pinned, ...fixedOverrides(), 'config', '--null', '--get-regexp', DRIVER_KEY_PATTERN])];
    for (const file of await submoduleConfigFiles(main.gitDir)) {
      listings.push(await this.listConfig(git, repository.folder, [...fixedOverrides(), 'config', '--file', file, '--includes', '--null', '--get-regexp', DRIVER_KEY_PATTERN]));
    }
    return { git, cwd: repository.folder, prefix: [...pinned, ...fixedOverrides(), ...driverOverrides(listings)] };
  }

  private timeoutMs(): number {
    return this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** The repository of `folder`, refused unless its work tree is, holds or lies inside a workspace folder. */
  private async pin(git: string, folder: string): Promise<PinnedRepository> {
    const repository = await pinRepository(folder, () => this.safeDirectories(git));
    const workspace = await Promise.all(this.options.untrustedFolders().map((root) => realpath(root).catch(() => path.resolve(root))));
    if (!workspace.some((root) => isInside(root, repository.folder) || isInside(repository.workTree, root))) {
      throw new RepositoryRefusedError(l10n.t('the repository at {0} is outside the workspace folders and holds none of them; git is not run on it', repository.workTree));
    }
    return repository;
  }

  /** The user's own `safe.directory` values (the global config; a repository's own cannot add any). */
  private async safeDirectories(git: string): Promise<string[]> {
    const listing = await this.listConfig(git, path.parse(process.cwd()).root, [...fixedOverrides(), 'config', '--global', '--null', '--get-all', 'safe.directory']);
    return listing.split('\0').filter((entry) => entry !== '');
  }

  /** A `git config` listing; git answers 1 when nothing matches, which is an empty listing, not an error. */
  private async listConfig(git: string, cwd: string, args: readonly string[]): Promise<string> {
    try {
      return await this.exec(git, cwd, args);
    } catch (error) {
      if (error instanceof GitCommandError && error.exitCode === 1) return '';
      throw error;
    }
  }

  /** Runs `args`; an error names only `shown`, the caller's command without our long prefix. */
  private exec(git: string, cwd: string, args: readonly string[], shown: readonly string[] = args): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(git, [...args], { cwd, env: gitEnvironment(), maxBuffer: MAX_OUTPUT_BYTES, timeout: this.timeoutMs(), killSignal: 'SIGKILL', windowsHide: true }, (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if ((error as { killed?: boolean }).killed) return reject(new GitCommandError(shown, l10n.t('no answer within {0} s; stopped', Math.round(this.timeoutMs() / 1000))));
        reject(new GitCommandError(shown, stderr.trim() || error.message, typeof error.code === 'number' ? error.code : undefined));
      });
    });
  }
}
