// The figures of a reply and of the conversation: tokens (prompt, completion, cached, reasoning when
// known), and how fast the service answered (time to first token, tokens per second). A reply shows one
// short line ("1.2k tokens"); every figure is in its tooltip and in the conversation's summary.
import type { ReplySpeedView, TimeTotalsView, UsageView } from '../../shared/protocol';
import { formatCount } from '../dom';

/** A count short enough for a narrow line: 850, 1.2k, 12k, 1.2M. */
export function compactCount(value: number): string {
  if (value < 1000) return String(value);
  if (value < 10_000) return `${(value / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  if (value < 1_000_000) return `${Math.round(value / 1000)}k`;
  return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

/** "1.2k tokens": what a reply's line and the conversation's total show. */
export function tokensSummary(usage: UsageView): string {
  return `${compactCount(usage.promptTokens + usage.completionTokens)} tokens`;
}

/** Every token figure spelled out, one per line. */
export function usageDetails(usage: UsageView): string[] {
  const reasoning = usage.reasoningTokens !== undefined ? `, ${formatCount(usage.reasoningTokens)} of them reasoning` : '';
  return [
    `Prompt: ${formatCount(usage.promptTokens)} tokens, ${formatCount(usage.cachedTokens)} cached`,
    `Completion: ${formatCount(usage.completionTokens)} tokens${reasoning}`,
  ];
}

/** Milliseconds under a second, else seconds with one decimal: short enough for a narrow sidebar. */
export function duration(ms: number): string {
  return Math.round(ms) < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function perSecond(rate: number): string {
  return formatCount(Math.round(rate));
}

/** "first token 320 ms · thinking 50 tok/s · answer 48 tok/s" (~ when estimated), for the summary. */
export function speedText(speed: ReplySpeedView): string {
  const approx = speed.splitEstimated ? '~' : '';
  const parts = [`first token ${duration(speed.firstTokenMs)}`];
  if (speed.reasoning?.perSecond !== undefined) parts.push(`thinking ${approx}${perSecond(speed.reasoning.perSecond)} tok/s`);
  if (speed.answer?.perSecond !== undefined) parts.push(`answer ${approx}${perSecond(speed.answer.perSecond)} tok/s`);
  return parts.join(' · ');
}

function stretchDetail(name: string, stretch: NonNullable<ReplySpeedView['answer']>): string {
  const rate = stretch.perSecond !== undefined ? `, ${perSecond(stretch.perSecond)} tokens per second` : ' (too short for a rate)';
  return `${name}: ${formatCount(stretch.tokens)} tokens in ${duration(stretch.ms)}${rate}`;
}

/** Every figure spelled out, for the tooltip and the accessible name. */
export function speedDetails(speed: ReplySpeedView): string[] {
  const lines = [`Time to first token: ${duration(speed.firstTokenMs)}, from the request sent`];
  if (speed.reasoning) lines.push(stretchDetail('Thinking', speed.reasoning));
  if (speed.answer) lines.push(stretchDetail('Answer', speed.answer));
  if (speed.splitEstimated) lines.push('The service did not say how many tokens were reasoning: they were counted locally, so the split is an estimate.');
  return lines;
}

/** "3 replies, 12.4 s" on the conversation's totals. */
export function timeTotalsText(time: TimeTotalsView): string {
  return `${formatCount(time.replies)} ${time.replies === 1 ? 'reply' : 'replies'}, ${duration(time.waitMs + time.streamMs)}`;
}

export function timeTotalsDetails(time: TimeTotalsView): string {
  const average = time.replies > 0 ? `, ${duration(time.waitMs / time.replies)} on average` : '';
  return `Timed replies: ${formatCount(time.replies)}, ${duration(time.waitMs + time.streamMs)} in all: ${duration(time.waitMs)} waiting for first tokens${average}, ${duration(time.streamMs)} streaming`;
}
