// Schedules the start-up clean-up of task worktrees after activation, never awaited by it. The clean-up and
// the worktree code behind it (worktreeCleanUp.ts) are a file of their own, loaded when the timer fires.
import type * as vscode from 'vscode';
import type { ConversationStore } from '../../core/conversations/conversationStore';

/** Late enough not to compete with the window's own start. */
const DELAY_MS = 10_000;

/** Schedules the clean-up; a failure is logged, never shown. */
export function scheduleWorktreeCleanUp(context: vscode.ExtensionContext, store: Pick<ConversationStore, 'summary'>, log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>): void {
  const storage = context.storageUri;
  if (!storage) return;
  const timer = setTimeout(() => {
    import('./worktreeCleanUp')
      .then(({ cleanUpWorktrees }) => cleanUpWorktrees(storage.fsPath, store, log))
      .catch((error: unknown) => log.warn(`background tasks: clean-up failed: ${error instanceof Error ? error.message : String(error)}`));
  }, DELAY_MS);
  context.subscriptions.push({ dispose: () => clearTimeout(timer) });
}
