// The end of an agent task: why it stopped, steps, tools used, the files it changed (click opens the
// diff), tokens with the cached share, and an undo of everything it applied (once: then "Undone").
import type { AgentSummaryView, WebviewMessage } from '../../shared/protocol';
import { el, formatCount, icon, textButton } from '../dom';

const STOP_TEXT: Record<AgentSummaryView['stopReason'], string> = {
  stop: 'Task finished',
  length: 'Task ended: the answer reached its length limit',
  step_limit: 'Task stopped at the step limit (svc.agent.maxSteps)',
  cancelled: 'Task stopped by you: what it applied stays applied',
  error: 'Task ended with an error',
};

export class AgentSummaryCard {
  readonly element: HTMLElement;

  constructor(readonly id: string, private readonly summary: AgentSummaryView, post: (message: WebviewMessage) => void) {
    const tools = Object.entries(summary.toolCalls).map(([name, calls]) => (calls > 1 ? `${name} ×${calls}` : name));
    const usage = summary.usage;
    const files = summary.filesChanged.map((path) => {
      const open = el('button', { className: 'link-button', text: path, attrs: { type: 'button', 'data-testid': 'agent-file', title: `Open the diff of ${path}` } });
      open.addEventListener('click', () => post({ type: 'openAgentDiff', taskId: summary.taskId, path }));
      return el('li', {}, [open]);
    });
    const rows: Node[] = [
      el('div', { className: 'agent-summary-title' }, [icon(summary.stopReason === 'stop' ? 'pass' : 'info'), el('strong', { text: ` ${STOP_TEXT[summary.stopReason]}` })]),
      el('div', { text: `${summary.steps} ${summary.steps === 1 ? 'step' : 'steps'} · ${(summary.durationMs / 1000).toFixed(1)} s`, attrs: { 'data-testid': 'agent-steps' } }),
      el('div', { text: tools.length > 0 ? `Tools used: ${tools.join(', ')}` : 'No tools used' }),
      el('div', {
        text: `Tokens: ${formatCount(usage.promptTokens)} prompt (${formatCount(usage.cachedTokens)} cached) · ${formatCount(usage.completionTokens)} completion`,
        attrs: { 'data-testid': 'agent-tokens' },
      }),
    ];
    if (summary.error !== undefined) rows.push(el('div', { className: 'agent-summary-error', text: summary.error }));
    if (files.length > 0) {
      const undo = summary.undone === true ? textButton('check', 'Undone', 'undo-agent', { 'data-testid': 'agent-undo' }) : textButton('discard', 'Undo these changes', 'undo-agent', { 'data-testid': 'agent-undo' });
      // One click undoes once: the button stays disabled until the host's answer marks the task undone.
      undo.disabled = summary.undone === true;
      undo.addEventListener('click', () => {
        undo.disabled = true;
        undo.replaceChildren(icon('loading'), el('span', { text: ' Undoing…' }));
        post({ type: 'undoAgentTask', taskId: summary.taskId });
      });
      rows.push(el('div', { text: `Files changed (${files.length}):` }), el('ul', { className: 'agent-files' }, files), undo);
    } else {
      rows.push(el('div', { text: 'No files changed' }));
    }
    this.element = el('section', { className: 'agent-summary', attrs: { 'data-testid': 'agent-summary', 'data-stop-reason': summary.stopReason, 'aria-label': 'Agent task summary' } }, rows);
  }

  matches(summary: AgentSummaryView): boolean {
    return JSON.stringify(summary) === JSON.stringify(this.summary);
  }
}
