import assert from 'node:assert/strict';
import { parsePlan, planTask, PLAN_MODE_RULES } from '../../../src/core/agent/plan';
import { conversationToMarkdown } from '../../../src/core/conversations/conversationMarkdown';
import type { AssistantEntry } from '../../../src/core/conversations/conversation';
import type { ChatRequest } from '../../../src/api/index';
import { delta, type ScriptStep } from './support/scriptedChatClient';
import { emptyToolset, tasksWith } from '../../support/agentTaskBed';
import { conversationView } from '../../../src/extension/chat/conversationView';
import { buildHistory } from '../../../src/core/chat/historyBuilder';
import { requestSettings } from '../../../src/core/requests/requestSettings';

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

describe('plan mode: tasks', () => {
  const setUp = (scripts: ScriptStep[][]) => tasksWith(scripts, { toolset: async (request) => emptyToolset({ decide: 'approve', tools: request.extraTools }) });
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
});
