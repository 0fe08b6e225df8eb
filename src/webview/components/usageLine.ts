// The figures of a reply and of the conversation: tokens (prompt, completion, cached, reasoning when
// known), and how fast the service answered (time to first token, tokens per second), for the tooltips and
// accessible names of a reply's usage and the conversation's total, and for the conversation's summary.
import type { ReplySpeedView, TimeTotalsView, UsageView } from '../../shared/protocol';
import { formatCount } from '../dom';
import * as l10n from '../../shared/l10n';

/** A count short enough for a narrow line: 850, 1.2k, 12k, 1.2M. */
export function compactCount(value: number): string {
  if (value < 1000) return String(value);
  if (value < 10_000) return `${(value / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  if (value < 1_000_000) return `${Math.round(value / 1000)}k`;
  return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

/** "1.2k tokens": how a reply's usage and the conversation's total are named and headed. */
export function tokensSummary(usage: UsageView): string {
  return l10n.t('{0} tokens', compactCount(usage.promptTokens + usage.completionTokens));
}

/** Every token figure spelled out, one per line. */
export function usageDetails(usage: UsageView): string[] {
  return [
    l10n.t('Prompt: {0} tokens, {1} cached', formatCount(usage.promptTokens), formatCount(usage.cachedTokens)),
    usage.reasoningTokens !== undefined
      ? l10n.t('Completion: {0} tokens, {1} of them reasoning', formatCount(usage.completionTokens), formatCount(usage.reasoningTokens))
      : l10n.t('Completion: {0} tokens', formatCount(usage.completionTokens)),
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
  const parts = [l10n.t('first token {0}', duration(speed.firstTokenMs))];
  if (speed.reasoning?.perSecond !== undefined) parts.push(l10n.t('thinking {0} tok/s', `${approx}${perSecond(speed.reasoning.perSecond)}`));
  if (speed.answer?.perSecond !== undefined) parts.push(l10n.t('answer {0} tok/s', `${approx}${perSecond(speed.answer.perSecond)}`));
  return parts.join(' · ');
}

function stretchDetail(name: string, stretch: NonNullable<ReplySpeedView['answer']>): string {
  return stretch.perSecond !== undefined
    ? l10n.t('{0}: {1} tokens in {2}, {3} tokens per second', name, formatCount(stretch.tokens), duration(stretch.ms), perSecond(stretch.perSecond))
    : l10n.t('{0}: {1} tokens in {2} (too short for a rate)', name, formatCount(stretch.tokens), duration(stretch.ms));
}

/** Every figure spelled out, for the tooltip and the accessible name. */
export function speedDetails(speed: ReplySpeedView): string[] {
  const lines = [l10n.t('Time to first token: {0}, from the request sent', duration(speed.firstTokenMs))];
  if (speed.reasoning) lines.push(stretchDetail(l10n.t('Thinking'), speed.reasoning));
  if (speed.answer) lines.push(stretchDetail(l10n.t('Answer'), speed.answer));
  if (speed.splitEstimated) lines.push(l10n.t('The service did not say how many tokens were reasoning: they were counted locally, so the split is an estimate.'));
  return lines;
}

/** "3 replies, 12.4 s" on the conversation's totals. */
export function timeTotalsText(time: TimeTotalsView): string {
  return time.replies === 1
    ? l10n.t('{0} reply, {1}', formatCount(time.replies), duration(time.waitMs + time.streamMs))
    : l10n.t('{0} replies, {1}', formatCount(time.replies), duration(time.waitMs + time.streamMs));
}

export function timeTotalsDetails(time: TimeTotalsView): string {
  const all = duration(time.waitMs + time.streamMs);
  return time.replies > 0
    ? l10n.t('Timed replies: {0}, {1} in all: {2} waiting for first tokens, {3} on average, {4} streaming', formatCount(time.replies), all, duration(time.waitMs), duration(time.waitMs / time.replies), duration(time.streamMs))
    : l10n.t('Timed replies: {0}, {1} in all: {2} waiting for first tokens, {3} streaming', formatCount(time.replies), all, duration(time.waitMs), duration(time.streamMs));
}
