// The figures under a reply and under the conversation: tokens (prompt, completion, cached, reasoning
// when known), and how fast the service answered (time to first token, tokens per second).
import type { ReplySpeedView, TimeTotalsView, UsageView } from '../../shared/protocol';
import { el, formatCount } from '../dom';

export function usageText(usage: UsageView): string {
  return usageParts(usage).join(' · ');
}

function usageParts(usage: UsageView): string[] {
  const parts = [
    `prompt ${formatCount(usage.promptTokens)}`,
    `completion ${formatCount(usage.completionTokens)}`,
    `cached ${formatCount(usage.cachedTokens)}`,
  ];
  if (usage.reasoningTokens !== undefined) parts.push(`reasoning ${formatCount(usage.reasoningTokens)}`);
  return parts;
}

/** Figures joined by " · ", each kept on one line, so a narrow sidebar wraps between them, not inside. */
function figures(parts: string[], leading: boolean): (Node | string)[] {
  return parts.flatMap((part, i) => [...(i > 0 || leading ? [' · '] : []), el('span', { className: 'figure', text: part })]);
}

/** The tokens part of a reply's usage line. */
export function usageFigures(usage: UsageView): (Node | string)[] {
  return figures(usageParts(usage), false);
}

/** Milliseconds under a second, else seconds with one decimal: short enough for a narrow sidebar. */
export function duration(ms: number): string {
  return Math.round(ms) < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function perSecond(rate: number): string {
  return formatCount(Math.round(rate));
}

/** The short form on the line: "first token 320 ms · thinking 50 tok/s · answer 48 tok/s" (~ when estimated). */
export function speedText(speed: ReplySpeedView): string {
  return speedParts(speed).join(' · ');
}

function speedParts(speed: ReplySpeedView): string[] {
  const approx = speed.splitEstimated ? '~' : '';
  const parts = [`first token ${duration(speed.firstTokenMs)}`];
  if (speed.reasoning?.perSecond !== undefined) parts.push(`thinking ${approx}${perSecond(speed.reasoning.perSecond)} tok/s`);
  if (speed.answer?.perSecond !== undefined) parts.push(`answer ${approx}${perSecond(speed.answer.perSecond)} tok/s`);
  return parts;
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

/** The speed part of a reply's usage line, with its figures in a tooltip and as its accessible name. */
export function speedLabel(speed: ReplySpeedView, afterTokens: boolean): HTMLElement {
  const details = speedDetails(speed);
  return el('span', {
    className: 'reply-speed',
    attrs: { 'data-testid': 'reply-speed', role: 'note', title: details.join('\n'), 'aria-label': `Speed. ${details.join('. ')}` },
  }, figures(speedParts(speed), afterTokens));
}

/** "3 replies, 12.4 s" on the conversation's totals. */
export function timeTotalsText(time: TimeTotalsView): string {
  return `${formatCount(time.replies)} ${time.replies === 1 ? 'reply' : 'replies'}, ${duration(time.waitMs + time.streamMs)}`;
}

export function timeTotalsDetails(time: TimeTotalsView): string {
  const average = time.replies > 0 ? `, ${duration(time.waitMs / time.replies)} on average` : '';
  return `Timed replies: ${formatCount(time.replies)}, ${duration(time.waitMs + time.streamMs)} in all: ${duration(time.waitMs)} waiting for first tokens${average}, ${duration(time.streamMs)} streaming`;
}
