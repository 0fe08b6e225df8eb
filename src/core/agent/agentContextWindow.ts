// Keeps an agent task's messages within the model's context. Before each request the input is
// counted (the service's estimate endpoint; the local tokenizer only where the endpoint refuses the
// model); when input plus the completion cap would not fit, in this order: tool results of earlier
// steps are shortened, then the oldest steps are replaced by a short summary, then the latest step's
// results are shortened. Each call answered stays answered, so the conversation stays valid.
import { SvcApiError, modelInfo, ENCRYPTED_BEGIN, type ChatMessage, type TokenEstimateRequest, type ToolDefinition } from '../../api/index';
import { localTokenCounter } from '../tokens/localTokenCounter';
import { countTokensLocally } from '../tokens/tokenEstimator';
import { AgentContextOverflowError } from './agentErrors';
import type { CompactionStage } from './agentEvents';

export interface TokenCounter {
  estimateTokens(request: TokenEstimateRequest, options?: { signal?: AbortSignal }): Promise<number>;
}

export interface ContextWindowOptions {
  counter: TokenCounter;
  model: string;
  /** Total length in tokens; undefined leaves the context unmanaged (the service does not state it). */
  contextLength: number | undefined;
  maxCompletionTokens: number;
  tools: ToolDefinition[];
}

export interface Compaction {
  stages: CompactionStage[];
  tokensBefore: number;
  tokensAfter: number;
  limit: number;
}

/** The service's refusals of an input that is too long: the second names the model's total length. */
const INPUT_TOO_LONG = /input token length too long/i;
const OVER_MODEL_LIMIT = /exceeded model token limit\s*:\s*(\d+)/i;
/** When the service refuses without naming the length, the input is cut to this share of what was refused. */
const UNNAMED_LIMIT_SHARE = 0.75;

const SHORTENED_MARK = '[shortened to fit the context:';
const OLD_RESULT_CHARS = 400;
const LATEST_RESULT_CHARS = [4000, 1000, 300];
const SUMMARY_PREFIX = 'Summary of earlier steps of this task (removed to fit the context):';
/** Below this share of the limit by the local count, the endpoint is not asked: the local count is close enough. */
const SAFE_LOCAL_SHARE = 0.5;

function shorten(content: ChatMessage['content'], limit: number): string | undefined {
  if (typeof content !== 'string' || content.includes(SHORTENED_MARK)) return undefined;
  // Encrypted output is only meaningful whole; a piece of it would be noise.
  if (content.includes(ENCRYPTED_BEGIN)) return `${SHORTENED_MARK} an encrypted result of ${content.length} characters was removed]`;
  if (content.length <= limit) return undefined;
  return `${content.slice(0, limit)}\n${SHORTENED_MARK} ${content.length - limit} of ${content.length} characters removed]`;
}

function clip(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit)}…` : flat;
}

export class AgentContextWindow {
  private limit: number | undefined;
  /** The `tools` definitions are sent with every request but not counted by the estimate endpoint. */
  private toolTokens: number | undefined;
  private summary: ChatMessage | undefined;
  private readonly summaryLines: string[] = [];

  constructor(private readonly options: ContextWindowOptions) {
    this.limit = options.contextLength === undefined ? undefined : options.contextLength - options.maxCompletionTokens;
  }

  /**
   * Shrinks `messages` in place until the next request fits. `firstStep` is the index of the first
   * message the task added (everything before it, system prompt and task included, is kept).
   */
  async fit(messages: ChatMessage[], firstStep: number, signal?: AbortSignal): Promise<Compaction | undefined> {
    const limit = this.limit;
    if (limit === undefined) return undefined;
    const tokensBefore = await this.count(messages, signal);
    if (tokensBefore <= limit) return undefined;
    const stages: CompactionStage[] = [];
    let tokens = tokensBefore;

    const latest = this.latestStepStart(messages, firstStep);
    if (this.shortenResults(messages, firstStep, latest, OLD_RESULT_CHARS)) {
      stages.push('shortened_tool_results');
      tokens = await this.count(messages, signal);
    }
    while (tokens > limit && this.summariseOldestStep(messages, firstStep)) {
      if (!stages.includes('summarised_steps')) stages.push('summarised_steps');
      tokens = await this.count(messages, signal);
    }
    for (const chars of LATEST_RESULT_CHARS) {
      if (tokens <= limit) break;
      if (this.shortenResults(messages, firstStep, messages.length, chars)) {
        if (!stages.includes('shortened_latest_results')) stages.push('shortened_latest_results');
        tokens = await this.count(messages, signal);
      }
    }
    if (tokens > limit) throw new AgentContextOverflowError(tokens, limit);
    return { stages, tokensBefore, tokensAfter: tokens, limit };
  }

  /**
   * After the service refused a request as too long (a model whose length the catalogue does not
   * know, or a wrong override): learns the length from the refusal, or assumes a smaller one when it
   * is not named, and fits again. Undefined when the error is not such a refusal.
   */
  async refit(error: unknown, messages: ChatMessage[], firstStep: number, signal?: AbortSignal): Promise<Compaction | undefined> {
    if (!(error instanceof SvcApiError) || error.status !== 400) return undefined;
    const named = OVER_MODEL_LIMIT.exec(error.message);
    if (named) this.limit = Number(named[1]) - this.options.maxCompletionTokens;
    else if (INPUT_TOO_LONG.test(error.message)) this.limit = Math.floor((await this.count(messages, signal)) * UNNAMED_LIMIT_SHARE);
    else return undefined;
    return this.fit(messages, firstStep, signal);
  }

  async count(messages: ChatMessage[], signal?: AbortSignal): Promise<number> {
    if (this.toolTokens === undefined) {
      const countTokens = await localTokenCounter();
      this.toolTokens = this.options.tools.length > 0 ? countTokens(JSON.stringify(this.options.tools)) : 0;
    }
    const toolTokens = this.toolTokens;
    const local = (await countTokensLocally(messages)) + toolTokens;
    const { limit } = this;
    if (modelInfo(this.options.model)?.estimateSupported === false || (limit !== undefined && local < limit * SAFE_LOCAL_SHARE)) return local;
    try {
      return (await this.options.counter.estimateTokens({ model: this.options.model, messages }, { signal })) + toolTokens;
    } catch (err) {
      // Only a refusal of this model falls back to the local count; any other failure is real.
      if (err instanceof SvcApiError && (err.status === 400 || err.status === 404)) return local;
      throw err;
    }
  }

  private stepsStart(firstStep: number): number {
    return firstStep + (this.summary ? 1 : 0);
  }

  private latestStepStart(messages: ChatMessage[], firstStep: number): number {
    for (let i = messages.length - 1; i >= this.stepsStart(firstStep); i--) {
      if (messages[i]?.role === 'assistant') return i;
    }
    return messages.length;
  }

  private shortenResults(messages: ChatMessage[], firstStep: number, end: number, chars: number): boolean {
    let changed = false;
    for (let i = this.stepsStart(firstStep); i < end; i++) {
      const message = messages[i];
      if (message?.role !== 'tool') continue;
      const shorter = shorten(message.content, chars);
      if (shorter !== undefined) {
        messages[i] = { ...message, content: shorter };
        changed = true;
      }
    }
    return changed;
  }

  /** Replaces the oldest complete step (assistant message and its tool answers) with summary lines; never the latest. */
  private summariseOldestStep(messages: ChatMessage[], firstStep: number): boolean {
    const start = this.stepsStart(firstStep);
    const latest = this.latestStepStart(messages, firstStep);
    if (start >= latest || messages[start]?.role !== 'assistant') return false;
    let end = start + 1;
    while (end < latest && messages[end]?.role === 'tool') end++;
    const removed = messages.slice(start, end);
    const assistant = removed[0];
    if (assistant?.role !== 'assistant') return false;
    const text = typeof assistant.content === 'string' ? assistant.content : '';
    const parts: string[] = [];
    if (text.trim()) parts.push(`said "${clip(text, 200)}"`);
    for (const call of assistant.tool_calls ?? []) {
      const answer = removed.find((m) => m.role === 'tool' && m.tool_call_id === call.id);
      const result = answer && typeof answer.content === 'string' ? clip(answer.content, 200) : '(no result)';
      parts.push(`called ${call.function.name}(${clip(call.function.arguments, 150)}) → ${result}`);
    }
    this.summaryLines.push(`- Step ${this.summaryLines.length + 1}: ${parts.join('; ') || 'no output'}`);
    const summary: ChatMessage = { role: 'system', content: `${SUMMARY_PREFIX}\n${this.summaryLines.join('\n')}` };
    if (this.summary) {
      messages.splice(start, end - start);
      messages[firstStep] = summary;
    } else {
      messages.splice(start, end - start, summary);
    }
    this.summary = summary;
    return true;
  }
}
