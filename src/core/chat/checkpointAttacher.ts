// A user message's checkpoint joins it once taken: the request never waits for it, and the turn is over
// only when it is on the message (saved with it). Whoever waits for the session to be idle waits for these too.
import type { CheckpointRef } from '../checkpoints/checkpointRef';
import type { Conversation, UserEntry } from '../conversations/conversation';
import type { ConversationStore } from '../conversations/conversationStore';

export class CheckpointAttacher {
  /** Checkpoints being attached to their messages after the request went out. */
  private readonly attaching = new Set<Promise<void>>();

  constructor(
    private readonly store: ConversationStore,
    /** Saves the conversation (keeping its place in the list) and shows it. */
    private readonly saveAndShow: (conversation: Conversation) => Promise<void>,
    private readonly onSettled: () => void,
  ) {}

  get pending(): number {
    return this.attaching.size;
  }

  attach(conversation: Conversation, entry: UserEntry, taking: Promise<CheckpointRef | undefined>): Promise<void> {
    const attaching = this.attachWhenTaken(conversation, entry, taking);
    this.attaching.add(attaching);
    return attaching.finally(() => {
      this.attaching.delete(attaching);
      this.onSettled();
    });
  }

  /** The checkpoint on the message once it is taken, saved and shown (the reply may still stream, or be over). */
  private async attachWhenTaken(conversation: Conversation, entry: UserEntry, taking: Promise<CheckpointRef | undefined>): Promise<void> {
    const checkpoint = await taking.catch(() => undefined);
    // Gone meanwhile (the conversation deleted, or cut back before this message): nothing to attach it to.
    if (!checkpoint || !this.store.get(conversation.id)?.entries.includes(entry)) return;
    entry.checkpoint = checkpoint;
    // A failed save here is not the reply's failure: the conversation's next save writes the checkpoint too.
    await this.saveAndShow(conversation).catch(() => undefined);
  }
}
