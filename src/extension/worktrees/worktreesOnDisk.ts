// Task worktrees on this computer: the worktree folder and the records in the workspace's storage, git
// through the pinned adapter. Shared by background tasks and the start-up clean-up. No vscode import.
import path from 'node:path';
import { TaskWorktrees } from '../../core/worktrees/taskWorktrees';
import { WorktreeChanges } from '../../core/worktrees/worktreeChanges';
import { WorktreeRecords } from '../../core/worktrees/worktreeRecords';
import { FileKeyValueStorage } from '../fileKeyValueStorage';
import { NodeWorkspaceFiles } from '../workspaceTools/nodeWorkspaceFiles';
import { NodeWorktreeFolder, PinnedRepositoryGit } from './pinnedRepositoryGit';

export interface WorktreesOnDisk {
  worktrees: TaskWorktrees;
  changes: WorktreeChanges;
}

/** `storageFolder`: the workspace's storage; `folders`: the workspace folders on disk. */
export function worktreesOnDisk(storageFolder: string, folders: () => readonly string[], trusted: () => boolean): WorktreesOnDisk {
  const worktreesFolder = path.join(storageFolder, 'worktrees');
  const git = new PinnedRepositoryGit(folders, worktreesFolder);
  const folder = new NodeWorktreeFolder(worktreesFolder);
  const files = (root: string) => new NodeWorkspaceFiles(() => [{ name: path.basename(root), path: root }], () => []);
  const records = new WorktreeRecords(new FileKeyValueStorage(path.join(storageFolder, 'background-tasks')));
  return {
    worktrees: new TaskWorktrees({ git, folder, records, files, trusted, now: () => Date.now() }),
    changes: new WorktreeChanges(git, folder, files),
  };
}
