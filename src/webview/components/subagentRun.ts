// A subagent's run under the card of the call that started it: one folded line with its kind, state,
// steps, tokens and time; opened, the child's own calls as cards of their kinds (without the parent's
// actions: no diff link, no checkpoint). The report itself is the call's result, shown by the card.
import type { SubagentRun, ToolMessageView } from '../../shared/protocol';
import { el, formatCount } from '../dom';
import * as l10n from '../../shared/l10n';

/** A no-break space keeps a figure and its unit on one line in a narrow view ("3.0" never ends a line). */
function duration(ms: number): string {
  return ms < 1000 ? `${ms}\u00a0ms` : `${(ms / 1000).toFixed(1)}\u00a0s`;
}

function facts(run: SubagentRun): string {
  const tokens = run.usage.promptTokens + run.usage.completionTokens;
  const parts = [
    run.kind,
    run.steps === 1 ? l10n.t('1 step') : l10n.t('{0} steps', run.steps),
    run.calls.length === 1 ? l10n.t('1 call') : l10n.t('{0} calls', run.calls.length),
    run.usage.cachedTokens > 0 ? `${l10n.t('{0} tokens', formatCount(tokens))} ${l10n.t('({0} cached)', formatCount(run.usage.cachedTokens))}` : l10n.t('{0} tokens', formatCount(tokens)),
  ];
  if (run.durationMs !== undefined) parts.push(duration(run.durationMs));
  return parts.join(' · ');
}

/** Draws one of the child's calls: the tool card, given by the card itself (which nests this run). */
export type CallCard = (view: ToolMessageView) => HTMLElement;

/** `shown.open`: the user had opened it (kept when the card is drawn again as the run goes on). */
export function subagentRun(run: SubagentRun, parentId: string, shown: { open: boolean }, card: CallCard): HTMLElement {
  const calls = run.calls.map((call, i) => {
    const view: ToolMessageView = {
      id: `${parentId}:${i}`,
      role: 'tool',
      toolCallId: `${parentId}:${i}`,
      name: call.name,
      content: call.result ?? '',
      createdAt: 0,
      card: { step: 1, arguments: call.arguments, status: call.status, ...(call.durationMs !== undefined ? { durationMs: call.durationMs } : {}), ...(call.display ? { display: call.display } : {}) },
    };
    return card(view);
  });
  return el('details', { className: `subagent-run status-${run.status}`, attrs: { 'data-testid': 'subagent-run', 'data-status': run.status, ...(shown.open ? { open: '' } : {}) } }, [
    el('summary', { text: facts(run), attrs: { 'data-testid': 'subagent-facts' } }),
    el('div', { className: 'subagent-calls', attrs: { 'data-testid': 'subagent-calls' } }, calls.length > 0 ? calls : [el('div', { className: 'tool-call-muted', text: l10n.t('No tool calls yet.') })]),
  ]);
}
