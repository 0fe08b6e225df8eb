// One line of token usage: prompt, completion, cached (and reasoning when known).
import type { UsageView } from '../../shared/protocol';
import { formatCount } from '../dom';

export function usageText(usage: UsageView): string {
  const parts = [
    `prompt ${formatCount(usage.promptTokens)}`,
    `completion ${formatCount(usage.completionTokens)}`,
    `cached ${formatCount(usage.cachedTokens)}`,
  ];
  if (usage.reasoningTokens !== undefined) parts.push(`reasoning ${formatCount(usage.reasoningTokens)}`);
  return parts.join(' · ');
}
