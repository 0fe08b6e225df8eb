// Drives the replies of the conversations: sends the history, streams the reply into the conversation (saving as it goes, so a
// crash keeps what arrived; replyStream.ts), and handles stop, failures with their fixing action, automatic retry after a
// countdown (replyStates.ts), regenerate and edit-and-resend.
import type { SessionEvent } from './chatSessionEvents';
import type { RequestSettings } from '../requests/requestSettings';
import type { AssistantEntry, Conversation, UserEntry } from '../conversations/conversation';
import type { ChatSessionOptions, ChatStreamClient, UserTurn } from './chatSessionOptions';
import { EntryNotFoundError, SessionBusyError } from '../conversations/conversationErrors';
import { CheckpointAttacher } from './checkpointAttacher';
import { editedContent, ShutdownSignal } from './replyEntry';
import { ReplyStates, type ReplyOrigin } from './replyStates';
import { newId, ReplyStream } from './replyStream';
import { requireChoiceIndex, requireText } from './sessionInputRules';

export { ASK_MODE_NOTE } from './replyStream';

export type { SessionEvent };
export type { ChatSessionOptions, ChatStreamClient, UserTurn };

/** How a change that asks for a reply runs: who asked, what it changes first, and what waits for the request to be out. */
interface ReplyRun {
  origin: ReplyOrigin;
  prepare(conversation: Conversation): void;
  afterSending?(): void;
}

export class ChatSession {
  private readonly states: ReplyStates;
  private readonly checkpoints: CheckpointAttacher;
  private readonly replies: ReplyStream;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly storeWatch: { dispose(): void };

  constructor(private readonly options: ChatSessionOptions) {
    this.states = new ReplyStates(options.clock, options.maxAutomaticRetries ?? 3);
    this.checkpoints = new CheckpointAttacher(options.store, (conversation) => this.saveAndShow(conversation, { touch: false }), () => this.notifyIfIdle());
    this.replies = new ReplyStream(options, this.states, (conversation) => this.saveAndShow(conversation));
    this.storeWatch = options.store.onDidChange(() => this.dropOutdatedRetries());
  }

  isBusy(conversationId: string): boolean {
    return this.states.isBusy(conversationId);
  }

  /** Appends the user's message and streams the reply. Resolves when the reply ended (any way). */
  async send(conversationId: string, text: string, settings: RequestSettings): Promise<void> {
    await this.sendTurn(conversationId, { display: text, context: [], content: text }, settings);
  }

  /** A user turn with attached files (system messages) or content parts, shown as `display`. */
  async sendTurn(conversationId: string, turn: UserTurn, settings: RequestSettings): Promise<void> {
    requireText(turn.display);
    let takeCheckpoint: (() => void) | undefined;
    let attached: Promise<void> | undefined;
    const prepare = (conversation: Conversation): void => {
      const entry: UserEntry = { id: newId(), role: 'user', createdAt: this.options.clock.now(), content: turn.display, ...(turn.attachments?.length ? { attachments: turn.attachments } : {}) };
      if (turn.context.length > 0) entry.context = turn.context;
      if (turn.content !== turn.display) entry.sentContent = turn.content;
      conversation.entries.push(entry);
      const take = turn.checkpoint;
      if (take) takeCheckpoint = () => void (attached = this.checkpoints.attach(conversation, entry, take()));
    };
    const afterSending = () => {
      takeCheckpoint?.();
      takeCheckpoint = undefined;
    };
    await this.run(conversationId, settings, { origin: 'user', prepare, afterSending });
    // The turn is over once its checkpoint is on the message too (saved with it); the conversation is free
    // for the next message already, and the request never waited for the checkpoint.
    await attached;
  }

  /** Replaces a user message, drops everything after it, and asks again. */
  async editAndResend(conversationId: string, messageId: string, text: string, settings: RequestSettings): Promise<void> {
    requireText(text);
    const conversation = this.options.store.require(conversationId);
    const index = conversation.entries.findIndex((e) => e.id === messageId && e.role === 'user');
    if (index < 0) throw new EntryNotFoundError(conversationId, messageId, 'user message');
    const prepare = () => {
      const entry = conversation.entries[index];
      if (entry?.role === 'user') {
        entry.content = text;
        entry.sentContent = editedContent(entry.sentContent, text);
        if (entry.sentContent === undefined) delete entry.sentContent;
      }
      conversation.entries.splice(index + 1);
    };
    await this.run(conversationId, settings, { origin: 'user', prepare });
  }

  /** Drops the assistant reply `messageId` (and what followed) and generates it again. Also the retry of a failed reply. */
  async regenerate(conversationId: string, messageId: string, settings: RequestSettings): Promise<void> {
    if (this.states.of(conversationId).replacedByAutomaticRetry === messageId) return;
    await this.regenerateAs(conversationId, messageId, settings, 'user');
  }

  async selectChoice(conversationId: string, messageId: string, choiceIndex: number): Promise<void> {
    const conversation = this.options.store.require(conversationId);
    const entry = conversation.entries.find((e): e is AssistantEntry => e.id === messageId && e.role === 'assistant');
    if (!entry) throw new EntryNotFoundError(conversationId, messageId, 'assistant reply');
    requireChoiceIndex(choiceIndex, entry.alternatives.length);
    entry.selected = choiceIndex;
    await this.saveAndShow(conversation, { touch: false });
  }

  /** Stops the reply at once (the part that arrived stays, marked stopped) or cancels a pending retry. */
  stop(conversationId: string): void {
    this.cancelPendingRetry(conversationId);
    this.states.active(conversationId)?.controller.abort();
    this.notifyIfIdle();
  }

  /** Stops the conversation's reply and resolves once it has been saved. */
  async stopAndSettle(conversationId: string): Promise<void> {
    const reply = this.states.active(conversationId);
    this.stop(conversationId);
    await reply?.done;
  }

  stopAll(): void {
    for (const id of this.states.busy()) this.stop(id);
  }

  /** Resolves once no reply streams and no automatic retry waits. */
  whenIdle(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Ends every reply (kept, marked interrupted) and waits until the store has written them. */
  async dispose(): Promise<void> {
    this.storeWatch.dispose();
    for (const id of this.states.withPendingRetry()) this.cancelPendingRetry(id);
    const replies = this.states.activeReplies();
    for (const reply of replies) reply.controller.abort(new ShutdownSignal());
    await Promise.all(replies.map((r) => r.done));
    await this.options.store.flush();
    this.notifyIfIdle();
  }

  private async regenerateAs(conversationId: string, messageId: string, settings: RequestSettings, origin: ReplyOrigin): Promise<void> {
    const conversation = this.options.store.require(conversationId);
    const index = conversation.entries.findIndex((e) => e.id === messageId && e.role === 'assistant');
    if (index < 0) throw new EntryNotFoundError(conversationId, messageId, 'assistant reply');
    await this.run(conversationId, settings, { origin, prepare: () => void conversation.entries.splice(index) });
  }

  /**
   * A waiting retry regenerates its failed reply, dropping what follows it: once a newer turn (a message,
   * an agent task) follows the failed reply, the retry is cancelled instead.
   */
  private dropOutdatedRetries(): void {
    for (const id of this.states.withPendingRetry()) {
      const failed = this.states.of(id).pendingRetry?.messageId;
      if (this.options.store.get(id)?.entries.at(-1)?.id !== failed) this.cancelPendingRetry(id);
    }
  }

  /** Cancels the waiting automatic retry; the failed reply keeps its error, without the countdown. */
  private cancelPendingRetry(conversationId: string): void {
    const messageId = this.states.cancelPendingRetry(conversationId);
    if (messageId === undefined) return;
    const conversation = this.options.store.get(conversationId);
    const entry = conversation?.entries.find((e): e is AssistantEntry => e.id === messageId && e.role === 'assistant');
    if (conversation && entry?.error?.automaticRetry) {
      delete entry.error.automaticRetry;
      void this.saveAndShow(conversation, { touch: false });
    }
  }

  /** Saves and shows the conversation; `touch: false` keeps its place in the list (nothing new was said). */
  private async saveAndShow(conversation: Conversation, { touch }: { touch: boolean } = { touch: true }): Promise<void> {
    const saved = this.options.store.save(conversation, { touch });
    this.options.onEvent({ type: 'conversation', conversation });
    await saved;
  }

  /**
   * One reply, from the change that asks for it (`prepare`) to its end. The conversation counts as
   * busy from the first moment, so a second action cannot interleave with this one. A user action
   * replaces a waiting automatic retry and restarts its count.
   */
  private async run(conversationId: string, settings: RequestSettings, { origin, prepare, afterSending }: ReplyRun): Promise<void> {
    const conversation = this.options.store.require(conversationId);
    const state = this.states.of(conversationId);
    if (state.active) throw new SessionBusyError();
    this.cancelPendingRetry(conversationId);
    if (origin === 'user') state.automaticRetries = 0;
    const controller = new AbortController();
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    state.active = { controller, done };
    try {
      prepare(conversation);
      await this.saveAndShow(conversation);
      const failure = await this.replies.stream(conversation, settings, controller.signal, afterSending);
      if (!failure) state.automaticRetries = 0;
      else {
        // A failure of the retry itself is shown by the retry, in the conversation.
        const retry = () => void this.regenerateAs(conversationId, failure.entry.id, settings, 'automaticRetry').catch(() => this.notifyIfIdle());
        this.states.scheduleAutomaticRetry(conversationId, failure, retry);
      }
    } finally {
      // Also when no request went out (refused, or failed before): the message is there all the same.
      afterSending?.();
      delete state.active;
      finished();
      this.notifyIfIdle();
    }
  }

  private idle(): boolean {
    return this.states.busy().length === 0 && this.checkpoints.pending === 0;
  }

  private notifyIfIdle(): void {
    if (!this.idle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
