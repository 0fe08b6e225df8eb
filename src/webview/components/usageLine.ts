// One line of token usage: prompt, completion, cached (and reasoning when known).
import type { ReplyTimingView, UsageView } from '../../shared/protocol';
import { formatCount } from '../dom';

export function usageText(usage: UsageView, timing?: ReplyTimingView): string {
  const parts = [
    `prompt ${formatCount(usage.promptTokens)}`,
    `completion ${formatCount(usage.completionTokens)}`,
    `cached ${formatCount(usage.cachedTokens)}`,
  ];
  if (usage.reasoningTokens !== undefined) parts.push(`reasoning ${formatCount(usage.reasoningTokens)}`);
  if (timing) parts.push(...speed(usage, timing));
  return parts.join(' · ');
}

/** Tokens per second of a stretch, when it lasted long enough to say (a few milliseconds say nothing). */
function rate(tokens: number, ms: number): string | undefined {
  return ms >= 50 && tokens > 0 ? `${formatCount(Math.round((tokens * 1000) / ms))} tok/s` : undefined;
}

/** The service's speed: time to the first token, and tokens per second for the reasoning and the answer. */
function speed(usage: UsageView, timing: ReplyTimingView): string[] {
  const reasoning = usage.reasoningTokens ?? 0;
  const parts = [`first token ${formatCount(Math.round(timing.firstTokenMs))} ms`];
  const thinking = rate(reasoning, timing.reasoningMs);
  const answer = rate(usage.completionTokens - reasoning, timing.answerMs);
  if (thinking) parts.push(`thinking ${thinking}`);
  if (answer) parts.push(`answer ${answer}`);
  return parts;
}
