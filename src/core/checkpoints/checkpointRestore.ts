// Going back to a checkpoint from the chat: the files (after the user saw every file that will change,
// hand edits included, and confirmed), the conversation (cut back to that message), or both; and one
// undo that brings back what the last restore cut or changed.
import type { Conversation, Entry } from '../conversations/conversation';
import type { ConversationStore } from '../conversations/conversationStore';
import type { HostWindow } from '../host/hostWindow';
import * as l10n from '../l10n';
import type { CheckpointRef } from './checkpointRef';
import type { CheckpointChange, Checkpoints } from './checkpoints';

export type RestoreAction = 'restoreFiles' | 'restoreAll' | 'restoreConversation';

export class CheckpointNotFoundError extends Error {
  constructor(messageId: string) {
    super(l10n.t('Message {0} has no checkpoint to go back to.', messageId));
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

/** One line per file, saying what a restore does to it. */
export function describeChanges(changes: readonly CheckpointChange[], multiRoot: boolean): string {
  return changes
    .map((c) => {
      const file = multiRoot ? `${c.folder}: ${c.path}` : c.path;
      if (c.status === 'modified') return l10n.t('restore: {0}', file);
      return c.status === 'added' ? l10n.t('delete (created since): {0}', file) : l10n.t('bring back: {0}', file);
    })
    .join('\n');
}

function restoreQuestion(files: number, label: string, withConversation: boolean): string {
  if (withConversation) {
    return files === 1
      ? l10n.t('Restore 1 file to the checkpoint {0}? The conversation goes back to that point too.', label)
      : l10n.t('Restore {0} files to the checkpoint {1}? The conversation goes back to that point too.', files, label);
  }
  return files === 1 ? l10n.t('Restore 1 file to the checkpoint {0}?', label) : l10n.t('Restore {0} files to the checkpoint {1}?', files, label);
}

/** What a restore did: "2 files restored, 3 messages removed from the conversation". */
function restoredSummary(files: number | undefined, messages: number | undefined): string {
  const filesPart = files === undefined ? undefined : files === 1 ? l10n.t('1 file restored') : l10n.t('{0} files restored', files);
  const messagesPart =
    messages === undefined ? undefined : messages === 1 ? l10n.t('1 message removed from the conversation') : l10n.t('{0} messages removed from the conversation', messages);
  if (filesPart !== undefined && messagesPart !== undefined) return l10n.t('{0}, {1}', filesPart, messagesPart);
  return filesPart ?? messagesPart ?? '';
}

function undoneSummary(files: number, messages: number): string {
  const filesPart = files === 1 ? l10n.t('1 file') : l10n.t('{0} files', files);
  const messagesPart = messages === 1 ? l10n.t('1 message') : l10n.t('{0} messages', messages);
  return l10n.t('Restore undone: {0} and {1} back.', filesPart, messagesPart);
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
        const question = restoreQuestion(changes.length, ref.label, withConversation);
        const detail = `${describeChanges(changes, ref.folders.length > 1)}\n\n${l10n.t('Changes made since, by the agent or by hand, are replaced. Undo Restore brings them back.')}`;
        if (!(await this.window.confirm(question, l10n.t('Restore'), detail))) return { done: false, message: l10n.t('Restore cancelled.') };
        const result = await this.checkpoints.restore(ref);
        undoFiles = result.before;
        changedCount = result.changed.length;
      } else if (!withConversation) {
        return { done: true, message: l10n.t('The files are already as they were at this checkpoint.') };
      }
    }
    let cut: Entry[] = [];
    if (withConversation) {
      cut = conversation.entries.splice(cutAt);
      await this.store.save(conversation);
    }
    this.undos.set(conversationId, { entries: cut, at: cutAt, ...(undoFiles ? { files: undoFiles } : {}) });
    const summary = restoredSummary(withFiles ? changedCount : undefined, withConversation ? cut.length : undefined);
    return { done: true, undoable: true, message: l10n.t('Back at the checkpoint {0}: {1}. "Undo Restore" brings it back.', ref.label, summary) };
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
    const question = changes.length === 1 ? l10n.t('Also restore 1 file to how it was before this message?') : l10n.t('Also restore {0} files to how they were before this message?', changes.length);
    if (!(await this.window.confirm(question, l10n.t('Restore Files'), describeChanges(changes, ref.folders.length > 1)))) return;
    const { before } = await this.checkpoints.restore(ref);
    this.undos.set(conversationId, { entries: [], at: 0, ...(before ? { files: before } : {}) });
  }

  /** Brings back what the last restore in the conversation cut or changed. */
  async undo(conversationId: string): Promise<RestoreOutcome> {
    const undo = this.undos.get(conversationId);
    if (!undo) return { done: false, message: l10n.t('There is no restore to undo in this conversation.') };
    this.undos.delete(conversationId);
    let restored = 0;
    if (undo.files) restored = (await this.checkpoints.restore(undo.files)).changed.length;
    const conversation = this.store.require(conversationId);
    if (undo.entries.length > 0) {
      conversation.entries.splice(undo.at, 0, ...undo.entries);
      await this.store.save(conversation);
    }
    return { done: true, message: undoneSummary(restored, undo.entries.length) };
  }
}
