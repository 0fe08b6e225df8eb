// One reply streamed into its conversation: the request built from the history (with the ground rules, the
// project rules and, in Ask mode after an agent task, its tools), the text saved as it arrives so a crash
// keeps it, and the end (complete, stopped, interrupted or failed) saved and told.
import { ChatStreamAccumulator, RequestValidationError, isCancellation, validateChatRequest, type ChatCompletionChunk } from '../../api/index';
import type { ErrorInfo } from '../conversations/conversationParts';
import type { AssistantEntry, Conversation, ReplyTiming, UsageTotals } from '../conversations/conversation';
import { addUsage } from '../conversations/usageTotals';
import { replySpeed } from '../conversations/replySpeed';
import { addTiming } from '../conversations/timeTotals';
import type { RequestSettings } from '../requests/requestSettings';
import { buildChatRequest } from './chatRequestBuilder';
import type { ChatSessionOptions } from './chatSessionOptions';
import { errorToInfo } from './errorAction';
import { GROUND_RULES } from './groundRules';
export { ASK_MODE_NOTE } from './askModeTools';
import { buildHistory } from './historyBuilder';
import { alternativeAt, emptyAlternative, reasoningTokens, ShutdownSignal, takeAccumulated, joinRounds, roundGap, roundsUsage, type EarlierRounds } from './replyEntry';
import type { ReplyFailure, ReplyStates } from './replyStates';
import { ReplyTimer } from './replyTimer';
import { ThrottledSaver } from './throttledSaver';
import { AskModeRounds, withAskModeNote } from './askModeTools';
import * as l10n from '../l10n';

export function newId(): string {
  return globalThis.crypto.randomUUID();
}

export class ReplyStream {
  constructor(
    private readonly options: ChatSessionOptions,
    private readonly states: ReplyStates,
    /** Saves the conversation (it moves to the top of the list) and shows it. */
    private readonly saveAndShow: (conversation: Conversation) => Promise<void>,
  ) {}

  /** Streams one reply into the conversation; returns the failed entry and its error if it failed. */
  async stream(
    conversation: Conversation,
    settings: RequestSettings,
    signal: AbortSignal,
    afterSending?: () => void,
  ): Promise<ReplyFailure | undefined> {
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
    let accumulator = new ChatStreamAccumulator();
    const saver = new ThrottledSaver(clock, this.options.saveIntervalMs ?? 500, () => void store.save(conversation));
    let received = false;
    const marks = new ReplyTimer(clock.now());
    // Calls made in Ask mode never run: with one choice they are answered and the model goes on, so they are not shown.
    const showsCalls = tools.length === 0 || settings.choiceCount !== 1;
    const rounds = new AskModeRounds(request);
    const earlier: EarlierRounds = { content: '', reasoning: '', usage: undefined };
    try {
      const client = await this.options.client();
      for (let round: typeof request | undefined = request; round !== undefined; round = rounds.next(round, accumulator.result())) {
        if (round !== request) {
          takeAccumulated(entry, accumulator, earlier);
          Object.assign(earlier, { content: entry.alternatives[0]?.content ?? '', reasoning: entry.alternatives[0]?.reasoning ?? '', usage: roundsUsage(earlier, accumulator) });
          accumulator = new ChatStreamAccumulator();
        }
        const stream = client.chatStream(round, { signal })[Symbol.asyncIterator]();
        // Asking for the first chunk sends the request; what waits for the request to be out starts then.
        const first = stream.next();
        if (round === request) afterSending?.();
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
              const gap = roundGap(earlier.reasoning, alt.reasoning);
              alt.reasoning = joinRounds(earlier.reasoning, text?.reasoning ?? '');
              onEvent({ type: 'reasoningDelta', ...ref, choiceIndex: choice.index, text: gap + reasoning });
              received = true;
            }
            if (content) {
              marks.content(clock.now());
              const gap = roundGap(earlier.content, alt.content);
              alt.content = joinRounds(earlier.content, text?.content ?? '');
              onEvent({ type: 'contentDelta', ...ref, choiceIndex: choice.index, text: gap + content });
              received = true;
            }
            if (toolCalls && toolCalls.length > 0) marks.content(clock.now());
            toolCalls?.forEach((call, j) => {
              received = true;
              if (!showsCalls) return;
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
      }
    } catch (error) {
      saver.cancel();
      takeAccumulated(entry, accumulator, earlier);
      if (signal.aborted || isCancellation(error)) {
        const reason: unknown = signal.reason;
        const shutdown = reason instanceof ShutdownSignal;
        if (shutdown) entry.error = { kind: 'interrupted', message: l10n.t('The editor closed while the reply was streaming'), action: 'retry' };
        return this.finish(conversation, entry, shutdown ? 'interrupted' : 'stopped', roundsUsage(earlier, accumulator), marks.timing(clock.now()));
      }
      return this.fail(conversation, entry, errorToInfo(error), received);
    }
    saver.cancel();
    takeAccumulated(entry, accumulator, earlier);
    return this.finish(conversation, entry, 'complete', roundsUsage(earlier, accumulator), marks.timing(clock.now()));
  }

  private async finish(
    conversation: Conversation,
    entry: AssistantEntry,
    status: 'complete' | 'stopped' | 'interrupted',
    usage: UsageTotals | undefined,
    timing: ReplyTiming | undefined,
  ): Promise<undefined> {
    entry.status = status;
    if (timing) {
      entry.timing = timing;
      conversation.timeTotals = addTiming(conversation.timeTotals, timing);
    }
    if (usage) {
      entry.usage = usage;
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
  ): Promise<ReplyFailure> {
    const status = received ? 'interrupted' : 'failed';
    entry.status = status;
    entry.error = this.states.willRetryAutomatically(conversation.id, error, status) ? { ...error, automaticRetry: true } : error;
    await this.options.store.save(conversation);
    this.options.onEvent({ type: 'replyFailed', conversationId: conversation.id, messageId: entry.id, error: entry.error, status });
    return { entry, error: entry.error };
  }
}
