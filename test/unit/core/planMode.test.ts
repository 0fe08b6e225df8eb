import assert from 'node:assert/strict';
import { parsePlan, planTask, PLAN_MODE_RULES } from '../../../src/core/agent/plan';
import { conversationToMarkdown } from '../../../src/core/conversations/conversationMarkdown';
import type { AssistantEntry } from '../../../src/core/conversations/conversation';
import type { ChatRequest } from '../../../src/api/index';
import { delta, type ScriptStep } from './support/scriptedChatClient';
import { emptyToolset, tasksWith } from '../../support/agentTaskBed';
import type { ToolsetRequest } from '../../../src/core/agent/agentTasks';
import type { AgentToolset } from '../../../src/core/agent/agentToolset';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { DataEgressGuard } from '../../../src/core/tools/dataEgressGuard';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { conversationView } from '../../../src/extension/chat/conversationView';
import { buildHistory } from '../../../src/core/chat/historyBuilder';
import { requestSettings } from '../../../src/core/requests/requestSettings';
import { createWorkspaceTools } from '../../../src/core/tools/workspaceTools';
import { nodeTestHost } from '../../support/testWorkspaceHost';
import { tempDir } from '../../support/emulatorTestBed';
import fs from 'node:fs';
import path from 'node:path';

const PLAN_ANSWER = 'Here is the plan:\n1. Read the parser\n2) Fix the leap-year rule\n\nFiles:\n- `src/date.ts`\nCommands:\n- npm test\n';

describe('plan mode: parsing the plan', () => {
  it('reads numbered steps, the files and the commands', () => {
    assert.deepEqual(parsePlan(PLAN_ANSWER), { steps: ['Read the parser', 'Fix the leap-year rule'], files: ['src/date.ts'], commands: ['npm test'] });
    assert.deepEqual(parsePlan('## Plan\n1. one\n**Files**\n- a.ts\nCommands:\n- none'), { steps: ['one'], files: ['a.ts'], commands: [] });
    assert.equal(parsePlan('I could not make a plan.'), undefined);
  });

  it('turns approved steps into a task that names the to-do tool', () => {
    assert.equal(planTask(['a', 'b']), 'Carry out this approved plan, step by step. Before a step call update_plan with its number and "in_progress", and after it with "done".\n1. a\n2. b');
  });
});

function planToolset(request: ToolsetRequest, folder?: string): AgentToolset {
  if (folder === undefined) return emptyToolset({ decide: 'approve', tools: request.extraTools });
  const approvals = new TaskApprovals({ request: async () => 'approve' });
  const journal = new ChangeJournal();
  const workspace = createWorkspaceTools(nodeTestHost([{ name: 'ws', path: folder }]), approvals, journal);
  return { registry: new ToolRegistry([...workspace, ...request.extraTools]), approvals, journal, egress: new DataEgressGuard(approvals, false) };
}

const call = (id: string, name: string, args: object): ScriptStep[] => [delta({ role: 'assistant', tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] }, 0, 'tool_calls')];

describe('plan mode: tasks', () => {
  const setUp = (scripts: ScriptStep[][], folder?: string) => tasksWith(scripts, { toolset: async (request) => planToolset(request, folder) });
  const settings = { request: requestSettings({ model: 'svc-v1-8k', thinking: false }), maxSteps: 5, systemPrompt: '' };

  it('asks for read-only tools with the plan rules, and puts the plan on the answer, proposed', async () => {
    const { store, client, requests, tasks } = await setUp([[delta({ role: 'assistant', content: PLAN_ANSWER }, 0, 'stop')]]);
    const record = await tasks.run(null, 'fix the leap years', { ...settings, mode: { kind: 'plan' } });
    assert.equal(requests[0]?.readOnly, true);
    assert.deepEqual((client.requests[0] as ChatRequest).messages[1], PLAN_MODE_RULES);
    const answer = store.require(record!.conversationId).entries.at(-1) as AssistantEntry;
    assert.deepEqual(answer.plan, { steps: ['Read the parser', 'Fix the leap-year rule'], files: ['src/date.ts'], commands: ['npm test'], status: 'proposed' });
    assert.match(conversationToMarkdown(store.require(record!.conversationId)), /\*\*Plan \(proposed\)\*\*\n\n1\. Read the parser/);
  });

  it('carries out an approved plan: update_plan advances the to-do list, which is saved with the conversation', async () => {
    const { store, requests, tasks } = await setUp([
      [delta({ role: 'assistant', content: PLAN_ANSWER }, 0, 'stop')],
      [delta({ role: 'assistant', tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'update_plan', arguments: '{"step":1,"status":"done"}' } }] }, 0, 'tool_calls')],
      [delta({ role: 'assistant', tool_calls: [{ index: 0, id: 'c2', type: 'function', function: { name: 'update_plan', arguments: '{"step":2,"status":"in_progress"}' } }] }, 0, 'tool_calls')],
      [delta({ role: 'assistant', content: 'Done.' }, 0, 'stop')],
    ]);
    const planned = await tasks.run(null, 'fix the leap years', { ...settings, mode: { kind: 'plan' } });
    const conversation = store.require(planned!.conversationId);
    const planEntry = conversation.entries.at(-1) as AssistantEntry;
    planEntry.plan = { ...planEntry.plan!, status: 'approved' };
    const record = await tasks.run(conversation.id, planTask(planEntry.plan.steps), { ...settings, mode: { kind: 'execute', planEntryId: planEntry.id } });
    assert.equal(record?.summary.stopReason, 'stop');
    assert.equal(requests[1]?.readOnly, false);
    assert.deepEqual(requests[1]?.extraTools.map((t) => t.definition.function.name), ['update_plan']);
    assert.deepEqual((store.require(conversation.id).entries.find((e) => e.id === planEntry.id) as AssistantEntry).plan?.todo, ['done', 'in_progress']);
    // The chat shows a short line, the model still gets the instructions.
    const saved = store.require(conversation.id);
    const approved = saved.entries[saved.entries.findIndex((e) => e.id === planEntry.id) + 1];
    assert.equal(approved?.role === 'user' ? approved.content : undefined, 'Plan approved');
    const view = conversationView(saved);
    assert.ok(!view.messages.some((m) => m.role === 'user' && /update_plan/.test(m.content)), 'no hidden instructions are shown as a message');
    assert.match(JSON.stringify(buildHistory(saved)), /Carry out this approved plan, step by step\. Before a step call update_plan/);
    const planView = view.messages.find((m) => m.id === planEntry.id);
    assert.equal(planView?.role === 'assistant' ? planView.agentSummary : 'absent', undefined, 'the planning phase ends with its plan, not "Task finished · No files changed"');
  });

  it('lets an approved plan\'s task change a file the plan does not list, marks that change and tells the model', async () => {
    const folder = tempDir('svc-plan-scope-');
    fs.mkdirSync(path.join(folder, 'src'));
    fs.writeFileSync(path.join(folder, 'src/date.ts'), 'export const leap = (y: number) => y % 4 === 0 && y % 100 !== 0;\n');
    const { store, client, tasks } = await setUp(
      [
        [delta({ role: 'assistant', content: PLAN_ANSWER }, 0, 'stop')],
        call('c1', 'edit_file', { path: 'src/date.ts', old_text: 'y % 100 !== 0', new_text: '(y % 100 !== 0 || y % 400 === 0)' }),
        call('c2', 'write_file', { path: 'src/date.test.ts', content: 'test\n' }),
        [delta({ role: 'assistant', content: 'Done.' }, 0, 'stop')],
      ],
      folder,
    );
    const planned = await tasks.run(null, 'fix the leap years', { ...settings, mode: { kind: 'plan' } });
    const conversation = store.require(planned!.conversationId);
    const planEntry = conversation.entries.at(-1) as AssistantEntry;
    planEntry.plan = { ...planEntry.plan!, status: 'approved' };
    await tasks.run(conversation.id, planTask(planEntry.plan.steps), { ...settings, mode: { kind: 'execute', planEntryId: planEntry.id } });
    assert.equal(fs.readFileSync(path.join(folder, 'src/date.test.ts'), 'utf8'), 'test\n', 'the write went through');
    const cards = store.require(conversation.id).entries.flatMap((e) => (e.role === 'tool' && e.card ? [e] : []));
    assert.deepEqual(cards.map((c) => [c.name, c.card?.change?.outsidePlan]), [['edit_file', undefined], ['write_file', true]]);
    const last = client.requests.at(-1) as ChatRequest;
    const results = last.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    assert.doesNotMatch(results[0] ?? '', /not among the files/, 'a listed file gets no note');
    assert.match(results[1] ?? '', /Note: src\/date\.test\.ts is not among the files of the approved plan \(Files: src\/date\.ts\)/);
  });
});
