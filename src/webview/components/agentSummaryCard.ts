// The end of an agent task: why it stopped, steps (their tokens, with the cached share, in the tooltip and
// read aloud), tools used, the files it changed (click opens the diff), and an undo of everything it
// applied (once: then "Undone").
import type { AgentSummaryView, WebviewMessage } from '../../shared/protocol';
import { el, formatCount, icon, textButton } from '../dom';
import * as l10n from '../../shared/l10n';
import { reviewCountsRow } from './agentReviewCounts';
import { isBookkeepingTool, toolDisplayName } from './toolDisplayNames';

// Built on each call, so the words are those of the bundle in use then.
const stopText = (): Record<AgentSummaryView['stopReason'], string> => ({
  stop: l10n.t('Task finished'),
  length: l10n.t('Task ended: the answer reached its length limit'),
  step_limit: l10n.t('Task stopped at the step limit (svc.agent.maxSteps)'),
  token_limit: l10n.t('Task stopped at the token limit (svc.agent.maxTaskTokens)'),
  cancelled: l10n.t('Task stopped by you: what it applied stays applied'),
  error: l10n.t('Task ended with an error'),
});

/** Why the task ended, and at the token limit the figures that ended it (what it spent, the limit it reached). */
export function stopLines(summary: Pick<AgentSummaryView, 'stopReason' | 'tokenLimit'>): { title: string; detail?: string } {
  const title = stopText()[summary.stopReason];
  if (summary.tokenLimit === undefined) return { title };
  const { spent, limit } = summary.tokenLimit;
  return { title, detail: l10n.t('Stopped after {0} tokens; the limit is svc.agent.maxTaskTokens = {1}', formatCount(spent), formatCount(limit)) };
}

export class AgentSummaryCard {
  readonly element: HTMLElement;

  constructor(readonly id: string, private readonly summary: AgentSummaryView, post: (message: WebviewMessage) => void) {
    const tools = Object.entries(summary.toolCalls)
      .filter(([name]) => !isBookkeepingTool(name))
      .map(([name, calls]) => (calls > 1 ? `${toolDisplayName(name)} ×${calls}` : toolDisplayName(name)));
    const usage = summary.usage;
    const files = summary.filesChanged.map((path) => {
      const open = el('button', { className: 'link-button', text: path, attrs: { type: 'button', 'data-testid': 'agent-file', title: l10n.t('Open the diff of {0}', path) } });
      open.addEventListener('click', () => post({ type: 'openAgentDiff', taskId: summary.taskId, path }));
      return el('li', {}, [open]);
    });
    const tokens = l10n.t('Tokens: {0} prompt ({1} cached) · {2} completion', formatCount(usage.promptTokens), formatCount(usage.cachedTokens), formatCount(usage.completionTokens));
    const steps = summary.steps === 1 ? l10n.t('1 step · {0} s', (summary.durationMs / 1000).toFixed(1)) : l10n.t('{0} steps · {1} s', summary.steps, (summary.durationMs / 1000).toFixed(1));
    const stop = stopLines(summary);
    const rows: Node[] = [
      el('div', { className: 'agent-summary-title' }, [icon(summary.stopReason === 'stop' ? 'pass' : 'info'), el('strong', { text: ` ${stop.title}` })]),
      el('div', { attrs: { 'data-testid': 'agent-steps', title: tokens } }, [steps, el('span', { className: 'agent-tokens', text: ` ${tokens}`, attrs: { 'data-testid': 'agent-tokens' } })]),
      el('div', { text: tools.length > 0 ? l10n.t('Tools used: {0}', tools.join(', ')) : l10n.t('No tools used') }),
    ];
    if (summary.error !== undefined) rows.push(el('div', { className: 'agent-summary-error', text: summary.error }));
    if (stop.detail !== undefined) rows.push(el('div', { text: stop.detail, attrs: { 'data-testid': 'agent-stop-detail' } }));
    if (files.length > 0) {
      const undo = summary.undone === true ? textButton('check', l10n.t('Undone'), 'undo-agent', { 'data-testid': 'agent-undo' }) : textButton('discard', l10n.t('Undo these changes'), 'undo-agent', { 'data-testid': 'agent-undo' });
      // One click undoes once: the button stays disabled until the host's answer marks the task undone.
      undo.disabled = summary.undone === true;
      undo.addEventListener('click', () => {
        undo.disabled = true;
        undo.replaceChildren(icon('loading'), el('span', { text: ` ${l10n.t('Undoing…')}` }));
        post({ type: 'undoAgentTask', taskId: summary.taskId });
      });
      rows.push(el('div', { text: l10n.t('Files changed ({0}):', files.length) }), el('ul', { className: 'agent-files' }, files));
      if (summary.undone !== true) rows.push(reviewCountsRow(post, summary.filesChanged));
      rows.push(undo);
    } else {
      rows.push(el('div', { text: l10n.t('No files changed') }));
    }
    this.element = el('section', { className: 'agent-summary', attrs: { 'data-testid': 'agent-summary', 'data-stop-reason': summary.stopReason, 'aria-label': l10n.t('Agent task summary') } }, rows);
  }

  matches(summary: AgentSummaryView): boolean {
    return JSON.stringify(summary) === JSON.stringify(this.summary);
  }
}
