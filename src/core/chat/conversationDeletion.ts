// Deleting a conversation: asked first, since nothing brings it back; a reply still streaming in it is
// stopped and saved before the file goes, so no late save writes it again.
import type { HostWindow } from '../host/hostWindow';
import { ConversationNotFoundError } from '../conversations/conversationErrors';
import type { ConversationStore } from '../conversations/conversationStore';
import * as l10n from '../l10n';

export interface ReplyStopper {
  stopAndSettle(conversationId: string): Promise<void>;
}

/** True when the user confirmed and the conversation is gone. */
export async function deleteConversation(
  window: HostWindow,
  store: ConversationStore,
  replies: ReplyStopper,
  conversationId: string,
): Promise<boolean> {
  const conversation = store.summary(conversationId);
  if (!conversation) throw new ConversationNotFoundError(conversationId);
  if (!(await window.confirm(l10n.t('Delete the conversation "{0}"?', conversation.title), l10n.t('Delete')))) return false;
  await replies.stopAndSettle(conversationId);
  await store.delete(conversationId);
  return true;
}
