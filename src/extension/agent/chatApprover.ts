// Approval questions of agent tasks: inline in the chat view when it is visible, otherwise as a
// notification. Whichever answer comes first counts, and the other prompt is withdrawn. Every open
// question is also announced to listeners, which is how integration tests answer through the same
// path the view's buttons take.
import { randomUUID } from 'node:crypto';
import type * as vscode from 'vscode';
import type { ApprovalDecision, ApprovalRequest, Approver } from '../../core/tools/approvals';
import type { HostMessage } from '../../shared/protocol';

export interface PendingApproval {
  requestId: string;
  conversationId: string;
  request: ApprovalRequest;
}

export interface ApprovalSurface {
  /** True when the chat view is on screen and can show the question inline. */
  viewVisible(): boolean;
  post(message: HostMessage): void;
}

export class ChatApprover {
  private readonly pending = new Map<string, { info: PendingApproval; settle: (decision: ApprovalDecision) => void }>();
  private readonly listeners = new Set<(pending: PendingApproval) => void>();
  private readonly changeListeners = new Set<() => void>();

  constructor(
    private readonly surface: ApprovalSurface,
    /** Asks when the view is hidden (NotificationApprover). */
    private readonly fallback: Approver,
  ) {}

  /** The Approver of one task running in `conversationId`. */
  forConversation(conversationId: string): Approver {
    return { request: (request, signal) => this.ask(conversationId, request, signal) };
  }

  /** An answer from the view's buttons (or a test); false when the question is no longer open. */
  answer(requestId: string, decision: ApprovalDecision): boolean {
    const open = this.pending.get(requestId);
    if (!open) return false;
    open.settle(decision);
    return true;
  }

  /** The open questions, e.g. to show them again when the view comes back. */
  open(): PendingApproval[] {
    return [...this.pending.values()].map((p) => p.info);
  }

  onRequest(listener: (pending: PendingApproval) => void): vscode.Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Fires when a question was asked or settled, so the list of sessions shows which one waits. */
  onDidChange(listener: () => void): vscode.Disposable {
    this.changeListeners.add(listener);
    return { dispose: () => this.changeListeners.delete(listener) };
  }

  /** Shows an open question in the view (when it is asked, and again after the view reloads). */
  showInline(info: PendingApproval): void {
    const { request } = info;
    this.surface.post({
      type: 'approvalRequest',
      requestId: info.requestId,
      conversationId: info.conversationId,
      kind: request.kind,
      title: request.title,
      detail: request.detail,
      warning: request.warning,
      allowAlways: request.allowAlways,
    });
  }

  private ask(conversationId: string, request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    const info: PendingApproval = { requestId: randomUUID(), conversationId, request };
    const notification = new AbortController();
    return new Promise<ApprovalDecision>((resolve) => {
      let settled = false;
      const settle = (decision: ApprovalDecision): void => {
        if (settled) return;
        settled = true;
        this.pending.delete(info.requestId);
        signal.removeEventListener('abort', onAbort);
        notification.abort();
        this.surface.post({ type: 'approvalSettled', requestId: info.requestId });
        for (const listener of this.changeListeners) listener();
        // "Always" is meaningless where every occurrence must be asked.
        resolve(decision === 'always' && !request.allowAlways ? 'approve' : decision);
      };
      // A stopped task answers no: nothing is done without a yes.
      const onAbort = (): void => settle('reject');
      if (signal.aborted) return settle('reject');
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(info.requestId, { info, settle });
      for (const listener of this.listeners) listener(info);
      for (const listener of this.changeListeners) listener();
      if (settled) return;
      if (this.surface.viewVisible()) this.showInline(info);
      else void this.fallback.request(request, notification.signal).then((decision) => settle(decision), () => settle('reject'));
    });
  }
}
