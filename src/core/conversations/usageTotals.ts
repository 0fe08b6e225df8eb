// Token use as the service reports it, folded into the four figures the chat shows.
import type { Usage } from '../../api/index';
import type { UsageTotals } from './conversation';

/**
 * The real service puts cached tokens at the top of `usage` and inside `prompt_tokens_details`;
 * the interface it imitates only in the details. Either is accepted; the top-level one wins.
 */
export function usageFromWire(usage: Usage): UsageTotals {
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    cachedTokens: usage.cached_tokens ?? usage.prompt_tokens_details?.cached_tokens ?? 0,
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
  };
}

export function addUsage(a: UsageTotals, b: UsageTotals): UsageTotals {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    cachedTokens: a.cachedTokens + b.cachedTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
  };
}
