// An agent's question inline in the chat: approve, reject, or approve for the rest of the task. The
// host withdraws it (approvalSettled) once answered here or in a dialog. What is approved is shown
// whole: hidden and direction-changing characters as visible markers, long blank runs folded into a
// marker line, the line count always stated, and the host's warning line above it. An edit's change
// is coloured as a diff.
import type { HostMessageOf, WebviewMessage } from '../../shared/protocol';
import { revealApproval } from '../../shared/revealHiddenText';
import { el, icon, textButton } from '../dom';
import * as l10n from '../../shared/l10n';
import type { Codicon } from '../codicons';

const KIND_ICONS: Record<HostMessageOf<'approvalRequest'>['kind'], Codicon> = {
  command: 'terminal',
  edit: 'diff',
  move: 'arrow-swap',
  delete: 'trash',
  'charged-tool': 'credit-card',
  'read-secret': 'key',
  'send-data': 'globe',
  'run-code': 'play',
  'external-tool': 'plug',
  'run-hook': 'zap',
};

const DIFF_CLASSES: Record<string, string> = { '+': 'diff-added', '-': 'diff-removed' };

/**
 * An edit's change ("+ added", "- removed", "  context" lines) coloured like a diff. Its lines are code:
 * kept whole, never broken inside a word; in a narrow side bar the diff scrolls sideways in its own box.
 */
function diffDetail(detail: string): HTMLElement {
  const lines = detail.split('\n').map((line) => el('div', { className: `diff-line ${DIFF_CLASSES[line.charAt(0)] ?? 'diff-context'}`, text: line }));
  return el('pre', { className: 'approval-detail diff', attrs: { 'data-testid': 'approval-detail', 'data-side-scroll': '', tabindex: '0' } }, [el('div', { className: 'diff-lines' }, lines)]);
}

/**
 * The title with the command it quotes set as code rather than between literal backticks. The code is
 * everything from the first backtick to the last, so a backtick inside the command still shows.
 */
function titleText(title: string): Array<Node | string> {
  const first = title.indexOf('`');
  const last = title.lastIndexOf('`');
  if (first < 0 || last === first) return [title];
  return [title.slice(0, first), el('code', { text: title.slice(first + 1, last) }), title.slice(last + 1)];
}

export class ApprovalPrompt {
  readonly element: HTMLElement;

  constructor(readonly request: HostMessageOf<'approvalRequest'>, post: (message: WebviewMessage) => void) {
    const answer = (decision: 'approve' | 'reject' | 'always'): void => {
      for (const button of buttons) button.disabled = true;
      post({ type: 'approvalAnswer', requestId: request.requestId, decision });
    };
    const approve = textButton('check', l10n.t('Approve'), 'approve');
    approve.classList.add('primary');
    approve.addEventListener('click', () => answer('approve'));
    const reject = textButton('close', l10n.t('Reject'), 'reject');
    reject.addEventListener('click', () => answer('reject'));
    const buttons = [approve, reject];
    if (request.allowAlways) {
      const always = textButton('check-all', l10n.t('Always for this task'), 'always');
      always.addEventListener('click', () => answer('always'));
      buttons.splice(1, 0, always);
    }
    const shown = revealApproval(request);
    this.element = el('div', {
      className: 'approval',
      attrs: { 'data-testid': 'approval', 'data-kind': request.kind, 'data-request-id': request.requestId, role: 'alertdialog', 'aria-label': shown.title },
    }, [
      el('div', { className: 'approval-title' }, [icon(KIND_ICONS[request.kind]), el('strong', {}, [' ', ...titleText(shown.title)])]),
      ...shown.warnings.map((warning) => el('div', { className: 'approval-warning', attrs: { 'data-testid': 'approval-warning' } }, [icon('warning'), el('span', { text: ` ${warning}` })])),
      el('div', { className: 'approval-lines', attrs: { 'data-testid': 'approval-lines' }, text: shown.lineCount > 12 ? l10n.t('{0} — scroll to read all of it', shown.lines) : shown.lines }),
      request.kind === 'edit' ? diffDetail(shown.detail) : el('pre', { className: 'approval-detail', attrs: { 'data-testid': 'approval-detail' }, text: shown.detail }),
      el('div', { className: 'approval-actions' }, buttons),
    ]);
  }

  focus(): void {
    this.element.querySelector('button')?.focus();
  }
}
