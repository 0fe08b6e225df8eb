// A message must never vanish because its conversation is gone. Another window can delete the
// conversation this view still shows, before the message is sent or while it is being saved; the store
// then no longer lists it, or a load or save answers ConversationNotFoundError. The message then goes
// into a new conversation, and the user is told why.
import { ConversationNotFoundError } from '../conversations/conversationErrors';
import type { ConversationStore } from '../conversations/conversationStore';
import * as l10n from '../l10n';

/** What the user is told when the message went into a new conversation (in their language). */
export function deletedElsewhereNotice(): string {
  return l10n.t('That conversation was deleted in another window; your message was sent in a new conversation.');
}

export interface DeletedConversationSendOptions {
  store: Pick<ConversationStore, 'summary' | 'create'>;
  /** The system prompt a new conversation starts with. */
  systemPrompt: string;
  notice(text: string): void;
}

/**
 * Sends with `send` into `conversationId` (a new conversation when null, or when it is no longer listed),
 * and once more into a new conversation if it disappears while sending. Resolves with the conversation
 * that got the message.
 */
export async function sendSurvivingDeletion(options: DeletedConversationSendOptions, conversationId: string | null, send: (id: string) => Promise<void>): Promise<string> {
  const fresh = async (): Promise<string> => (await options.store.create(options.systemPrompt)).id;
  if (conversationId !== null && options.store.summary(conversationId) === undefined) {
    options.notice(deletedElsewhereNotice());
    conversationId = null;
  }
  const id = conversationId ?? (await fresh());
  try {
    await send(id);
    return id;
  } catch (error) {
    if (!(error instanceof ConversationNotFoundError) || error.conversationId !== id || conversationId === null) throw error;
  }
  options.notice(deletedElsewhereNotice());
  const replacement = await fresh();
  await send(replacement);
  return replacement;
}
