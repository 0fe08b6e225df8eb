// What can stop a task's worktree from being made, read, applied or removed, each with a message that says
// what to do.
import * as l10n from '../l10n';

export class NotAGitRepositoryError extends Error {
  override readonly name = 'NotAGitRepositoryError';
  constructor(readonly folder: string) {
    super(l10n.t('{0} is not in a git repository: a background task runs in a git worktree of the folder\'s repository. Run "git init" and make a first commit, or run the task in the foreground.', folder));
  }
}

export class WorktreeRefusedError extends Error {
  override readonly name = 'WorktreeRefusedError';
}

export class WorktreeGitError extends Error {
  override readonly name = 'WorktreeGitError';
  constructor(
    readonly args: readonly string[],
    detail: string,
    readonly exitCode: number,
  ) {
    super(l10n.t('{0} failed: {1}', `git ${args.join(' ')}`, detail));
  }
}

export class UnknownWorktreeError extends Error {
  override readonly name = 'UnknownWorktreeError';
  constructor(readonly taskId: string) {
    super(l10n.t('No worktree of a background task has the id {0}; it was discarded or cleaned up.', taskId));
  }
}
