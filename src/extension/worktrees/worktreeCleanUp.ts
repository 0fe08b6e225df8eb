// The start-up clean-up of task worktrees, scheduled after activation and never awaited by it: worktrees
// whose conversation was deleted, those older than 30 days, and what a crash left behind (a folder
// without its record, a record without its folder). Only in a trusted workspace, where git may run.
import * as vscode from 'vscode';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import { worktreesOnDisk } from './worktreesOnDisk';

const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Late enough not to compete with the window's own start. */
const DELAY_MS = 10_000;

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

/** Schedules the clean-up; a failure is logged, never shown. */
export function scheduleWorktreeCleanUp(context: vscode.ExtensionContext, store: Pick<ConversationStore, 'summary'>, log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>): void {
  const storage = context.storageUri;
  if (!storage) return;
  const timer = setTimeout(() => {
    void cleanUpWorktrees(storage.fsPath, store, log).catch((error: unknown) => log.warn(`background tasks: clean-up failed: ${error instanceof Error ? error.message : String(error)}`));
  }, DELAY_MS);
  context.subscriptions.push({ dispose: () => clearTimeout(timer) });
}
