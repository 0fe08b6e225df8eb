// Going back to a checkpoint from the chat: the files (after the user saw every file that will change,
// hand edits included, and confirmed), the conversation (cut back to that message), or both; and one
// undo that brings back what the last restore cut or changed.
import type { Conversation, Entry } from '../conversations/conversation';
import type { ConversationStore } from '../conversations/conversationStore';
import type { HostWindow } from '../host/hostWindow';
import type { CheckpointRef } from './checkpointRef';
import type { CheckpointChange, Checkpoints } from './checkpoints';

export type RestoreAction = 'restoreFiles' | 'restoreAll' | 'restoreConversation';

export class CheckpointNotFoundError extends Error {
  constructor(messageId: string) {
    super(`Message ${messageId} has no checkpoint to go back to.`);
    this.name = 'CheckpointNotFoundError';
  }
}

/** The checkpoint of a user message or of an agent's call, and where the conversation is cut to go back there. */
export function checkpointOf(conversation: Conversation, messageId: string): { ref: CheckpointRef; cutAt: number } {
  const index = conversation.entries.findIndex((e) => e.id === messageId);
  const entry = conversation.entries[index];
  if (!entry || entry.role === 'assistant' || !entry.checkpoint) throw new CheckpointNotFoundError(messageId);
  if (entry.role === 'user') return { ref: entry.checkpoint, cutAt: index };
  // A tool call goes with the step that asked for it: the conversation goes back to before that step.
  const callId = entry.toolCallId;
  const step = conversation.entries.findLastIndex((e, i) => i < index && e.role === 'assistant' && e.alternatives[e.selected]?.toolCalls?.some((c) => c.id === callId));
  return { ref: entry.checkpoint, cutAt: step >= 0 ? step : index };
}

export function describeChanges(changes: readonly CheckpointChange[], multiRoot: boolean): string {
  const verb = { modified: 'restore', added: 'delete (created since)', deleted: 'bring back' } as const;
  return changes.map((c) => `${verb[c.status]}: ${multiRoot ? `${c.folder}: ` : ''}${c.path}`).join('\n');
}

interface Undo {
  entries: Entry[];
  at: number;
  files?: CheckpointRef;
}

export interface RestoreOutcome {
  done: boolean;
  message: string;
  /** The restore can be undone (its message says so, and the view offers the button). */
  undoable?: true;
}

export class CheckpointRestorer {
  /** Per conversation, what the last restore cut and the files as they were before it. */
  private readonly undos = new Map<string, Undo>();

  constructor(
    private readonly store: ConversationStore,
    private readonly checkpoints: Checkpoints,
    private readonly window: HostWindow,
  ) {}

  async restore(conversationId: string, messageId: string, action: RestoreAction): Promise<RestoreOutcome> {
    const conversation = this.store.require(conversationId);
    const { ref, cutAt } = checkpointOf(conversation, messageId);
    const withFiles = action !== 'restoreConversation';
    const withConversation = action !== 'restoreFiles';
    let undoFiles: CheckpointRef | undefined;
    let changedCount = 0;
    if (withFiles) {
      const changes = await this.checkpoints.changesSince(ref);
      if (changes.length > 0) {
        const question = `Restore ${changes.length} file${changes.length === 1 ? '' : 's'} to the checkpoint ${ref.label}?${withConversation ? ' The conversation goes back to that point too.' : ''}`;
        const detail = `${describeChanges(changes, ref.folders.length > 1)}\n\nChanges made since, by the agent or by hand, are replaced. Undo Restore brings them back.`;
        if (!(await this.window.confirm(question, 'Restore', detail))) return { done: false, message: 'Restore cancelled.' };
        const result = await this.checkpoints.restore(ref);
        undoFiles = result.before;
        changedCount = result.changed.length;
      } else if (!withConversation) {
        return { done: true, message: 'The files are already as they were at this checkpoint.' };
      }
    }
    let cut: Entry[] = [];
    if (withConversation) {
      cut = conversation.entries.splice(cutAt);
      await this.store.save(conversation);
    }
    this.undos.set(conversationId, { entries: cut, at: cutAt, ...(undoFiles ? { files: undoFiles } : {}) });
    const parts = [withFiles ? `${changedCount} file${changedCount === 1 ? '' : 's'} restored` : '', withConversation ? `${cut.length} message${cut.length === 1 ? '' : 's'} removed from the conversation` : ''].filter(Boolean);
    return { done: true, undoable: true, message: `Back at the checkpoint ${ref.label}: ${parts.join(', ')}. "Undo Restore" brings it back.` };
  }

  /**
   * Before an earlier message is edited and sent again: when files changed since its checkpoint, asks
   * whether they go back too. The conversation itself is cut by the resend.
   */
  async offerFilesOnEdit(conversationId: string, messageId: string): Promise<void> {
    const entry = this.store.require(conversationId).entries.find((e) => e.id === messageId);
    if (entry?.role !== 'user' || !entry.checkpoint) return;
    const ref = entry.checkpoint;
    const changes = await this.checkpoints.changesSince(ref);
    if (changes.length === 0) return;
    const question = `Also restore ${changes.length} file${changes.length === 1 ? '' : 's'} to how they were before this message?`;
    if (!(await this.window.confirm(question, 'Restore Files', describeChanges(changes, ref.folders.length > 1)))) return;
    const { before } = await this.checkpoints.restore(ref);
    this.undos.set(conversationId, { entries: [], at: 0, ...(before ? { files: before } : {}) });
  }

  /** Brings back what the last restore in the conversation cut or changed. */
  async undo(conversationId: string): Promise<RestoreOutcome> {
    const undo = this.undos.get(conversationId);
    if (!undo) return { done: false, message: 'There is no restore to undo in this conversation.' };
    this.undos.delete(conversationId);
    let restored = 0;
    if (undo.files) restored = (await this.checkpoints.restore(undo.files)).changed.length;
    const conversation = this.store.require(conversationId);
    if (undo.entries.length > 0) {
      conversation.entries.splice(undo.at, 0, ...undo.entries);
      await this.store.save(conversation);
    }
    return { done: true, message: `Restore undone: ${restored} file${restored === 1 ? '' : 's'} and ${undo.entries.length} message${undo.entries.length === 1 ? '' : 's'} back.` };
  }
}
