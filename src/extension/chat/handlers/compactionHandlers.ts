// /compact and the edit of its summary: the older part of the conversation is summarised by the current
// model (not while a reply streams in it), saved, shown, and said with its figures.
import * as vscode from 'vscode';
import { compactConversation } from '../../../core/chat/compaction';
import type { ChatSession } from '../../../core/chat/chatSession';
import { systemClock } from '../../../core/clock';
import type { ConversationStore } from '../../../core/conversations/conversationStore';
import type { CompactionClient } from '../../../core/chat/compaction';
import type { HostMessage } from '../../../shared/protocol';
import { readSettings } from '../../settings/settingsReader';
import type { WebviewHandlerGroup } from '../webviewMessageRouter';

export class CompactionBusyError extends Error {
  constructor() {
    super(vscode.l10n.t('A reply or task is running in this conversation: compact it once it has finished.'));
    this.name = 'CompactionBusyError';
  }
}

export interface CompactionHandlerDeps {
  store: ConversationStore;
  session: ChatSession;
  client(): Promise<CompactionClient>;
  post(message: HostMessage): void;
  /** Shows the conversation again when it is the one the view shows (after a change to it). */
  showConversation(conversationId: string): void;
}

export function compactionHandlers(deps: CompactionHandlerDeps): WebviewHandlerGroup<'compactConversation' | 'editCompaction'> {
  return {
    compactConversation: async (message) => {
      if (deps.session.isBusy(message.conversationId)) throw new CompactionBusyError();
      const conversation = deps.store.require(message.conversationId);
      deps.post({ type: 'notice', level: 'info', message: vscode.l10n.t('Compacting: the model summarises the older part of the conversation…') });
      const compaction = await compactConversation(conversation, await deps.client(), readSettings().model, systemClock, message.instructions);
      await deps.store.save(conversation);
      deps.showConversation(message.conversationId);
      const done =
        compaction.tokensBefore !== undefined && compaction.tokensAfter !== undefined
          ? vscode.l10n.t('Compacted (about {0} tokens became {1}). The earlier messages stay saved and exported; the summary is sent in their place. The cached prefix starts over once.', compaction.tokensBefore, compaction.tokensAfter)
          : vscode.l10n.t('Compacted. The earlier messages stay saved and exported; the summary is sent in their place. The cached prefix starts over once.');
      deps.post({ type: 'notice', level: 'info', message: done });
    },
    editCompaction: async (message) => {
      const conversation = deps.store.require(message.conversationId);
      if (!conversation.compaction) throw new Error(vscode.l10n.t('This conversation has no summary to edit.'));
      conversation.compaction = { ...conversation.compaction, summary: message.summary };
      await deps.store.save(conversation);
      deps.showConversation(message.conversationId);
    },
  };
}
