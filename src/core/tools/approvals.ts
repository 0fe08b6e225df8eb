// Approval of what the agent does to the user's machine or bill. The editor shows the question (inline
// in the chat, or as a notification when the view is hidden); this file decides when to ask.
import { currentAsker } from './approvalRequester';
import * as l10n from '../l10n';

export type ApprovalDecision = 'approve' | 'reject' | 'always';

/**
 * edit: a change to a file's content (creating one included); move: a file or folder moved or renamed;
 * delete: a file or folder removed; command: a shell command; charged-tool: a formula that costs money (web-search);
 * read-secret: reading a file that looks like a secret; send-data: sending data to a destination the
 * task has not used yet, after it read workspace content; run-code: code that runs on this computer;
 * external-tool: a tool of an MCP server or of another extension; run-hook: a workspace's hook command, asked
 * once per exact command and file (hookTrust.ts).
 * `allowAlways` is false where every occurrence must be asked (shell commands).
 */
export interface ApprovalRequest {
  kind: 'edit' | 'move' | 'delete' | 'command' | 'charged-tool' | 'read-secret' | 'send-data' | 'run-code' | 'external-tool' | 'run-hook';
  title: string;
  detail: string;
  /** One line the user must not miss, shown above the detail (e.g. "This file configures tools that run code."). */
  warning?: string;
  allowAlways: boolean;
  /** Asked even when edits are auto-approved or "Always for this task" was answered. */
  alwaysAsk?: boolean;
  /** The subagent whose call asks (its title then names it); absent when the task itself asks. */
  asker?: string;
}

export interface Approver {
  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision>;
}

export interface TaskApprovalOptions {
  /** Apply edits without asking (the user's auto-approve setting for edits); moves and deletes still ask. */
  autoApproveEdits?: boolean;
  /** The clock the wait for answers is measured on (the task's clock); default performance.now. */
  now?: () => number;
}

/**
 * The approval state of one task. "Always for this task" is remembered per kind until the task ends;
 * a charged tool is asked about once per task whatever the answer; commands are asked every time.
 */
export class TaskApprovals {
  private readonly always = new Set<ApprovalRequest['kind']>();
  private chargedDecision: boolean | undefined;
  /** Questions are asked one at a time, so concurrent calls see an answer given to an earlier one. */
  private queue: Promise<unknown> = Promise.resolve();
  private waited = 0;

  constructor(
    private readonly approver: Approver,
    private readonly options: TaskApprovalOptions = {},
  ) {}

  /** Milliseconds spent so far waiting for the user's answers, so a tool's duration can leave them out. */
  waitedMs(): number {
    return this.waited;
  }

  allowed(request: ApprovalRequest, signal: AbortSignal): Promise<boolean> {
    return this.answer(request, signal).then((decision) => decision !== 'reject');
  }

  /**
   * The answer itself, for callers that remember "always" more narrowly than per kind (a destination
   * host): such requests set `alwaysAsk`, so the kind is never approved wholesale.
   */
  answer(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    // Read here, in the caller's own context, before the question waits its turn in the queue.
    const asker = currentAsker();
    const asked = asker === undefined ? request : { ...request, asker, title: l10n.t('Subagent {0}: {1}', asker, request.title) };
    const turn = this.queue.then(() => this.decide(asked, signal));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async decide(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    if (request.kind === 'edit' && this.options.autoApproveEdits && !request.alwaysAsk) return 'approve';
    if (request.kind === 'charged-tool' && this.chargedDecision !== undefined) return this.chargedDecision ? 'approve' : 'reject';
    if (request.allowAlways && !request.alwaysAsk && this.always.has(request.kind)) return 'approve';
    if (signal.aborted) return 'reject';
    const now = this.options.now ?? (() => performance.now());
    const asked = now();
    const decision = await this.approver.request(request, signal).finally(() => {
      this.waited += now() - asked;
    });
    if (request.kind === 'charged-tool') this.chargedDecision = decision !== 'reject';
    if (decision === 'always' && request.allowAlways && !request.alwaysAsk) this.always.add(request.kind);
    return decision === 'always' && !request.allowAlways ? 'approve' : decision;
  }
}
