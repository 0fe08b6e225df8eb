// The start-up clean-up of task worktrees (scheduled by scheduleWorktreeCleanUp.ts, its own file loaded only
// when it runs): worktrees whose conversation was deleted, those older than 30 days, and what a crash left
// behind (a folder without its record, a record without its folder). Only in a trusted workspace, where git may run.
import * as vscode from 'vscode';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import { worktreesOnDisk } from './worktreesOnDisk';

const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export function localFolders(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

export async function cleanUpWorktrees(storageFolder: string, store: Pick<ConversationStore, 'summary'>, log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>): Promise<void> {
  if (!vscode.workspace.isTrusted) return;
  const { worktrees } = worktreesOnDisk(storageFolder, localFolders, () => vscode.workspace.isTrusted);
  const now = Date.now();
  const cleaned = await worktrees.cleanUp((record) => (record.conversationId === undefined || store.summary(record.conversationId) !== undefined) && now - record.createdAt < MAX_AGE_MS, localFolders());
  if (cleaned.length > 0) log.info(`background tasks: cleaned ${cleaned.length} worktree(s): ${cleaned.join(', ')}`);
}
