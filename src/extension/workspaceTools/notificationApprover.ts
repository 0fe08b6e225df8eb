// Approval questions as VS Code notifications, for when the chat view cannot show them inline. A
// dismissed notification counts as a rejection: nothing is done without a yes.
import * as vscode from 'vscode';
import type { ApprovalDecision, ApprovalRequest, Approver } from '../../core/tools/approvals';

const APPROVE = 'Approve';
const REJECT = 'Reject';
const ALWAYS = 'Always for this task';

export class NotificationApprover implements Approver {
  async request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    const buttons = request.allowAlways ? [APPROVE, ALWAYS, REJECT] : [APPROVE, REJECT];
    const stopped = new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined), { once: true }));
    const choice = await Promise.race([vscode.window.showWarningMessage(request.title, { detail: request.detail }, ...buttons), stopped]);
    if (choice === APPROVE) return 'approve';
    if (choice === ALWAYS) return 'always';
    return 'reject';
  }
}
