// A real git repository, a worktree folder beside it (standing in for the extension's storage) and the
// real task-worktree lifecycle on the real git adapters, for the unit, security and bench suites.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NotAGitRepositoryError } from '../../src/core/worktrees/worktreeErrors';
import { TaskWorktrees } from '../../src/core/worktrees/taskWorktrees';
import { WorktreeChanges } from '../../src/core/worktrees/worktreeChanges';
import { WorktreeRecords } from '../../src/core/worktrees/worktreeRecords';
import { NodeWorkspaceFiles } from '../../src/extension/workspaceTools/nodeWorkspaceFiles';
import { NodeWorktreeFolder, PinnedRepositoryGit } from '../../src/extension/worktrees/pinnedRepositoryGit';
import { MemoryStorage } from '../unit/core/support/memoryStorage';
import { tempDir } from './emulatorTestBed';

export { NotAGitRepositoryError };

/** git as a person runs it in a shell: the repository's own config, hooks and filters obeyed. */
export function plainGit(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
}

/** A repository with one commit of `files`. */
export function repositoryWith(files: Record<string, string>, prefix = 'svc-wt-repo-'): string {
  const root = fs.realpathSync(tempDir(prefix));
  plainGit(root, 'init', '--quiet', '--initial-branch=main');
  plainGit(root, 'config', 'user.email', 'a@b.invalid');
  plainGit(root, 'config', 'user.name', 'a');
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  plainGit(root, 'add', '--all');
  plainGit(root, 'commit', '--quiet', '-m', 'start');
  return root;
}

export interface WorktreeBed {
  worktrees: TaskWorktrees;
  changes: WorktreeChanges;
  storage: MemoryStorage;
  records: WorktreeRecords;
  folder: NodeWorktreeFolder;
  worktreesFolder: string;
  trusted: { value: boolean };
  dispose(): void;
}

export function worktreeBed(workspaceFolders: () => readonly string[]): WorktreeBed {
  const worktreesFolder = fs.realpathSync(tempDir('svc-wt-storage-'));
  const storage = new MemoryStorage();
  const records = new WorktreeRecords(storage);
  const git = new PinnedRepositoryGit(workspaceFolders, worktreesFolder);
  const folder = new NodeWorktreeFolder(worktreesFolder);
  const files = (root: string) => new NodeWorkspaceFiles(() => [{ name: path.basename(root), path: root }], () => []);
  const trusted = { value: true };
  const worktrees = new TaskWorktrees({ git, folder, records, files, trusted: () => trusted.value, now: () => Date.now() });
  const changes = new WorktreeChanges(git, folder, files);
  return { worktrees, changes, storage, records, folder, worktreesFolder, trusted, dispose: () => fs.rmSync(worktreesFolder, { recursive: true, force: true }) };
}
