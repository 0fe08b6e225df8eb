// Drives the replies of the conversations: sends the history, streams the reply into the conversation (saving as it goes, so a
// crash keeps what arrived), and handles stop, failures with their fixing action, automatic retry after a countdown, regenerate and edit-and-resend.
import { ChatStreamAccumulator, RequestValidationError, isCancellation, validateChatRequest, type ChatCompletionChunk, type ChatMessage, type ChatRequest, type MessageContent, type SystemMessage, type ToolDefinition } from '../../api/index';
import type { SessionEvent } from './chatSessionEvents';
import type { CheckpointRef } from '../checkpoints/checkpointRef';
import type { ErrorInfo } from '../conversations/conversationParts';
import { buildChatRequest } from './chatRequestBuilder';
import type { RequestSettings } from '../requests/requestSettings';
import { GROUND_RULES } from './groundRules';
import type { Clock } from '../clock';
import type { AssistantEntry, Conversation, ReplyTiming, UserEntry } from '../conversations/conversation';
import { EntryNotFoundError, InvalidInputError, SessionBusyError } from '../conversations/conversationErrors';
import type { ConversationStore } from '../conversations/conversationStore';
import { automaticRetryDelaySeconds, errorToInfo } from './errorAction';
import { buildHistory } from './historyBuilder';
import { ThrottledSaver } from './throttledSaver';
import { addUsage, usageFromWire } from '../conversations/usageTotals';
import { alternativeAt, editedContent, emptyAlternative, reasoningTokens, ShutdownSignal, takeAccumulated } from './replyEntry';
import { ReplyTimer } from './replyTimer';
import { replySpeed } from '../conversations/replySpeed';
import { addTiming } from '../conversations/timeTotals';

export interface ChatStreamClient {
  chatStream(request: ChatRequest, options?: { signal?: AbortSignal }): AsyncIterable<ChatCompletionChunk>;
}

export interface UserTurn extends Pick<UserEntry, 'attachments'> {
  /** What the conversation shows as the user's message. */
  display: string;
  /** System messages (extracted files) sent right before the message. */
  context: SystemMessage[];
  /** The message content as sent: `display` itself, or text and image parts. */
  content: MessageContent;
  /**
   * Takes the workspace's checkpoint for this turn. Called once the request has gone out (a reply in the
   * chat changes no file, so the request never waits for it); the checkpoint joins the user's message
   * when ready.
   */
  checkpoint?: () => Promise<CheckpointRef | undefined>;
}

export type { SessionEvent };

export interface ChatSessionOptions {
  /** Asked for every reply, so a key or address change applies to the next request. */
  client: () => ChatStreamClient | Promise<ChatStreamClient>;
  store: ConversationStore;
  clock: Clock;
  onEvent: (event: SessionEvent) => void;
  /** How often a reply is saved while it streams (default 500 ms): the most a crash can lose. */
  saveIntervalMs?: number;
  /** Automatic retries of one reply after rate-limit or overload countdowns (default 3). */
  maxAutomaticRetries?: number;
  /**
   * The `prompt_cache_key` of every request: the workspace's key (workspaceCacheKey), so the cache
   * spans the workspace's conversations and agent tasks. Without it, the conversation id.
   */
  promptCacheKey?: () => Promise<string>;
  /** Standing instructions (project rules) sent in every request, right after the ground rules. */
  standingInstructions?: () => Promise<SystemMessage | undefined>;
  /**
   * The tools the conversation's agent tasks offered to this model (AgentTasks.toolsOf): sent unchanged
   * with its Ask requests so the prompt cache's prefix holds across Ask and Agent. Ask runs none of them.
   */
  tools?: (conversationId: string, model: string) => ToolDefinition[];
}

interface ActiveReply {
  controller: AbortController;
  done: Promise<void>;
}

interface PendingRetry {
  timer: unknown;
  messageId: string;
}

export class ChatSession {
  private readonly active = new Map<string, ActiveReply>();
  private readonly pendingRetries = new Map<string, PendingRetry>();
  /** Checkpoints being attached to their messages after the request went out. */
  private readonly attaching = new Set<Promise<void>>();
  private readonly automaticRetries = new Map<string, number>();
  /** Per conversation, the failed reply the last automatic retry replaced: a late Retry click on it is a no-op. */
  private readonly replacedByAutomaticRetry = new Map<string, string>();
  private readonly idleWaiters: (() => void)[] = [];

  constructor(private readonly options: ChatSessionOptions) {}

  isBusy(conversationId: string): boolean {
    return this.active.has(conversationId) || this.pendingRetries.has(conversationId);
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
      if (take) takeCheckpoint = () => void (attached = this.trackAttach(this.attachCheckpoint(conversation, entry, take())));
    };
    await this.run(conversationId, settings, true, prepare, () => {
      takeCheckpoint?.();
      takeCheckpoint = undefined;
    });
    // The turn is over once its checkpoint is on the message too (saved with it); the conversation is free
    // for the next message already, and the request never waited for the checkpoint.
    await attached;
  }

  private trackAttach(attaching: Promise<void>): Promise<void> {
    this.attaching.add(attaching);
    return attaching.finally(() => {
      this.attaching.delete(attaching);
      this.notifyIfIdle();
    });
  }

  /** The checkpoint on the message once it is taken, saved and shown (the reply may still stream, or be over). */
  private async attachCheckpoint(conversation: Conversation, entry: UserEntry, taking: Promise<CheckpointRef | undefined>): Promise<void> {
    const checkpoint = await taking.catch(() => undefined);
    // Gone meanwhile (the conversation deleted, or cut back before this message): nothing to attach it to.
    if (!checkpoint || !this.options.store.get(conversation.id)?.entries.includes(entry)) return;
    entry.checkpoint = checkpoint;
    // A failed save here is not the reply's failure: the conversation's next save writes the checkpoint too.
    await this.saveAndShow(conversation, false).catch(() => undefined);
  }

  /** Replaces a user message, drops everything after it, and asks again. */
  async editAndResend(conversationId: string, messageId: string, text: string, settings: RequestSettings): Promise<void> {
    requireText(text);
    const conversation = this.options.store.require(conversationId);
    const index = conversation.entries.findIndex((e) => e.id === messageId && e.role === 'user');
    if (index < 0) throw new EntryNotFoundError(conversationId, messageId, 'user message');
    await this.run(conversationId, settings, true, () => {
      const entry = conversation.entries[index];
      if (entry?.role === 'user') {
        entry.content = text;
        entry.sentContent = editedContent(entry.sentContent, text);
        if (entry.sentContent === undefined) delete entry.sentContent;
      }
      conversation.entries.splice(index + 1);
    });
  }

  /** Drops the assistant reply `messageId` (and what followed) and generates it again. Also the retry of a failed reply. */
  async regenerate(conversationId: string, messageId: string, settings: RequestSettings): Promise<void> {
    if (this.replacedByAutomaticRetry.get(conversationId) === messageId) return;
    await this.regenerateAs(conversationId, messageId, settings, true);
  }

  async selectChoice(conversationId: string, messageId: string, choiceIndex: number): Promise<void> {
    const conversation = this.options.store.require(conversationId);
    const entry = conversation.entries.find((e): e is AssistantEntry => e.id === messageId && e.role === 'assistant');
    if (!entry) throw new EntryNotFoundError(conversationId, messageId, 'assistant reply');
    if (!Number.isInteger(choiceIndex) || choiceIndex < 0 || choiceIndex >= entry.alternatives.length) {
      throw new InvalidInputError('choiceIndex', `must be a whole number from 0 to ${entry.alternatives.length - 1}`);
    }
    entry.selected = choiceIndex;
    await this.saveAndShow(conversation, false);
  }

  /** Stops the reply at once (the part that arrived stays, marked stopped) or cancels a pending retry. */
  stop(conversationId: string): void {
    this.cancelPendingRetry(conversationId);
    this.active.get(conversationId)?.controller.abort();
    this.notifyIfIdle();
  }

  /** Stops the conversation's reply and resolves once it has been saved. */
  async stopAndSettle(conversationId: string): Promise<void> {
    const reply = this.active.get(conversationId);
    this.stop(conversationId);
    await reply?.done;
  }

  stopAll(): void {
    for (const id of [...this.active.keys(), ...this.pendingRetries.keys()]) this.stop(id);
  }

  /** Resolves once no reply streams and no automatic retry waits. */
  whenIdle(): Promise<void> {
    if (this.active.size === 0 && this.pendingRetries.size === 0 && this.attaching.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Ends every reply (kept, marked interrupted) and waits until the store has written them. */
  async dispose(): Promise<void> {
    for (const id of [...this.pendingRetries.keys()]) this.cancelPendingRetry(id);
    for (const reply of this.active.values()) reply.controller.abort(new ShutdownSignal());
    await Promise.all([...this.active.values()].map((r) => r.done));
    await this.options.store.flush();
    this.notifyIfIdle();
  }

  private async regenerateAs(conversationId: string, messageId: string, settings: RequestSettings, byUser: boolean): Promise<void> {
    const conversation = this.options.store.require(conversationId);
    const index = conversation.entries.findIndex((e) => e.id === messageId && e.role === 'assistant');
    if (index < 0) throw new EntryNotFoundError(conversationId, messageId, 'assistant reply');
    await this.run(conversationId, settings, byUser, () => {
      conversation.entries.splice(index);
    });
  }

  /** Cancels the waiting automatic retry; the failed reply keeps its error, without the countdown. */
  private cancelPendingRetry(conversationId: string): void {
    const pending = this.pendingRetries.get(conversationId);
    if (!pending) return;
    this.options.clock.clearTimeout(pending.timer);
    this.pendingRetries.delete(conversationId);
    const conversation = this.options.store.get(conversationId);
    const entry = conversation?.entries.find((e): e is AssistantEntry => e.id === pending.messageId && e.role === 'assistant');
    if (conversation && entry?.error?.automaticRetry) {
      delete entry.error.automaticRetry;
      void this.saveAndShow(conversation, false);
    }
  }

  private async saveAndShow(conversation: Conversation, touch = true): Promise<void> {
    const saved = this.options.store.save(conversation, { touch });
    this.options.onEvent({ type: 'conversation', conversation });
    await saved;
  }

  /**
   * One reply, from the change that asks for it (`prepare`) to its end. The conversation counts as
   * busy from the first moment, so a second action cannot interleave with this one. A user action
   * replaces a waiting automatic retry and restarts its count.
   */
  private async run(conversationId: string, settings: RequestSettings, byUser: boolean, prepare: (c: Conversation) => void, afterSending?: () => void): Promise<void> {
    const conversation = this.options.store.require(conversationId);
    if (this.active.has(conversationId)) throw new SessionBusyError();
    this.cancelPendingRetry(conversationId);
    if (byUser) this.automaticRetries.delete(conversationId);
    const controller = new AbortController();
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    this.active.set(conversationId, { controller, done });
    try {
      prepare(conversation);
      await this.saveAndShow(conversation);
      const failure = await this.streamReply(conversation, settings, controller.signal, afterSending);
      if (failure) this.scheduleAutomaticRetry(conversation, failure, settings);
      else this.automaticRetries.delete(conversationId);
    } finally {
      // Also when no request went out (refused, or failed before): the message is there all the same.
      afterSending?.();
      this.active.delete(conversationId);
      finished();
      this.notifyIfIdle();
    }
  }

  /** Streams one reply into the conversation; returns the failed entry and its error if it failed. */
  private async streamReply(
    conversation: Conversation,
    settings: RequestSettings,
    signal: AbortSignal,
    afterSending?: () => void,
  ): Promise<{ entry: AssistantEntry; error: ErrorInfo } | undefined> {
    const { clock, store, onEvent } = this.options;
    const cacheKey = this.options.promptCacheKey ? await this.options.promptCacheKey() : conversation.id;
    const instructions = await this.options.standingInstructions?.();
    const tools = this.options.tools?.(conversation.id, settings.model) ?? [];
    const history = buildHistory(conversation);
    const request = buildChatRequest([GROUND_RULES, ...(instructions ? [instructions] : []), ...(tools.length > 0 ? withAskModeNote(history) : history)], settings, cacheKey, tools);
    const entry: AssistantEntry = {
      id: newId(),
      role: 'assistant',
      createdAt: clock.now(),
      model: settings.model,
      alternatives: [emptyAlternative()],
      selected: 0,
      status: 'streaming',
    };
    const ref = { conversationId: conversation.id, messageId: entry.id };
    conversation.entries.push(entry);

    // Checked here as well as in the client: a refused request must fail before replyStarted (nothing
    // was sent, so the view shows no reply in progress), and a ChatStreamClient need not be SvcClient.
    try {
      validateChatRequest(request);
    } catch (invalid) {
      if (!(invalid instanceof RequestValidationError)) throw invalid;
      // Nothing was sent: the refusal appears in the conversation where the reply would have been.
      const error = errorToInfo(invalid);
      entry.status = 'failed';
      entry.error = error;
      await this.saveAndShow(conversation);
      return { entry, error };
    }

    await store.save(conversation);
    onEvent({ type: 'replyStarted', ...ref, model: settings.model, choiceCount: settings.choiceCount });
    const accumulator = new ChatStreamAccumulator();
    const saver = new ThrottledSaver(clock, this.options.saveIntervalMs ?? 500, () => void store.save(conversation));
    let received = false;
    const marks = new ReplyTimer(clock.now());
    try {
      const client = await this.options.client();
      const stream = client.chatStream(request, { signal })[Symbol.asyncIterator]();
      // Asking for the first chunk sends the request; what waits for the request to be out starts then.
      const first = stream.next();
      afterSending?.();
      for (let next = await first; next.done !== true; next = await stream.next()) {
        signal.throwIfAborted(); // a stream need not watch the signal: after Stop no chunk it had read is taken
        const chunk = next.value;
        accumulator.push(chunk);
        for (let position = 0; position < chunk.choices.length; position++) {
          const choice = chunk.choices[position] as ChatCompletionChunk['choices'][number];
          const alt = alternativeAt(entry, choice.index);
          const { reasoning_content: reasoning, content, tool_calls: toolCalls } = choice.delta;
          // The accumulator holds the text; the entry shares its strings, so a save or a reloaded
          // view mid-stream sees all that arrived.
          const text = accumulator.textOf(choice.index);
          if (reasoning) {
            marks.token(clock.now());
            alt.reasoning = text?.reasoning ?? '';
            onEvent({ type: 'reasoningDelta', ...ref, choiceIndex: choice.index, text: reasoning });
            received = true;
          }
          if (content) {
            marks.content(clock.now());
            alt.content = text?.content ?? '';
            onEvent({ type: 'contentDelta', ...ref, choiceIndex: choice.index, text: content });
            received = true;
          }
          if (toolCalls && toolCalls.length > 0) marks.content(clock.now());
          toolCalls?.forEach((call, j) => {
            received = true;
            onEvent({
              type: 'toolCallDelta',
              ...ref,
              choiceIndex: choice.index,
              index: call.index ?? j,
              ...(call.id ? { id: call.id } : {}),
              ...(call.function?.name ? { name: call.function.name } : {}),
              ...(call.function?.arguments ? { argumentsDelta: call.function.arguments } : {}),
            });
          });
        }
        saver.touch();
      }
    } catch (error) {
      saver.cancel();
      takeAccumulated(entry, accumulator);
      if (signal.aborted || isCancellation(error)) {
        const reason: unknown = signal.reason;
        const shutdown = reason instanceof ShutdownSignal;
        if (shutdown) entry.error = { kind: 'interrupted', message: reason.message, action: 'retry' };
        return this.finish(conversation, entry, shutdown ? 'interrupted' : 'stopped', accumulator, marks.timing(clock.now()));
      }
      return this.fail(conversation, entry, errorToInfo(error), received);
    }
    saver.cancel();
    takeAccumulated(entry, accumulator);
    return this.finish(conversation, entry, 'complete', accumulator, marks.timing(clock.now()));
  }

  private async finish(
    conversation: Conversation,
    entry: AssistantEntry,
    status: 'complete' | 'stopped' | 'interrupted',
    accumulator: ChatStreamAccumulator,
    timing: ReplyTiming | undefined,
  ): Promise<undefined> {
    entry.status = status;
    if (timing) {
      entry.timing = timing;
      conversation.timeTotals = addTiming(conversation.timeTotals, timing);
    }
    const usage = accumulator.result().usage;
    if (usage) {
      entry.usage = usageFromWire(usage);
      conversation.usageTotals = addUsage(conversation.usageTotals, entry.usage);
    }
    entry.reasoningTokens = await reasoningTokens(entry);
    const speed = replySpeed(entry);
    await this.options.store.save(conversation);
    this.options.onEvent({
      type: 'replyFinished',
      conversationId: conversation.id,
      messageId: entry.id,
      status,
      finishReasons: entry.alternatives.map((alt, choiceIndex) => ({ choiceIndex, finishReason: alt.finishReason })),
      ...(entry.usage ? { usage: entry.usage } : {}),
      totals: conversation.usageTotals,
      ...(speed ? { speed } : {}),
      ...(conversation.timeTotals ? { time: conversation.timeTotals } : {}),
    });
    return undefined;
  }

  private async fail(
    conversation: Conversation,
    entry: AssistantEntry,
    error: ErrorInfo,
    received: boolean,
  ): Promise<{ entry: AssistantEntry; error: ErrorInfo }> {
    const status = received ? 'interrupted' : 'failed';
    entry.status = status;
    entry.error = this.willRetryAutomatically(conversation.id, error, status) ? { ...error, automaticRetry: true } : error;
    await this.options.store.save(conversation);
    this.options.onEvent({ type: 'replyFailed', conversationId: conversation.id, messageId: entry.id, error: entry.error, status });
    return { entry, error: entry.error };
  }

  private willRetryAutomatically(conversationId: string, error: ErrorInfo, status: AssistantEntry['status']): boolean {
    const done = this.automaticRetries.get(conversationId) ?? 0;
    return status === 'failed' && automaticRetryDelaySeconds(error) !== undefined && done < (this.options.maxAutomaticRetries ?? 3);
  }

  /**
   * Rate limits and overload are fixed by waiting: the countdown runs (shown from
   * `error.retryAfterSeconds`) and the reply is generated again, a bounded number of times.
   */
  private scheduleAutomaticRetry(
    conversation: Conversation,
    failure: { entry: AssistantEntry; error: ErrorInfo },
    settings: RequestSettings,
  ): void {
    const seconds = automaticRetryDelaySeconds(failure.error);
    if (seconds === undefined || failure.error.automaticRetry !== true) {
      this.automaticRetries.delete(conversation.id);
      return;
    }
    this.automaticRetries.set(conversation.id, (this.automaticRetries.get(conversation.id) ?? 0) + 1);
    const timer = this.options.clock.setTimeout(() => {
      this.pendingRetries.delete(conversation.id);
      this.replacedByAutomaticRetry.set(conversation.id, failure.entry.id);
      // A failure of the retry itself is shown by the retry, in the conversation.
      void this.regenerateAs(conversation.id, failure.entry.id, settings, false).catch(() => this.notifyIfIdle());
    }, seconds * 1000);
    this.pendingRetries.set(conversation.id, { timer, messageId: failure.entry.id });
  }

  private notifyIfIdle(): void {
    if (this.active.size > 0 || this.pendingRetries.size > 0 || this.attaching.size > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

/**
 * Ask mode carries the agent's tools only for the cache: the model is told, right before the user's
 * message (after the cached prefix), that it cannot call them in this turn.
 */
export const ASK_MODE_NOTE: SystemMessage = { role: 'system', content: 'This message is in Ask mode: the tools listed cannot be called in this turn. Answer from the conversation without calling any tool.' };

function withAskModeNote(history: ChatMessage[]): ChatMessage[] {
  const last = history.findLastIndex((m) => m.role === 'user');
  return last < 0 ? history : [...history.slice(0, last), ASK_MODE_NOTE, ...history.slice(last)];
}

function requireText(text: string): void {
  if (text.trim() === '') throw new InvalidInputError('text', 'the message must not be empty');
}

function newId(): string {
  return globalThis.crypto.randomUUID();
}
