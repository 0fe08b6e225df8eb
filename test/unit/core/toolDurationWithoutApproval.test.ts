import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../src/core/agent/agentEvents';
import { runToolCalls } from '../../../src/core/agent/toolCallRunner';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { done, functionDefinition, type Tool } from '../../../src/core/tools/tool';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { toolTraits } from '../../../src/core/tools/toolTraits';
import { STAND_IN_DISPLAY } from '../../support/registeredTools';

describe('core/agent tool call durations', () => {
  it('leave out the time the user took to answer the approval', async () => {
    let clock = 0;
    const now = (): number => clock;
    // The user thinks for a minute; the tool itself takes 5 ms.
    const approvals = new TaskApprovals({ request: async () => { clock += 60_000; return 'approve'; } }, { now });
    const tool: Tool = {
      definition: functionDefinition('edit_file', 'test edit', { path: { type: 'string', description: 'p' } }, ['path']),
      origin: { kind: 'workspace' },
      traits: toolTraits({ changes: 'workspace-files', pathArgument: true }),
      display: STAND_IN_DISPLAY,
      async run() {
        await approvals.allowed({ kind: 'edit', title: 'Make this edit to a.txt?', detail: '+ a', allowAlways: true }, new AbortController().signal);
        clock += 5;
        return done('Updated a.txt.');
      },
    };
    const events: AgentEvent[] = [];
    await runToolCalls([{ id: 'functions.edit_file:0', type: 'function', function: { name: 'edit_file', arguments: '{"path":"a.txt"}' } }], {
      registry: new ToolRegistry([tool]),
      step: 1,
      concurrency: 1,
      signal: new AbortController().signal,
      emit: (e) => events.push(e),
      now,
      approvalWait: () => approvals.waitedMs(),
    });
    const finished = events.find((e) => e.type === 'tool_call_finished');
    assert.equal(finished?.type === 'tool_call_finished' ? finished.durationMs : undefined, 5);
    assert.equal(approvals.waitedMs(), 60_000);
  });
});
