// A background task's git worktree: made from the folder's HEAD on a branch of its own, in the extension's
// storage (never inside the workspace), optionally carrying the folder's uncommitted changes; removed with
// its branch on Discard; and cleaned at start-up when its task is gone or old, or when a crash left a
// folder without its record or a record without its folder. The folder itself is only read here: its
// uncommitted changes are copied, never stashed or reset.
import type { WorkspaceFiles } from '../tools/workspaceFiles';
import * as l10n from '../l10n';
import type { RepositoryGit, WorktreeFolder } from './repositoryGit';
import { NotAGitRepositoryError, UnknownWorktreeError, WorktreeRefusedError } from './worktreeErrors';
import { COMMIT_CONFIG, inFolder, inWorktree, nulList, text } from './worktreeGitCalls';
import { WorktreeRecords, type WorktreeRecord } from './worktreeRecords';

/** The file operations on one root: the folder, or a worktree. */
export type RootFiles = Pick<WorkspaceFiles, 'lstat' | 'readFile' | 'writeFile' | 'deleteFile' | 'realpath'>;

export interface TaskWorktreesOptions {
  git: RepositoryGit;
  folder: WorktreeFolder;
  records: WorktreeRecords;
  /** Files under `root` (the workspace folder or a worktree), with the same symlink checks as the agent's. */
  files(root: string): RootFiles;
  /** Workspace trust: worktrees are made only in a trusted folder. */
  trusted(): boolean;
  now(): number;
}

export interface CreateOptions {
  id: string;
  task: string;
  /** Copy the folder's staged, unstaged and untracked (not ignored) changes into the worktree. */
  carry: 'uncommitted-changes' | 'nothing';
}

/** Untracked files carried at most: more is a folder to commit first, not one to copy. */
const MAX_CARRIED_FILES = 2_000;
const MAX_CARRIED_BYTES = 64 * 1024 * 1024;

/** How many worktrees one start-up cleans at most; the rest wait for the next. */
const MAX_CLEANED_PER_START = 20;

export const BRANCH_PREFIX = 'svc/task-';

export class TaskWorktrees {
  constructor(private readonly options: TaskWorktreesOptions) {}

  list(): Promise<WorktreeRecord[]> {
    return this.options.records.all();
  }

  async require(id: string): Promise<WorktreeRecord> {
    const record = await this.options.records.get(id);
    if (!record) throw new UnknownWorktreeError(id);
    return record;
  }

  /** Makes task `id`'s worktree from `folder`'s HEAD on branch `svc/task-<id>`. */
  async create(folder: string, given: CreateOptions): Promise<WorktreeRecord> {
    const { git } = this.options;
    if (!this.options.trusted()) throw new WorktreeRefusedError(l10n.t('Background tasks run only in a trusted folder: their worktree is made with git. Trust this workspace (Manage Workspace Trust) first.'));
    const root = await git.repositoryRoot(folder);
    const head = await git.run(folder, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
    if (head.exitCode !== 0) throw new NotAGitRepositoryError(folder);
    const path = this.options.folder.pathOf(given.id);
    const record: WorktreeRecord = { id: given.id, folder, root, path, branch: `${BRANCH_PREFIX}${given.id}`, base: text(head).trim(), createdAt: this.options.now(), task: given.task };
    // Recorded first: a crash from here on leaves a record that start-up cleans.
    await this.options.records.put(record);
    try {
      await inFolder(git, folder, ['worktree', 'add', '--quiet', '-b', record.branch, path, record.base]);
      if (given.carry === 'uncommitted-changes' && (await this.carry(record))) {
        const base = await inWorktree(git, folder, path, ['rev-parse', '--verify', 'HEAD^{commit}']);
        record.base = text(base).trim();
        await this.options.records.put(record);
      }
    } catch (error) {
      // Half a worktree is no use: removed now rather than at the next start.
      await this.remove(record).catch(() => undefined);
      throw error;
    }
    return record;
  }

  /** Copies the folder's uncommitted changes into the worktree and commits them there; false when there were none. */
  private async carry(record: WorktreeRecord): Promise<boolean> {
    const { git, folder: store } = this.options;
    const diff = await inFolder(git, record.root, ['diff', '--binary', '--full-index', '--no-color', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', 'HEAD', '--', '.']);
    const untracked = nulList(await inFolder(git, record.root, ['ls-files', '-z', '--others', '--exclude-standard', '--', '.']));
    if (diff.stdout.length === 0 && untracked.length === 0) return false;
    if (untracked.length > MAX_CARRIED_FILES) throw new WorktreeRefusedError(l10n.t('The folder has {0} untracked files, more than the {1} a task carries; commit them, add them to .gitignore, or start the task without carrying changes.', untracked.length, MAX_CARRIED_FILES));
    if (diff.stdout.length > 0) {
      const patch = await store.scratch(`${record.id}.carried.patch`, diff.stdout);
      try {
        await inWorktree(git, record.folder, record.path, ['apply', '--binary', '--whitespace=nowarn', patch]);
      } finally {
        await store.removeScratch(patch);
      }
    }
    const from = this.options.files(record.root);
    const to = this.options.files(record.path);
    let bytes = 0;
    for (const relative of untracked) {
      const source = `${record.root}/${relative}`;
      if ((await from.lstat(source)) !== 'file') continue; // a link or a special file is not copied
      const content = await from.readFile(source, { maxBytes: MAX_CARRIED_BYTES - bytes });
      bytes += content.length;
      await to.writeFile(`${record.path}/${relative}`, content, undefined);
    }
    await inWorktree(git, record.folder, record.path, ['add', '--all', '--', '.']);
    await inWorktree(git, record.folder, record.path, [...COMMIT_CONFIG, 'commit', '--quiet', '--no-verify', '--allow-empty', '-m', 'Uncommitted changes carried into the background task']);
    return true;
  }

  /** Removes task `id`'s worktree and branch, and forgets it. */
  async discard(id: string): Promise<void> {
    await this.remove(await this.require(id));
  }

  /** Stores what changed of a record (its conversation, once the task started). */
  async note(record: WorktreeRecord): Promise<void> {
    await this.options.records.put(record);
  }

  /** Marks the task's changes as applied (the worktree stays until Discard or clean-up). */
  async markApplied(id: string): Promise<void> {
    const record = await this.require(id);
    await this.options.records.put({ ...record, appliedAt: this.options.now() });
  }

  private async remove(record: WorktreeRecord): Promise<void> {
    const { git } = this.options;
    // The folder goes first and git then prunes the worktree it no longer finds: `git worktree remove`
    // would delete a large checkout file by file before answering.
    await this.options.folder.remove(record.id);
    await git.run(record.folder, ['worktree', 'prune']);
    await git.run(record.folder, ['branch', '-D', '--quiet', record.branch]);
    await this.options.records.drop(record.id);
  }

  /**
   * Start-up clean-up, at most a few per start: worktrees whose task `keep` no longer wants (deleted, or
   * older than the caller allows), records whose folder is gone, and folders no record names (a crash
   * between making the folder and recording it, or a record lost). `repositories` are the folders whose
   * repositories are pruned of worktrees that no longer exist.
   */
  async cleanUp(keep: (record: WorktreeRecord) => boolean, repositories: readonly string[]): Promise<string[]> {
    const cleaned: string[] = [];
    const records = await this.options.records.all();
    for (const record of records) {
      if (cleaned.length >= MAX_CLEANED_PER_START) return cleaned;
      const present = await this.options.folder.exists(record.id);
      if (present && keep(record)) continue;
      await this.remove(record).catch(() => this.options.records.drop(record.id));
      cleaned.push(record.id);
    }
    const known = new Set(records.map((r) => r.id));
    for (const id of await this.options.folder.ids()) {
      if (cleaned.length >= MAX_CLEANED_PER_START) break;
      if (known.has(id)) continue;
      await this.options.folder.remove(id);
      cleaned.push(id);
    }
    const kept = new Set((await this.options.records.all()).map((r) => r.branch));
    for (const folder of new Set([...repositories, ...records.map((r) => r.folder)])) {
      await this.pruneBranches(folder, kept).catch(() => undefined);
    }
    return cleaned;
  }

  /** Prunes the repository's lost worktrees, then deletes our branches no record names. */
  private async pruneBranches(folder: string, kept: ReadonlySet<string>): Promise<void> {
    const { git } = this.options;
    await inFolder(git, folder, ['worktree', 'prune']);
    const branches = text(await inFolder(git, folder, ['for-each-ref', '--format=%(refname:short)', `refs/heads/${BRANCH_PREFIX}*`])).split('\n').filter((b) => b !== '' && !kept.has(b));
    if (branches.length > 0) await git.run(folder, ['branch', '-D', '--quiet', ...branches]);
  }
}
