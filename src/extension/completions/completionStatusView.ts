// What the completions' status item says: on, off or snoozed (until when), and in its tooltip today's
// requests, tokens and cost. Free of the vscode module so the wording is unit-tested.
import type { CompletionDay } from '../../core/completions/completionUsage';
import { smallUsd } from '../../core/completions/completionUsage';
import * as l10n from '../../core/l10n';
import { formatCount } from '../../core/tokens/formatCount';

export type CompletionState = { kind: 'on' } | { kind: 'off' } | { kind: 'off-here'; languageId: string } | { kind: 'snoozed'; until: number };

export interface CompletionStatusView {
  text: string;
  tooltip: string;
  accessibleLabel: string;
}

function time(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

export function completionStatusView(state: CompletionState, day: CompletionDay): CompletionStatusView {
  const word =
    state.kind === 'on'
      ? l10n.t('on')
      : state.kind === 'snoozed'
        ? l10n.t('snoozed until {0}', time(state.until))
        : state.kind === 'off-here'
          ? l10n.t('off for {0}', state.languageId)
          : l10n.t('off');
  const tokens = formatCount(day.promptTokens + day.completionTokens);
  const today =
    day.usd > 0
      ? l10n.t('Today: {0} requests, {1} tokens ({2} cached), {3}', day.requests, tokens, formatCount(day.cachedTokens), smallUsd(day.usd))
      : l10n.t('Today: {0} requests, {1} tokens ({2} cached)', day.requests, tokens, formatCount(day.cachedTokens));
  const tooltip = [l10n.t('svc completions: {0}', word), today, l10n.t('Click to turn completions on or off, or snooze them')].join('\n');
  const icon = state.kind === 'on' ? '$(sparkle)' : '$(circle-slash)';
  return { text: `${icon} ${state.kind === 'on' ? tokens : word}`, tooltip, accessibleLabel: l10n.t('svc completions: {0}', word) };
}
