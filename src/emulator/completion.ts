// Turns the model's reply into the response's choices: `n` variants, stop sequences (halt, not
// emitted), the max_completion_tokens cap over reasoning and content together, finish reasons and
// usage counted with the one tokenizer.
import type { Usage } from '../api/schemas';
import type { ModelReply, ReplyToolCall } from './scriptedModel';
import { countTokens, tokenPieces } from './tokenizer';

export type FinishReason = 'stop' | 'length' | 'tool_calls';

export interface ChoiceResult {
  index: number;
  reasoning: string | undefined;
  content: string;
  toolCalls: ReplyToolCall[];
  finishReason: FinishReason;
  completionTokens: number;
  reasoningTokens: number;
}

function firstTokens(text: string, count: number): string {
  return tokenPieces(text).slice(0, Math.max(0, count)).join('');
}

function variant(reply: ModelReply, index: number, n: number): ModelReply {
  if (index === 0 || reply.toolCalls.length > 0 || reply.content === '') return reply;
  // Distinct but reproducible alternatives for n > 1 (same input still gives the same output).
  return { ...reply, content: `${reply.content}\n\n(Alternative ${index + 1} of ${n}.)` };
}

function applyStop(content: string, stop: readonly string[]): { content: string; stopped: boolean } {
  let cut = -1;
  for (const s of stop) {
    const at = content.indexOf(s);
    if (at >= 0 && (cut < 0 || at < cut)) cut = at;
  }
  return cut < 0 ? { content, stopped: false } : { content: content.slice(0, cut), stopped: true };
}

function toolCallTokens(calls: readonly ReplyToolCall[]): number {
  return calls.reduce((sum, c) => sum + countTokens(c.name) + countTokens(c.arguments), 0);
}

export function buildChoice(reply: ModelReply, index: number, n: number, stop: readonly string[], cap: number): ChoiceResult {
  const v = variant(reply, index, n);
  const stopped = applyStop(v.content, stop);
  let reasoning = v.reasoning;
  let content = stopped.content;
  let toolCalls = stopped.stopped ? [] : v.toolCalls;
  let finishReason: FinishReason = toolCalls.length > 0 ? 'tool_calls' : 'stop';
  let reasoningTokens = reasoning ? countTokens(reasoning) : 0;
  if (reasoningTokens >= cap && (reasoningTokens > cap || content !== '' || toolCalls.length > 0)) {
    reasoning = firstTokens(reasoning ?? '', cap);
    reasoningTokens = countTokens(reasoning);
    content = '';
    toolCalls = [];
    finishReason = 'length';
  }
  let contentTokens = countTokens(content);
  if (finishReason !== 'length' && reasoningTokens + contentTokens > cap) {
    content = firstTokens(content, cap - reasoningTokens);
    contentTokens = countTokens(content);
    toolCalls = [];
    finishReason = 'length';
  }
  if (toolCalls.length > 0 && reasoningTokens + contentTokens + toolCallTokens(toolCalls) > cap) {
    toolCalls = [];
    finishReason = 'length';
  }
  return {
    index,
    reasoning,
    content,
    toolCalls,
    finishReason,
    completionTokens: reasoningTokens + contentTokens + toolCallTokens(toolCalls),
    reasoningTokens,
  };
}

export interface UsageInput {
  promptTokens: number;
  completionTokens: number;
  reasoningTokens: number;
  cachedTokens: number | undefined;
  thinking: boolean;
}

/** The spec's usage, plus the real service's detail fields (fixtures): cached_tokens twice, reasoning_tokens. */
export function usageOf(u: UsageInput): Usage {
  const usage: Usage = {
    prompt_tokens: u.promptTokens,
    completion_tokens: u.completionTokens,
    total_tokens: u.promptTokens + u.completionTokens,
  };
  if (u.cachedTokens !== undefined) usage.cached_tokens = u.cachedTokens;
  if (u.thinking) usage.completion_tokens_details = { reasoning_tokens: u.reasoningTokens };
  if (u.cachedTokens !== undefined) usage.prompt_tokens_details = { cached_tokens: u.cachedTokens };
  return usage;
}
