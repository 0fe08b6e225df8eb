// An agent's question inline in the chat: approve, reject, or approve for the rest of the task. The
// host withdraws it (approvalSettled) once answered here or in a notification.
import type { HostMessageOf, WebviewMessage } from '../../shared/protocol';
import { el, icon, textButton } from '../dom';

export class ApprovalPrompt {
  readonly element: HTMLElement;

  constructor(readonly request: HostMessageOf<'approvalRequest'>, post: (message: WebviewMessage) => void) {
    const answer = (decision: 'approve' | 'reject' | 'always'): void => {
      for (const button of buttons) button.disabled = true;
      post({ type: 'approvalAnswer', requestId: request.requestId, decision });
    };
    const approve = textButton('check', 'Approve', 'approve');
    approve.classList.add('primary');
    approve.addEventListener('click', () => answer('approve'));
    const reject = textButton('close', 'Reject', 'reject');
    reject.addEventListener('click', () => answer('reject'));
    const buttons = [approve, reject];
    if (request.allowAlways) {
      const always = textButton('check-all', 'Always for this task', 'always');
      always.addEventListener('click', () => answer('always'));
      buttons.splice(1, 0, always);
    }
    this.element = el('div', {
      className: 'approval',
      attrs: { 'data-testid': 'approval', 'data-kind': request.kind, 'data-request-id': request.requestId, role: 'alertdialog', 'aria-label': request.title },
    }, [
      el('div', { className: 'approval-title' }, [icon(request.kind === 'command' ? 'terminal' : request.kind === 'edit' ? 'diff' : 'credit-card'), el('strong', { text: ` ${request.title}` })]),
      el('pre', { className: 'approval-detail', text: request.detail }),
      el('div', { className: 'approval-actions' }, buttons),
    ]);
  }

  focus(): void {
    this.element.querySelector('button')?.focus();
  }
}
