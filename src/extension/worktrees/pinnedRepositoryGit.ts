// The worktree ports on Node: git through WorkspaceGit (the folder's repository pinned, its hooks, filters
// and other programs switched off, a linked worktree accepted only inside the worktree folder), and the
// worktree folder in the extension's storage. No vscode import.
import { randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { GitOutput, RepositoryGit, WorktreeFolder } from '../../core/worktrees/repositoryGit';
import { NotAGitRepositoryError } from '../../core/worktrees/worktreeErrors';
import { NotInRepositoryError } from '../git/pinnedRepository';
import { WorkspaceGit } from '../git/workspaceGit';

/** Checking out a large tree on a busy machine takes a while; a hung git is still stopped. */
const WORKTREE_TIMEOUT_MS = 300_000;

export class PinnedRepositoryGit implements RepositoryGit {
  private readonly git: WorkspaceGit;

  constructor(
    untrustedFolders: () => readonly string[],
    private readonly worktreesFolder: string,
  ) {
    this.git = new WorkspaceGit({ untrustedFolders, timeoutMs: WORKTREE_TIMEOUT_MS });
  }

  async repositoryRoot(folder: string): Promise<string> {
    try {
      return await this.git.repositoryRoot(folder);
    } catch (error) {
      if (error instanceof NotInRepositoryError) throw new NotAGitRepositoryError(folder);
      throw error;
    }
  }

  run(folder: string, args: readonly string[], input?: Uint8Array): Promise<GitOutput> {
    return this.git.runForStatus(folder, args, input ? { input } : {});
  }

  runInWorktree(folder: string, worktree: string, args: readonly string[], input?: Uint8Array): Promise<GitOutput> {
    return this.git.runForStatus(folder, args, { worktree: { path: worktree, worktreesFolder: this.worktreesFolder }, ...(input ? { input } : {}) });
  }
}

/** Task ids are made by us; anything else in the folder is not a worktree of ours and is left alone. */
const ID = /^[a-z0-9-]{1,40}$/;

export class NodeWorktreeFolder implements WorktreeFolder {
  constructor(private readonly root: string) {}

  pathOf(id: string): string {
    if (!ID.test(id)) throw new Error(`not a task id: ${id}`);
    return path.join(this.root, id);
  }

  async ids(): Promise<string[]> {
    const entries = await fsp.readdir(this.root, { withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isDirectory() && ID.test(e.name)).map((e) => e.name);
  }

  async exists(id: string): Promise<boolean> {
    return (await fsp.lstat(this.pathOf(id)).catch(() => undefined))?.isDirectory() === true;
  }

  /**
   * Moves the folder aside at once and deletes it in the background: deleting a checkout of a large
   * repository takes minutes on a busy disk, and git needs only the path gone to prune the worktree.
   */
  async remove(id: string): Promise<void> {
    const trash = path.join(this.root, '.trash');
    await fsp.mkdir(trash, { recursive: true });
    const moved = path.join(trash, `${id}-${randomUUID()}`);
    await fsp.rename(this.pathOf(id), moved).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    void fsp.rm(trash, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  }

  async scratch(name: string, bytes: Uint8Array): Promise<string> {
    const folder = path.join(this.root, '.scratch');
    await fsp.mkdir(folder, { recursive: true });
    const file = path.join(folder, `${randomUUID()}-${name}`);
    await fsp.writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    return file;
  }

  async removeScratch(file: string): Promise<void> {
    await fsp.rm(file, { force: true });
  }
}
