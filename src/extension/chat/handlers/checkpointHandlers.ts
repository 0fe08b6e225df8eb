// The checkpoint buttons of the chat: Compare opens VS Code's multi-file diff between the checkpoint
// and now; the restores go through the core's CheckpointRestorer, which lists what will change and asks.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkpointOf, type CheckpointRestorer } from '../../../core/checkpoints/checkpointRestore';
import type { Checkpoints } from '../../../core/checkpoints/checkpoints';
import type { ConversationStore } from '../../../core/conversations/conversationStore';
import type { HostMessage } from '../../../shared/protocol';
import type { ProposedContentProvider } from '../../proposedContent';
import type { WebviewHandlerGroup } from '../webviewMessageRouter';

export interface CheckpointHandlerDeps {
  store: ConversationStore;
  checkpoints: Checkpoints;
  restorer: CheckpointRestorer;
  proposals: ProposedContentProvider;
  post(message: HostMessage): void;
  /** Shows the conversation again when it is the one the view shows (after a change to it). */
  showConversation(conversationId: string): void;
}

async function compare(deps: CheckpointHandlerDeps, conversationId: string, messageId: string): Promise<void> {
  const { ref } = checkpointOf(deps.store.require(conversationId), messageId);
  const changes = await deps.checkpoints.changesSince(ref);
  if (changes.length === 0) {
    deps.post({ type: 'notice', level: 'info', message: vscode.l10n.t('No file changed since the checkpoint {0}.', ref.label) });
    return;
  }
  const resources: [vscode.Uri, vscode.Uri, vscode.Uri][] = [];
  for (const change of changes) {
    const file = vscode.Uri.file(path.join(change.folder, change.path));
    const before = await deps.checkpoints.fileAt(ref, change.folder, change.path);
    // Both sides on the file's own path, so an edited file reads as modified (M), not renamed (R).
    const left = deps.proposals.addVersionOf(file, before ? new TextDecoder().decode(before) : '');
    const right = change.status === 'deleted' ? deps.proposals.addVersionOf(file, '') : file;
    resources.push([file, left, right]);
  }
  await vscode.commands.executeCommand('vscode.changes', `Checkpoint ${ref.label} ↔ now`, resources);
}

export function checkpointHandlers(deps: CheckpointHandlerDeps): WebviewHandlerGroup<'checkpointAction' | 'undoRestore'> {
  return {
    checkpointAction: async (message) => {
      if (message.action === 'compare') return compare(deps, message.conversationId, message.messageId);
      const outcome = await deps.restorer.restore(message.conversationId, message.messageId, message.action);
      deps.showConversation(message.conversationId);
      deps.post({ type: 'notice', level: 'info', message: outcome.message, ...(outcome.undoable ? { undoRestoreOf: message.conversationId } : {}) });
      return undefined;
    },
    undoRestore: async (message) => {
      const outcome = await deps.restorer.undo(message.conversationId);
      deps.showConversation(message.conversationId);
      deps.post({ type: 'notice', level: outcome.done ? 'info' : 'warning', message: outcome.message });
    },
  };
}
