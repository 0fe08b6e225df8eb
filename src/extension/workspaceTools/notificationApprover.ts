// Approval questions as VS Code's modal dialog, for when the chat view cannot show them inline. A
// notification would hide the detail (VS Code shows `detail` only in modal dialogs), so the user would
// approve a command they never saw. The dialog shows the whole text, with hidden characters made
// visible and the line count and warnings stated. A dismissed dialog counts as a rejection.
import * as vscode from 'vscode';
import type { ApprovalDecision, ApprovalRequest, Approver } from '../../core/tools/approvals';
import { revealApproval } from '../../shared/revealHiddenText';

export class NotificationApprover implements Approver {
  async request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    const approve = vscode.l10n.t('Approve');
    const reject = vscode.l10n.t('Reject');
    const always = vscode.l10n.t('Always for this task');
    const buttons = request.allowAlways ? [approve, always, reject] : [approve, reject];
    const stopped = new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined), { once: true }));
    const shown = revealApproval(request);
    // Under the title: warnings first, then the line count and the whole text.
    const detail = [...shown.warnings.map((w) => `⚠ ${w}`), `${shown.lines}:`, shown.detail].join('\n');
    const choice = await Promise.race([vscode.window.showWarningMessage(shown.title, { modal: true, detail }, ...buttons), stopped]);
    if (choice === approve) return 'approve';
    if (choice === always) return 'always';
    return 'reject';
  }
}

