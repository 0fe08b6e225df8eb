import assert from 'node:assert/strict';
import type { ChatMessage } from '../../../src/api/index';
import type { AgentTaskSummary } from '../../../src/core/agent/agentEvents';
import { AgentTranscript } from '../../../src/core/agent/agentTranscript';
import type { CheckpointRef } from '../../../src/core/checkpoints/checkpointRef';
import { conversationToMarkdown } from '../../../src/core/conversations/conversationMarkdown';
import { conversationView } from '../../../src/extension/chat/conversationView';
import { ConversationSchema, zeroUsage, type Entry, type ToolEntry } from '../../../src/core/conversations/conversation';

// Real services number calls per response: every step's first edit is `functions.edit_file:0`.
const EDIT_ID = 'functions.edit_file:0';
const PLAN_ID = 'functions.update_plan:1';

function checkpoint(step: number): CheckpointRef {
  return { id: `cp-${step}`, label: `before edit_file step${step}.py`, createdAt: Date.UTC(2026, 0, 1, 0, step), folders: [{ folder: 'w', commit: `commit-${step}` }], leftOut: [] };
}

function summary(): AgentTaskSummary {
  return { stopReason: 'stop', steps: 4, toolCalls: { edit_file: 3, update_plan: 3 }, filesChanged: ['step1.py', 'step2.py', 'step3.py'], usage: zeroUsage(), answer: 'Done.', durationMs: 10 };
}

/** Three steps that each edit a file and update the plan with the same two call ids, then an answer. */
function threeSteps(): { live: AgentTranscript; messages: ChatMessage[] } {
  let next = 0;
  const live = new AgentTranscript({ taskId: 'task-1', model: 'svc-k2-thinking', now: () => 1000 + next, newId: () => `id-${++next}` });
  const messages: ChatMessage[] = [];
  for (const step of [1, 2, 3]) {
    const edit = JSON.stringify({ path: `step${step}.py`, old_text: 'a', new_text: `b${step}` });
    const plan = JSON.stringify({ steps: [{ text: 'one', status: step >= 1 ? 'done' : 'pending' }, { text: 'two', status: step >= 2 ? 'done' : 'pending' }, { text: 'three', status: step >= 3 ? 'done' : 'pending' }] });
    live.apply({ type: 'step_started', step });
    live.apply({ type: 'tool_call_started', step, callId: EDIT_ID, name: 'edit_file', arguments: edit, origin: { kind: 'workspace' } });
    live.apply({ type: 'tool_call_finished', step, callId: EDIT_ID, name: 'edit_file', status: 'done', durationMs: step, result: `Updated step${step}.py (1 lines).`, checkpoint: checkpoint(step) });
    live.apply({ type: 'tool_call_started', step, callId: PLAN_ID, name: 'update_plan', arguments: plan, origin: { kind: 'workspace' } });
    live.apply({ type: 'tool_call_finished', step, callId: PLAN_ID, name: 'update_plan', status: 'done', durationMs: 0, result: `Plan updated at step ${step}.` });
    live.apply({ type: 'step_finished', step, finishReason: 'tool_calls', usage: undefined, toolCalls: 2 });
    messages.push(
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { id: EDIT_ID, type: 'function', function: { name: 'edit_file', arguments: edit } },
          { id: PLAN_ID, type: 'function', function: { name: 'update_plan', arguments: plan } },
        ],
      },
      { role: 'tool', tool_call_id: EDIT_ID, name: 'edit_file', content: `Updated step${step}.py (1 lines).` },
      { role: 'tool', tool_call_id: PLAN_ID, name: 'update_plan', content: `Plan updated at step ${step}.` },
    );
  }
  live.apply({ type: 'step_started', step: 4 });
  live.apply({ type: 'content_delta', step: 4, text: 'Done.' });
  live.apply({ type: 'step_finished', step: 4, finishReason: 'stop', usage: undefined, toolCalls: 0 });
  messages.push({ role: 'assistant', content: 'Done.' });
  return { live, messages };
}

function tools(entries: Entry[], name: string): ToolEntry[] {
  return entries.filter((e): e is ToolEntry => e.role === 'tool' && e.name === name);
}

describe('core/agent AgentTranscript with call ids repeated across steps', () => {
  it('keeps one card per call while the task runs, each with its own step, arguments, result and checkpoint', () => {
    const { live } = threeSteps();
    const edits = tools(live.live(), 'edit_file');
    assert.deepEqual(edits.map((e) => e.card?.step), [1, 2, 3]);
    assert.deepEqual(edits.map((e) => e.content), ['Updated step1.py (1 lines).', 'Updated step2.py (1 lines).', 'Updated step3.py (1 lines).']);
    assert.deepEqual(edits.map((e) => e.checkpoint?.id), ['cp-1', 'cp-2', 'cp-3']);
    assert.deepEqual(edits.map((e) => e.card?.durationMs), [1, 2, 3]);
  });

  it('keeps every edit card and every plan card after the task ends, each showing its own step', () => {
    const { live, messages } = threeSteps();
    const entries = live.finish(messages, summary());
    ConversationSchema.parse({ version: 1, id: 'c', title: 't', titleIsCustom: false, createdAt: 1, updatedAt: 1, entries, usageTotals: zeroUsage() });
    const edits = tools(entries, 'edit_file');
    assert.equal(edits.length, 3);
    assert.deepEqual(edits.map((e) => e.card?.step), [1, 2, 3], 'the first edit keeps its card');
    assert.deepEqual(edits.map((e) => JSON.parse(e.card?.arguments ?? '{}').path), ['step1.py', 'step2.py', 'step3.py']);
    assert.deepEqual(edits.map((e) => e.checkpoint?.id), ['cp-1', 'cp-2', 'cp-3'], 'the checkpoint before the first edit is kept');
    assert.equal(new Set(edits.map((e) => e.id)).size, 3, 'three entries, not one entry shown three times');
    const plans = tools(entries, 'update_plan');
    assert.deepEqual(plans.map((e) => e.card?.step), [1, 2, 3]);
    assert.deepEqual(plans.map((e) => e.content), ['Plan updated at step 1.', 'Plan updated at step 2.', 'Plan updated at step 3.']);
  });

  it('exports each result with the checkpoint taken before its own step', () => {
    const { live, messages } = threeSteps();
    const entries = live.finish(messages, summary());
    const markdown = conversationToMarkdown({ version: 1, id: 'c', title: 'Three edits', titleIsCustom: false, createdAt: 1, updatedAt: 1, entries, usageTotals: zeroUsage() });
    const results = markdown.split('## Tool result (edit_file)').slice(1);
    assert.equal(results.length, 3);
    for (const [i, section] of results.entries()) {
      const step = i + 1;
      assert.match(section, new RegExp(`checkpoint before edit_file step${step}\\.py, ${new Date(Date.UTC(2026, 0, 1, 0, step)).toISOString()}`), `result ${step} carries its own checkpoint`);
      assert.match(section, new RegExp(`Updated step${step}\\.py`));
    }
  });
});

describe('extension/chat conversationView of a finished task', () => {
  it('shows no inline copy of calls that have cards, matching each step with its own cards though ids repeat', () => {
    const { live, messages } = threeSteps();
    const entries = live.finish(messages, summary());
    const view = conversationView({ version: 1, id: 'c', title: 't', titleIsCustom: false, createdAt: 1, updatedAt: 1, entries, usageTotals: zeroUsage() });
    const steps = view.messages.filter((m) => m.role === 'assistant');
    assert.equal(steps.length, 4);
    for (const s of steps) assert.equal(s.role === 'assistant' ? s.choices[0]?.toolCalls : undefined, undefined, 'the cards show the calls');
  });
});
