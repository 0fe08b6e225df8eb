// The agent changes a file that looks like a secret, through the same tools a model's reply calls: a
// change reads the file it changes, and what the tool answers goes to the model. edit_file with an
// old_text that is not there answered with the file's closest lines, and write_file with a guess
// answered whether the guess was the file's content, both with no question; the path gate's rule for
// a change now asks, as a read does, before the file is read.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TaskApprovals } from '../../src/core/tools/approvals';
import { ChangeJournal } from '../../src/core/tools/changeJournal';
import { parseToolArguments } from '../../src/core/tools/toolArguments';
import { ToolRegistry } from '../../src/core/tools/toolRegistry';
import type { ToolRunResult } from '../../src/core/tools/tool';
import { createWorkspaceTools } from '../../src/core/tools/workspaceTools';
import { nodeTestHost, ScriptedApprover } from '../support/testWorkspaceHost';

const SECRET = 'STRIPE_KEY=sk_live_51Hx9';

describe('the agent changing a file that looks like a secret', () => {
  let root: string;
  let approver: ScriptedApprover;
  let tools: ToolRegistry;

  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-gate-edit-')));
    await fs.writeFile(path.join(root, '.env'), `${SECRET}\nDEBUG=false\n`);
    approver = new ScriptedApprover(() => 'reject');
    tools = new ToolRegistry(createWorkspaceTools(nodeTestHost([{ name: 'ws', path: root }]), new TaskApprovals(approver, { autoApproveEdits: true }), new ChangeJournal(), { shell: false }));
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  function run(name: string, args: Record<string, unknown>): Promise<ToolRunResult> {
    const tool = tools.get(name);
    assert.ok(tool);
    return tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), new AbortController().signal);
  }

  it('edit_file with an old_text that is not in .env does not answer with its lines: the read is asked first, and on no nothing of it is told', async () => {
    const result = await run('edit_file', { path: '.env', old_text: 'STRIPE_KEY=sk_test', new_text: 'STRIPE_KEY=x' });
    assert.ok(!result.content.includes('sk_live'), `the model read: ${result.content}`);
    assert.equal(result.status, 'rejected');
    assert.deepEqual(approver.asked.map((request) => request.kind), ['read-secret']);
    assert.equal(approver.asked[0]?.allowAlways, false, 'every time');
    assert.equal(await fs.readFile(path.join(root, '.env'), 'utf8'), `${SECRET}\nDEBUG=false\n`);
  });

  it('write_file with a guess of .env does not tell the model whether it guessed right', async () => {
    const result = await run('write_file', { path: '.env', content: `${SECRET}\nDEBUG=false\n` });
    assert.ok(!/already has this content/.test(result.content), `the model read: ${result.content}`);
    assert.equal(result.status, 'rejected');
    assert.deepEqual(approver.asked.map((request) => request.kind), ['read-secret']);
  });

  it('creating a new .env reads nothing, so only the edit is asked (here auto-approved)', async () => {
    const result = await run('write_file', { path: 'config/.env', content: 'A=1\n' });
    assert.equal(result.status, 'done', result.content);
    assert.deepEqual(approver.asked, []);
  });
});
