// A subagent cannot do more than its parent may, nor more than its kind names: its tools are the
// intersection of the two, it starts no subagent of its own, and every question it asks goes through the
// parent's approvals and names it. Each attack runs the real loop on the emulator over real files.
import assert from 'node:assert/strict';
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { AgentEvent } from '../../src/core/agent/agentEvents';
import type { SubagentRun } from '../../src/core/conversations/conversationParts';
import { startSubagentBed, type SubagentBed } from '../support/subagentBed';
import { ScriptedApprover } from '../support/testWorkspaceHost';

function childRun(events: readonly AgentEvent[]): SubagentRun {
  const last = events.filter((e): e is Extract<AgentEvent, { type: 'tool_call_progress' }> => e.type === 'tool_call_progress').at(-1);
  assert.ok(last, 'a subagent ran');
  return last.subagent;
}

describe('security: subagents never widen the parent\'s permissions', function () {
  this.timeout(60_000);
  let s: SubagentBed;
  let original: string;

  beforeEach(async () => {
    s = await startSubagentBed();
    original = await fs.readFile(path.join(s.root, 'src', 'format.js'), 'utf8');
  });
  afterEach(async () => {
    await s.close();
  });

  async function untouched(): Promise<void> {
    assert.equal(await fs.readFile(path.join(s.root, 'src', 'format.js'), 'utf8'), original);
    assert.equal(existsSync(path.join(s.root, 'pwned.txt')), false);
    assert.equal(s.host.commands.started.length, 0, 'no command ran');
  }

  it('an explore subagent cannot write, run a command or start a subagent, even when the parent could and every question is approved', async () => {
    const approver = new ScriptedApprover(() => 'approve');
    const { events, result } = await s.run('tamper through a subagent', { approver });
    const run = childRun(events);
    assert.deepEqual(run.calls.map((c) => `${c.name}:${c.status}`), ['write_file:invalid', 'run_subagent:invalid', 'run_command:invalid']);
    assert.match(result.summary.answer, /CHILD-DONE: Unknown tool "write_file"/);
    assert.deepEqual(approver.asked, [], 'nothing was even asked');
    await untouched();
  });

  it('a general subagent in a plan-mode task gets only the parent\'s read-only tools', async () => {
    const approver = new ScriptedApprover(() => 'approve');
    const { events } = await s.run('widen through a subagent', { approver, readOnly: true });
    assert.deepEqual(childRun(events).calls.map((c) => `${c.name}:${c.status}`), ['write_file:invalid', 'run_subagent:invalid', 'run_command:invalid']);
    await untouched();
  });

  it('a general subagent asks the parent\'s approvals, each question naming it, and a no stops the change', async () => {
    const approver = new ScriptedApprover(() => 'reject');
    const { events } = await s.run('widen through a subagent', { approver });
    assert.deepEqual(childRun(events).calls.map((c) => `${c.name}:${c.status}`), ['write_file:rejected', 'run_subagent:invalid', 'run_command:rejected']);
    assert.deepEqual(approver.asked.map((a) => a.kind).sort(), ['command', 'edit']);
    for (const asked of approver.asked) {
      assert.equal(asked.asker, 'general (overwrite the formatter)');
      assert.match(asked.title, /^Subagent general \(overwrite the formatter\): /);
    }
    await untouched();
  });
});
