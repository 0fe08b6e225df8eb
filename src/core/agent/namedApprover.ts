// The questions of a task that does not run in the chat's own conversation (a background task): each says
// which task asks, so an answer given from a notification is never given to the wrong task.
import * as l10n from '../l10n';
import type { Approver } from '../tools/approvals';

export function namedApprover(approver: Approver, taskName: string): Approver {
  return {
    request: (request, signal) => approver.request({ ...request, title: l10n.t('Background task "{0}": {1}', taskName, request.title) }, signal),
  };
}
