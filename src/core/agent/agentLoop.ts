// The agent loop: stream a step, run the tool calls it asks for, answer each, repeat until the model
// stops, the task's step or token limit is reached, the user cancels, or something fails that retrying cannot fix.
// Invariant: `messages` is a valid conversation after every step, whatever ended the task; no request
// is sent while a tool call of it is unanswered.
import { isCancellation, ChatStreamAccumulator, modelInfo, type AssistantMessage, type ChatCompletionChunk, type ChatMessage, type ChatRequest, type FinishReason } from '../../api/index';
import { buildChatRequest } from '../chat/chatRequestBuilder';
import { completionTokenCap, thinksWith } from '../requests/completionTokenCap';
import type { RequestSettings } from '../requests/requestSettings';
import { errorToInfo } from '../chat/errorAction';
import { GROUND_RULES } from '../chat/groundRules';
import { zeroUsage, type UsageTotals } from '../conversations/conversation';
import { addUsage, usageFromWire } from '../conversations/usageTotals';
import type { ChangeJournal } from '../tools/changeJournal';
import type { ToolRegistry } from '../tools/toolRegistry';
import { AgentContextWindow, type Compaction, type TokenCounter } from './agentContextWindow';
import { AgentResponseError } from './agentErrors';
import type { AgentEvent, AgentEventListener, AgentStopReason, AgentTaskSummary } from './agentEvents';
import { runToolCalls } from './toolCallRunner';
import { DEFAULT_MAX_STEPS, NO_TOKEN_LIMIT, TaskBudget } from './taskBudget';
import * as l10n from '../l10n';

/** The part of SvcClient the loop uses. */
export interface AgentChatClient extends TokenCounter {
  chatStream(request: ChatRequest, options?: { signal?: AbortSignal }): AsyncIterable<ChatCompletionChunk>;
}

export interface AgentTaskOptions {
  client: AgentChatClient;
  /** The user's request settings; a step never asks for JSON mode or alternatives (requestSettings fills the rest). */
  settings: RequestSettings;
  task: string;
  tools: ToolRegistry;
  /** The workspace's key (workspaceCacheKey), sent on every request. */
  promptCacheKey: string;
  systemPrompt?: string;
  /** Standing instructions (project rules), sent right after the ground rules in every step. */
  instructions?: ChatMessage;
  /** Earlier messages of the conversation the task continues. */
  history?: ChatMessage[];
  maxSteps?: number;
  /** Tokens the task may spend, prompt and completion (NO_TOKEN_LIMIT: none); ignored when `budget` is given. */
  maxTokens?: number;
  /** Steps and tokens shared with the task's subagents (taskBudget.ts); when given, its limits are the task's, not others. */
  budget?: TaskBudget;
  maxParallelToolCalls?: number;
  /** Milliseconds waited for the user's approvals so far (TaskApprovals.waitedMs). */
  approvalWait?: () => number;
  /** Overrides the catalogue's context length (needed for the models whose length the service does not state). */
  contextLength?: number;
  signal?: AbortSignal;
  onEvent?: AgentEventListener;
  /** The task's change journal, for the files listed in the summary. */
  journal?: ChangeJournal;
  now?: () => number;
}

export interface AgentTaskResult {
  /** The whole conversation, ready to be continued or saved. */
  messages: ChatMessage[];
  /** What the task's steps added after the system prompt, the history and the task: the part a caller keeps of this run. */
  stepMessages: ChatMessage[];
  summary: AgentTaskSummary;
}

export const DEFAULT_MAX_PARALLEL_TOOL_CALLS = 4;
/** A step of a model that does not think rarely needs more than this (thinking models: completionTokenCap). */
const DEFAULT_COMPLETION_TOKENS = 4_096;

interface StepOutcome {
  message: AssistantMessage;
  finishReason: FinishReason | null;
  usage: UsageTotals | undefined;
}

/** What is kept of a step that did not finish: its text, never its (possibly half-streamed) tool calls. */
function partialMessage(message: AssistantMessage): AssistantMessage | undefined {
  const content = typeof message.content === 'string' ? message.content : '';
  if (content.trim() === '') return undefined;
  const kept: AssistantMessage = { role: 'assistant', content };
  if (message.reasoning_content) kept.reasoning_content = message.reasoning_content;
  return kept;
}

export async function runAgentTask(options: AgentTaskOptions): Promise<AgentTaskResult> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const signal = options.signal ?? new AbortController().signal;
  const emit = (event: AgentEvent): void => options.onEvent?.(event);
  const model = options.settings.model;
  const thinking = thinksWith(options.settings);
  const contextLength = options.contextLength ?? modelInfo(model)?.contextLength;
  const maxCompletionTokens = completionTokenCap(options.settings, DEFAULT_COMPLETION_TOKENS, contextLength) ?? DEFAULT_COMPLETION_TOKENS;
  const stepSettings: RequestSettings = { ...options.settings, jsonMode: false, choiceCount: 1, maxCompletionTokens };
  const budget = options.budget ?? new TaskBudget(options.maxSteps ?? DEFAULT_MAX_STEPS, options.maxTokens ?? NO_TOKEN_LIMIT);
  const tools = options.tools.definitions();
  const window = new AgentContextWindow({ counter: options.client, model, contextLength, maxCompletionTokens, tools });

  const messages: ChatMessage[] = [];
  if (options.systemPrompt) messages.push({ role: 'system', content: options.systemPrompt });
  messages.push(...(options.history ?? []), { role: 'user', content: options.task });
  const firstStep = messages.length;

  let usage = zeroUsage();
  const toolCalls: Record<string, number> = {};
  let steps = 0;
  let answer = '';
  let stopReason: AgentStopReason = 'step_limit';
  let error: string | undefined;

  emit({ type: 'task_started', model, tools: options.tools.names() });

  const reportCompaction = (step: number, compaction: Compaction | undefined): void => {
    if (!compaction) return;
    emit({
      type: 'context_compacted',
      step,
      ...compaction,
      message: l10n.t("The task outgrew the model's context ({0} of {1} tokens): earlier steps were shortened to {2} tokens.", compaction.tokensBefore, compaction.limit, compaction.tokensAfter),
    });
  };

  const streamStep = async (step: number): Promise<StepOutcome> => {
    const request = buildChatRequest(
      [GROUND_RULES, ...(options.instructions ? [options.instructions] : []), ...messages],
      stepSettings,
      options.promptCacheKey,
      tools,
    );
    const accumulator = new ChatStreamAccumulator();
    try {
      for await (const chunk of options.client.chatStream(request, { signal })) {
        accumulator.push(chunk);
        const delta = chunk.choices.find((c) => c.index === 0)?.delta;
        if (delta?.reasoning_content) emit({ type: 'reasoning_delta', step, text: delta.reasoning_content });
        if (delta?.content) emit({ type: 'content_delta', step, text: delta.content });
      }
    } catch (err) {
      const partial = accumulator.result().choices[0];
      const kept = partial && partialMessage(partial.message);
      if (kept) messages.push(kept);
      throw err;
    }
    const result = accumulator.result();
    const choice = result.choices.find((c) => c.index === 0);
    if (!choice) throw new AgentResponseError(l10n.t('The service answered without a choice.'));
    const message: AssistantMessage = { ...choice.message, content: typeof choice.message.content === 'string' ? choice.message.content : '' };
    // The real service refuses a thinking model's tool-call message sent back without its reasoning.
    if (thinking && message.reasoning_content == null) message.reasoning_content = '';
    return { message, finishReason: choice.finishReason, usage: result.usage ? usageFromWire(result.usage) : undefined };
  };

  try {
    for (let step = 1; ; step++) {
      if (signal.aborted) {
        stopReason = 'cancelled';
        break;
      }
      const limit = budget.nextStep();
      if (limit) {
        stopReason = limit;
        break;
      }
      reportCompaction(step, await window.fit(messages, firstStep, signal));
      steps = step;
      emit({ type: 'step_started', step });
      let outcome: StepOutcome;
      try {
        outcome = await streamStep(step);
      } catch (err) {
        // Refused as too long before any output: shrink to the length the service named, once.
        const compaction = await window.refit(err, messages, firstStep, signal);
        if (!compaction) throw err;
        reportCompaction(step, compaction);
        outcome = await streamStep(step);
      }
      if (outcome.usage) {
        usage = addUsage(usage, outcome.usage);
        budget.spend(outcome.usage);
      }
      const calls = outcome.finishReason === 'length' ? [] : (outcome.message.tool_calls ?? []);
      emit({ type: 'step_finished', step, finishReason: outcome.finishReason, usage: outcome.usage, toolCalls: calls.length });

      if (calls.length === 0) {
        const kept = outcome.finishReason === 'length' ? partialMessage(outcome.message) : outcome.message;
        if (kept && typeof kept.content === 'string' && kept.content !== '') {
          delete kept.tool_calls;
          messages.push(kept);
        }
        answer = typeof outcome.message.content === 'string' ? outcome.message.content : '';
        if (outcome.finishReason === 'content_filter') throw new AgentResponseError(l10n.t('The service stopped the answer: it was judged high risk (content_filter).'));
        if (outcome.finishReason === 'tool_calls') throw new AgentResponseError(l10n.t('The model asked for tool calls but sent none.'));
        stopReason = outcome.finishReason === 'length' ? 'length' : 'stop';
        break;
      }
      messages.push(outcome.message);
      for (const call of calls) toolCalls[call.function.name] = (toolCalls[call.function.name] ?? 0) + 1;
      const answers = await runToolCalls(calls, {
        registry: options.tools,
        step,
        concurrency: options.maxParallelToolCalls ?? DEFAULT_MAX_PARALLEL_TOOL_CALLS,
        signal,
        emit,
        now,
        ...(options.approvalWait ? { approvalWait: options.approvalWait } : {}),
      });
      messages.push(...answers.messages);
      for (const spent of answers.usage) usage = addUsage(usage, spent);
    }
  } catch (err) {
    if (signal.aborted || isCancellation(err)) stopReason = 'cancelled';
    else {
      stopReason = 'error';
      // Shown on the task's summary: a failed request in the words the chat uses for it.
      error = errorToInfo(err).message;
    }
  }

  const summary: AgentTaskSummary = {
    stopReason,
    steps,
    toolCalls,
    filesChanged: options.journal?.filesChanged() ?? [],
    usage,
    answer,
    durationMs: Math.max(0, Math.round(now() - started)),
  };
  if (error !== undefined) summary.error = error;
  if (stopReason === 'token_limit') summary.tokenLimit = { spent: budget.tokensSpent, limit: budget.maxTokens };
  emit({ type: 'task_finished', summary });
  return { messages, stepMessages: messages.slice(firstStep), summary };
}
