// Posts the active conversation to the chat view in parts, so that no message to the page is large: a
// conversation of thousands of messages would otherwise arrive as one message of megabytes, and its
// cloning, validation and handling would block the view for hundreds of milliseconds. The view gets the
// newest messages (what it shows first) with their index in the whole, then the earlier ones in parts,
// newest part first. After a turn only the newest part changes: earlier parts the view already holds
// are not posted again unless one of their messages changed.
import { createHash } from 'node:crypto';
import type { ConversationView, HostMessage, MessageView } from '../../shared/protocol';

/** Parts are this many messages; the newest part holds this many to twice as many. */
export const PART_MESSAGES = 100;

function digest(message: MessageView): string {
  return createHash('sha1').update(JSON.stringify(message)).digest('base64');
}

export class PartedConversationPoster {
  /** The conversation the view holds and a digest of each of its messages, in order. */
  private held: { conversationId: string; digests: string[] } | undefined;

  constructor(private readonly deliver: (message: HostMessage) => void) {}

  post(message: HostMessage): void {
    // A new page (`init` answers its `ready`) holds nothing yet.
    if (message.type === 'init') this.held = undefined;
    const view = message.type === 'init' ? message.active : message.type === 'conversation' ? message.conversation : undefined;
    if (!view) {
      this.deliver(message);
      return;
    }
    const total = view.messages.length;
    // The split moves in whole parts, so the earlier messages stay the same set from one turn to the next.
    const firstIndex = total <= 2 * PART_MESSAGES ? 0 : Math.floor((total - PART_MESSAGES) / PART_MESSAGES) * PART_MESSAGES;
    const digests = view.messages.map(digest);
    const head: ConversationView = { ...view, messages: view.messages.slice(firstIndex), firstIndex };
    this.deliver(message.type === 'init' ? { ...message, active: head } : { type: 'conversation', conversation: head });
    const held = this.held?.conversationId === view.id ? this.held.digests : [];
    const unchanged = held.length >= firstIndex && digests.slice(0, firstIndex).every((d, i) => d === held[i]);
    this.held = { conversationId: view.id, digests };
    if (unchanged) return;
    for (let end = firstIndex; end > 0; end -= PART_MESSAGES) {
      const start = Math.max(0, end - PART_MESSAGES);
      this.deliver({ type: 'earlierMessages', conversationId: view.id, firstIndex: start, messages: view.messages.slice(start, end) });
    }
  }
}
