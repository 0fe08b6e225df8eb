// The agent's open questions, under the conversation: one prompt per question, in the order asked,
// removed when the host says it was answered (here, in a notification, or by stopping the task).
// While one is open the view shows that it waits for the user, not that it generates.
import type { HostMessageOf, WebviewMessage } from '../../shared/protocol';
import { el } from '../dom';
import { ApprovalPrompt } from './approvalPrompt';
import { showAwaitingApproval } from './approvalWaiting';

export class ApprovalArea {
  readonly element = el('div', { className: 'approvals', attrs: { 'aria-live': 'assertive' } });
  private readonly prompts = new Map<string, ApprovalPrompt>();

  constructor(private readonly post: (message: WebviewMessage) => void) {
    this.element.hidden = true;
  }

  ask(request: HostMessageOf<'approvalRequest'>): void {
    if (this.prompts.has(request.requestId)) return;
    const prompt = new ApprovalPrompt(request, this.post);
    this.prompts.set(request.requestId, prompt);
    this.element.append(prompt.element);
    this.element.hidden = false;
    showAwaitingApproval(true);
    prompt.element.scrollIntoView({ block: 'nearest' });
    prompt.focus();
  }

  settle(requestId: string): void {
    this.prompts.get(requestId)?.element.remove();
    this.prompts.delete(requestId);
    this.element.hidden = this.prompts.size === 0;
    showAwaitingApproval(this.prompts.size > 0);
  }
}
