// Keeps an agent task's messages within the model's context. Before each request the input is
// counted (the service's estimate endpoint; the local tokenizer only where the endpoint refuses the
// model); when input plus the completion cap would not fit, in this order: tool results of earlier
// steps are shortened, then the oldest steps are replaced by a short summary, then the latest step's
// results are shortened. Each call answered stays answered, so the conversation stays valid.
import { SvcApiError } from '../../api/index';
import { modelInfo } from '../../api/models';
import { ENCRYPTED_BEGIN, type ChatMessage, type TokenEstimateRequest, type ToolDefinition } from '../../api/schemas';
import { localTokenCounter } from '../localTokenCounter';
import { countTokensLocally } from '../tokenEstimator';
import { AgentContextOverflowError } from './agentErrors';
import type { CompactionStage } from './agentEvents';

export interface TokenCounter {
  estimateTokens(request: TokenEstimateRequest): Promise<number>;
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
  private readonly limit: number | undefined;
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
  async fit(messages: ChatMessage[], firstStep: number): Promise<Compaction | undefined> {
    const limit = this.limit;
    if (limit === undefined) return undefined;
    const tokensBefore = await this.count(messages);
    if (tokensBefore <= limit) return undefined;
    const stages: CompactionStage[] = [];
    let tokens = tokensBefore;

    const latest = this.latestStepStart(messages, firstStep);
    if (this.shortenResults(messages, firstStep, latest, OLD_RESULT_CHARS)) {
      stages.push('shortened_tool_results');
      tokens = await this.count(messages);
    }
    while (tokens > limit && this.summariseOldestStep(messages, firstStep)) {
      if (!stages.includes('summarised_steps')) stages.push('summarised_steps');
      tokens = await this.count(messages);
    }
    for (const chars of LATEST_RESULT_CHARS) {
      if (tokens <= limit) break;
      if (this.shortenResults(messages, firstStep, messages.length, chars)) {
        if (!stages.includes('shortened_latest_results')) stages.push('shortened_latest_results');
        tokens = await this.count(messages);
      }
    }
    if (tokens > limit) throw new AgentContextOverflowError(tokens, limit);
    return { stages, tokensBefore, tokensAfter: tokens, limit };
  }

  async count(messages: ChatMessage[]): Promise<number> {
    if (this.toolTokens === undefined) {
      const countTokens = await localTokenCounter();
      this.toolTokens = this.options.tools.length > 0 ? countTokens(JSON.stringify(this.options.tools)) : 0;
    }
    const toolTokens = this.toolTokens;
    const local = (await countTokensLocally(messages)) + toolTokens;
    const { limit } = this;
    if (modelInfo(this.options.model)?.estimateSupported === false || (limit !== undefined && local < limit * SAFE_LOCAL_SHARE)) return local;
    try {
      return (await this.options.counter.estimateTokens({ model: this.options.model, messages })) + toolTokens;
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
