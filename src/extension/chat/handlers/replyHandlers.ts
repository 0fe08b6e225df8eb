// The messages that ask for a reply or act on one: send, stop, regenerate, retry, edit and resend,
// choose an alternative.
import type { RequestSettings } from '../../../core/requests/requestSettings';
import type { ChatSession } from '../../../core/chat/chatSession';
import type { SendOptions } from '../../../shared/protocol';
import type { WebviewHandlerGroup } from '../webviewMessageRouter';

export interface ReplyHandlerDeps {
  session: ChatSession;
  /** Sends with the attached files; a null conversation starts a new one. */
  send(conversationId: string | null, text: string, options: SendOptions): Promise<unknown>;
  /** Stops whatever runs in the conversation: an agent task or a reply. */
  stop(conversationId: string): void;
  replySettings(): RequestSettings;
  /** Runs before an earlier message is edited and resent (the offer to restore its checkpoint's files). */
  beforeEditAndResend(conversationId: string, messageId: string): Promise<void>;
}

export function replyHandlers(deps: ReplyHandlerDeps): WebviewHandlerGroup<'send' | 'stop' | 'regenerate' | 'retry' | 'editAndResend' | 'selectChoice'> {
  const { session } = deps;
  const regenerate = (message: { conversationId: string; messageId: string }) => session.regenerate(message.conversationId, message.messageId, deps.replySettings());
  return {
    send: (message) => deps.send(message.conversationId, message.text, message.options),
    stop: (message) => deps.stop(message.conversationId),
    regenerate,
    retry: regenerate,
    editAndResend: async (message) => {
      await deps.beforeEditAndResend(message.conversationId, message.messageId);
      await session.editAndResend(message.conversationId, message.messageId, message.text, deps.replySettings());
    },
    selectChoice: (message) => session.selectChoice(message.conversationId, message.messageId, message.choiceIndex),
  };
}
