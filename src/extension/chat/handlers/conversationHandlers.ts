// The conversation list's messages: new, switch, rename, delete, search and export.
import { deleteConversation } from '../../../core/chat/conversationDeletion';
import type { ReplyStopper } from '../../../core/chat/conversationDeletion';
import { exportConversation } from '../../../core/conversations/conversationExport';
import type { ConversationStore } from '../../../core/conversations/conversationStore';
import type { HostWindow } from '../../../core/host/hostWindow';
import type { HostMessage } from '../../../shared/protocol';
import type { WebviewHandlerGroup } from '../webviewMessageRouter';

export interface ConversationHandlerDeps {
  store: ConversationStore;
  replies: ReplyStopper;
  window: HostWindow;
  post(message: HostMessage): void;
  /** Starts an empty chat in the view. */
  newConversation(): Promise<void>;
  /** Sends the view everything again (after the list changed under it). */
  sendInit(): Promise<void>;
  /** Shows the conversation again when it is the one the view shows (after a change to it). */
  showConversation(conversationId: string): void;
}

export function conversationHandlers(
  deps: ConversationHandlerDeps,
): WebviewHandlerGroup<'newConversation' | 'switchConversation' | 'renameConversation' | 'deleteConversation' | 'searchConversations' | 'exportConversation'> {
  const { store, post } = deps;
  return {
    newConversation: () => deps.newConversation(),
    switchConversation: async (message) => {
      await store.setActive(message.conversationId);
      deps.showConversation(message.conversationId);
    },
    renameConversation: async (message) => {
      await store.rename(message.conversationId, message.title);
      deps.showConversation(message.conversationId);
    },
    deleteConversation: async (message) => {
      if (await deleteConversation(deps.window, store, deps.replies, message.conversationId)) await deps.sendInit();
    },
    searchConversations: async (message) => post({ type: 'searchResults', requestId: message.requestId, results: await store.search(message.query) }),
    exportConversation: async (message) => {
      const outcome = await exportConversation(deps.window, await store.load(message.conversationId));
      post({ type: 'exportResult', requestId: message.requestId, ok: outcome.ok, message: outcome.message });
    },
  };
}
