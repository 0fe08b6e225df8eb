// Moving and deleting files are asked with their own kinds: the user's auto-approve of edits, and an
// "Always for this task" given to an edit, never let the agent move or delete a file without asking.
import assert from 'node:assert/strict';
import { TaskApprovals, type ApprovalRequest } from '../../src/core/tools/approvals';
import { ScriptedApprover } from '../support/testWorkspaceHost';

const question = (kind: ApprovalRequest['kind']): ApprovalRequest => ({ kind, title: `${kind} src/app.ts?`, detail: 'src/app.ts', allowAlways: true });

describe('security: approval kinds for moving and deleting files', () => {
  it('auto-approved edits still ask before a move or a delete, each time', async () => {
    const approver = new ScriptedApprover(() => 'reject');
    const approvals = new TaskApprovals(approver, { autoApproveEdits: true });
    const signal = new AbortController().signal;
    assert.equal(await approvals.allowed(question('edit'), signal), true);
    assert.equal(await approvals.allowed(question('move'), signal), false);
    assert.equal(await approvals.allowed(question('delete'), signal), false);
    assert.equal(await approvals.allowed(question('move'), signal), false);
    assert.deepEqual(approver.asked.map((a) => a.kind), ['move', 'delete', 'move']);
  });

  it('"Always for this task" on an edit covers neither moves nor deletes, nor a move the delete answered', async () => {
    const approver = new ScriptedApprover((request) => (request.kind === 'edit' || request.kind === 'delete' ? 'always' : 'reject'));
    const approvals = new TaskApprovals(approver);
    const signal = new AbortController().signal;
    assert.equal(await approvals.allowed(question('edit'), signal), true);
    assert.equal(await approvals.allowed(question('edit'), signal), true);
    assert.equal(await approvals.allowed(question('delete'), signal), true);
    assert.equal(await approvals.allowed(question('delete'), signal), true);
    assert.equal(await approvals.allowed(question('move'), signal), false);
    assert.deepEqual(approver.asked.map((a) => a.kind), ['edit', 'delete', 'move']);
  });
});
