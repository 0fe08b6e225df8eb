// The ports a task's worktree needs: git on the folder's repository and on the task's linked worktree
// (the extension pins both and switches every program-running setting off), and the folder outside the
// workspace where worktrees live.

export interface GitOutput {
  stdout: Uint8Array;
  stderr: string;
  exitCode: number;
}

export interface RepositoryGit {
  /** The root of the repository `folder` lies in; rejects with NotAGitRepositoryError when there is none. */
  repositoryRoot(folder: string): Promise<string>;
  /** git on the repository of `folder`; a non-zero exit is an answer, not a rejection. */
  run(folder: string, args: readonly string[], input?: Uint8Array): Promise<GitOutput>;
  /** git in `worktree`, a linked worktree of the repository of `folder` that lies in the worktree folder. */
  runInWorktree(folder: string, worktree: string, args: readonly string[], input?: Uint8Array): Promise<GitOutput>;
}

/** Where worktrees live: a folder of the extension's storage, never inside the workspace. */
export interface WorktreeFolder {
  /** The folder for task `id`'s worktree (not created). */
  pathOf(id: string): string;
  /** The ids of the worktree folders present. */
  ids(): Promise<string[]>;
  exists(id: string): Promise<boolean>;
  /** Removes task `id`'s folder from its place at once (links are removed, never followed); its content may go later. */
  remove(id: string): Promise<void>;
  /** Writes a scratch file (a patch, one side of a merge) and returns its path. */
  scratch(name: string, bytes: Uint8Array): Promise<string>;
  removeScratch(file: string): Promise<void>;
}
