// What a rendered message needs from the rest of the view: the channel to the host, the renderer and
// the reasoning display setting. Passed in rather than imported so each component stays testable alone.
import type { ConversationView, ShowReasoning, WebviewMessage } from '../../shared/protocol';
import type { MarkdownRenderer } from '../markdownRenderer';

export interface MessageContext {
  readonly renderer: MarkdownRenderer;
  readonly conversationId: string;
  showReasoning(): ShowReasoning;
  post(message: WebviewMessage): void;
  /** True while a reply is streaming (regenerate and edit wait until it ends). */
  busy(): boolean;
  /** Puts the prompt of reply `replyId` back in the composer (the fix for a too-long or refused input). */
  reviseInput(replyId: string): void;
  /** Where /compact cut the conversation, if it did. */
  readonly compaction?: ConversationView['compaction'];
  /** The user messages whose turn changed files: only they offer their checkpoint. */
  readonly fileChangingTurns?: ReadonlySet<string>;
  /** The replies that carry on an agent task begun above them: they show no model name of their own. */
  readonly continuedSteps?: ReadonlySet<string>;
}
