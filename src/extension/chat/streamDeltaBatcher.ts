// Joins streamed text deltas on their way from the host to the chat view. The service sends about one
// token per chunk, and a network read often carries dozens of chunks; posting each as its own webview
// message makes the page receive, validate and dispatch thousands of messages per reply for text it
// renders once per frame anyway. Deltas of the same kind for the same reply and alternative that arrive
// in one event-loop turn become one message, posted when the turn's work is done (setImmediate, not a
// timer), so a chunk that arrives alone is posted without waiting. Each kind's text keeps its order, and
// every other message (tool call, finish, error, conversation) first posts the text pending before it,
// so nothing the view shows changes order.
import type { HostMessage, HostMessageOf } from '../../shared/protocol';

type TextDelta = HostMessageOf<'reasoningDelta' | 'contentDelta'>;

/** Runs a callback after the current event-loop turn's I/O and microtasks (setImmediate in Node). */
export type TurnScheduler = (callback: () => void) => void;

function deltaKey(delta: TextDelta): string {
  return `${delta.type}\u0000${delta.conversationId}\u0000${delta.messageId}\u0000${delta.choiceIndex}`;
}

export class StreamDeltaBatcher {
  /** Joined deltas by kind, reply and alternative, in order of their first delta. */
  private readonly pending = new Map<string, TextDelta>();
  private scheduled = false;

  constructor(
    private readonly post: (message: HostMessage) => void,
    private readonly schedule: TurnScheduler = (callback) => void setImmediate(callback),
  ) {}

  /** Posts `message`: a text delta joins the pending text of its kind; anything else goes out at once, after it. */
  send(message: HostMessage): void {
    if (message.type !== 'reasoningDelta' && message.type !== 'contentDelta') {
      this.flush();
      this.post(message);
      return;
    }
    const key = deltaKey(message);
    const joined = this.pending.get(key);
    if (!joined) this.pending.set(key, { ...message });
    else {
      joined.text += message.text;
      // The view counts reasoning deltas (about one token each) until usage gives the exact figure.
      if (joined.type === 'reasoningDelta' && message.type === 'reasoningDelta') joined.count = (joined.count ?? 1) + (message.count ?? 1);
    }
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  /** Posts the pending text now. */
  flush(): void {
    if (this.pending.size === 0) return;
    const joined = [...this.pending.values()];
    this.pending.clear();
    for (const delta of joined) this.post(delta);
  }
}
