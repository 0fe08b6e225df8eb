import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatMessage } from '../../../src/api/index';
import type { AgentEvent, AgentTaskSummary } from '../../../src/core/agent/agentEvents';
import { runAgentTask } from '../../../src/core/agent/agentLoop';
import { AgentTranscript } from '../../../src/core/agent/agentTranscript';
import { ChatSession } from '../../../src/core/chat/chatSession';
import { ConversationSchema, zeroUsage, type AssistantEntry, type Conversation, type Entry, type ToolEntry, type UserEntry } from '../../../src/core/conversations/conversation';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { conversationView } from '../../../src/extension/chat/conversationView';
import { buildHistory } from '../../../src/core/chat/historyBuilder';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { createWorkspaceTools } from '../../../src/core/tools/workspaceTools';
import { FormulaToolCatalog } from '../../../src/core/tools/formulaTools';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { startAgentBed } from './agentScenarios';
import { perTest } from '../../support/suiteHooks';
import { assertEveryCallAnswered } from '../../support/toolCallChecks';
import { nodeTestHost, ScriptedApprover } from '../../support/testWorkspaceHost';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';
import { ScriptedChatClient, chunk, delta } from './support/scriptedChatClient';
import { requestSettings } from '../../../src/core/requests/requestSettings';

function transcript(): AgentTranscript {
  let next = 0;
  return new AgentTranscript({ taskId: 'task-1', model: 'svc-k2-thinking', now: () => 1000 + next, newId: () => `id-${++next}` });
}

function conversationWith(entries: Entry[]): Conversation {
  return { version: 1, id: 'c1', title: 't', titleIsCustom: false, createdAt: 1, updatedAt: 1, entries, usageTotals: zeroUsage() };
}

const userEntry: UserEntry = { id: 'u1', role: 'user', createdAt: 1, content: 'the task' };

function summary(overrides: Partial<AgentTaskSummary> = {}): AgentTaskSummary {
  return { stopReason: 'stop', steps: 1, toolCalls: {}, filesChanged: [], usage: zeroUsage(), answer: '', durationMs: 10, ...overrides };
}

describe('core/agent AgentTranscript', function () {
  this.timeout(60_000);

  describe('with a real task on the emulator', () => {
    const bed = perTest(() => startAgentBed());

    it('shows each step live (newest streaming, cards running then done) and saves entries whose history is exactly what the loop sent', async () => {
      const catalog = new FormulaToolCatalog(bed.client.formulas);
      const tools = new ToolRegistry(await catalog.tools(['code_runner', 'quickjs', 'fetch'], new TaskApprovals(new ScriptedApprover(() => 'approve'))));
      const live = transcript();
      const snapshots: { event: AgentEvent['type']; entries: Entry[] }[] = [];
      const result = await runAgentTask({
        client: bed.client,
        settings: requestSettings({ model: 'svc-k2-thinking' }),
        task: 'Write the leap-year report',
        tools,
        promptCacheKey: 'svc-ws-test',
        onEvent: (event) => {
          live.apply(event);
          if (event.type === 'tool_call_started' || event.type === 'tool_call_finished') snapshots.push({ event: event.type, entries: structuredClone(live.live()) });
        },
      });
      assert.equal(result.summary.stopReason, 'stop', result.summary.error);

      const started = snapshots.find((s) => s.event === 'tool_call_started');
      const startedCard = started?.entries.at(-1) as ToolEntry;
      assert.equal(startedCard.card?.status, 'running');
      assert.equal(startedCard.card?.formula, 'quickjs');
      const steps = started?.entries.filter((e): e is AssistantEntry => e.role === 'assistant') ?? [];
      assert.equal(steps.at(-1)?.status, 'streaming', 'the newest step streams while its tools run');
      assert.notEqual(steps.at(-1)?.alternatives[0]?.reasoning, '', 'the step carries its reasoning');
      const doneCard = snapshots.find((s) => s.event === 'tool_call_finished')?.entries.at(-1) as ToolEntry;
      assert.equal(doneCard.card?.status, 'done');
      assert.ok((doneCard.card?.durationMs ?? -1) >= 0);
      assert.notEqual(doneCard.content, '', 'the card holds the result sent back');

      const entries = live.finish(result.messages.slice(1), result.summary);
      const conversation = conversationWith([userEntry, ...entries]);
      ConversationSchema.parse(conversation);
      assert.deepEqual(buildHistory(conversation).slice(1), result.messages.slice(1), 'the saved entries send back exactly the task');
      assertEveryCallAnswered(buildHistory(conversation), 'saved agent conversation');
      const cards = entries.filter((e): e is ToolEntry => e.role === 'tool');
      assert.deepEqual(cards.map((c) => [c.name, c.card?.status, c.card?.formula]), [['quickjs', 'done', 'quickjs'], ['code_runner', 'done', 'code_runner'], ['fetch', 'done', 'fetch']]);
      const final = entries.at(-1) as AssistantEntry;
      assert.match(final.alternatives[0]?.content ?? '', /Leap-year report/);
      assert.equal(final.agentSummary?.taskId, 'task-1');
      assert.equal(final.agentSummary?.steps, 4);
      assert.deepEqual(final.agentSummary?.toolCalls, { quickjs: 1, code_runner: 1, fetch: 1 });
      assert.ok(entries.filter((e) => e.role === 'assistant').every((e) => e.status === 'complete' && e.usage !== undefined), 'each step keeps its usage');
      const view = conversationView(conversation);
      assert.equal(view.messages.filter((m) => m.role === 'tool' && m.card?.status === 'done').length, 3);
      const lastView = view.messages.at(-1);
      assert.equal(lastView?.role === 'assistant' ? lastView.agentSummary?.taskId : undefined, 'task-1');
    });

    it('lists the file a workspace edit changed in the summary, with a done card', async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-transcript-'));
      await fs.writeFile(path.join(dir, 'a.txt'), 'old text\n');
      const host = nodeTestHost([{ name: 'ws', path: await fs.realpath(dir) }]);
      const journal = new ChangeJournal();
      const tools = new ToolRegistry(createWorkspaceTools(host, new TaskApprovals(new ScriptedApprover(() => 'approve')), journal));
      const client = new ScriptedChatClient([
        [delta({ role: 'assistant', content: '', tool_calls: [{ index: 0, id: 'call-1', type: 'function', function: { name: 'edit_file', arguments: '{"path":"a.txt","old_text":"old","new_text":"new"}' } }] }), chunk([{ index: 0, delta: {}, finish_reason: 'tool_calls' }])],
        [delta({ role: 'assistant', content: 'Edited.' }), chunk([{ index: 0, delta: {}, finish_reason: 'stop' }])],
      ]);
      const live = transcript();
      const result = await runAgentTask({
        client: { chatStream: (r, o) => client.chatStream(r, o), estimateTokens: async () => 10 },
        settings: requestSettings({ model: 'svc-v1-8k' }),
        task: 'edit',
        tools,
        promptCacheKey: 'k',
        journal,
        onEvent: (e) => live.apply(e),
      });
      const entries = live.finish(result.messages.slice(1), result.summary);
      assert.deepEqual((entries.at(-1) as AssistantEntry).agentSummary?.filesChanged, ['a.txt']);
      assert.equal((entries[1] as ToolEntry).card?.status, 'done');
      assert.equal(await fs.readFile(path.join(dir, 'a.txt'), 'utf8'), 'new text\n');
      await fs.rm(dir, { recursive: true, force: true });
    });
  });

  it('a task saved while a tool runs has every call answered; stopped there, the card says stopped and the summary sits on an empty entry that is never sent back', () => {
    const live = transcript();
    live.apply({ type: 'step_started', step: 1 });
    live.apply({ type: 'reasoning_delta', step: 1, text: 'Reading first.' });
    live.apply({ type: 'tool_call_started', step: 1, callId: 'c1', name: 'read_file', arguments: '{"path":"a"}', origin: { kind: 'workspace' } });
    live.apply({ type: 'step_finished', step: 1, finishReason: 'tool_calls', usage: undefined, toolCalls: 1 });
    const shown = live.live();
    assert.equal((shown[0] as AssistantEntry).status, 'streaming');
    assert.equal((shown[1] as ToolEntry).card?.status, 'running');
    const saved = live.checkpoint();
    assert.equal((saved[0] as AssistantEntry).status, 'interrupted', 'saved mid-task, the step in progress reads as interrupted');
    assert.equal((saved[1] as ToolEntry).card?.status, 'cancelled');
    assert.match((saved[1] as ToolEntry).content, /window closed/);
    const savedConversation = ConversationSchema.parse(conversationWith([userEntry, ...saved]));
    assertEveryCallAnswered(buildHistory(savedConversation), 'checkpoint of a running task');
    assert.equal((live.live()[1] as ToolEntry).card?.status, 'running', 'the checkpoint leaves the live task alone');
    const messages: ChatMessage[] = [
      { role: 'assistant', content: '', reasoning_content: 'Reading first.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }] },
      { role: 'tool', tool_call_id: 'c1', name: 'read_file', content: 'Stopped: the user stopped the task while this call was running; its result is unknown.' },
    ];
    const entries = live.finish(messages, summary({ stopReason: 'cancelled' }));
    assert.equal(entries.length, 3);
    assert.equal((entries[1] as ToolEntry).card?.status, 'cancelled');
    const holder = entries[2] as AssistantEntry;
    assert.equal(holder.status, 'stopped');
    assert.equal(holder.agentSummary?.stopReason, 'cancelled');
    const history = buildHistory(conversationWith([userEntry, ...entries]));
    assert.deepEqual(history, [{ role: 'user', content: 'the task' }, ...messages]);
    assert.equal(entries[0]?.id, shown[0]?.id, 'the live ids are kept, so the view keeps its DOM');
  });

  it('a failed task carries its error on the summary entry', () => {
    const entries = transcript().finish([], summary({ stopReason: 'error', steps: 1, error: 'The service answered without a choice.' }));
    const holder = entries[0] as AssistantEntry;
    assert.equal(holder.status, 'failed');
    assert.equal(holder.error?.message, 'The service answered without a choice.');
    assert.equal(holder.agentSummary?.error, 'The service answered without a choice.');
  });

  it('conversations saved before agent tasks (no cards, no summary) still read', () => {
    const old = {
      version: 1,
      id: 'c0',
      title: 'old',
      titleIsCustom: false,
      createdAt: 1,
      updatedAt: 1,
      usageTotals: zeroUsage(),
      entries: [
        { id: 'u', role: 'user', createdAt: 1, content: 'hi' },
        { id: 'a', role: 'assistant', createdAt: 2, model: 'svc-v1-8k', alternatives: [{ content: '', reasoning: '', finishReason: 'tool_calls', toolCalls: [{ id: 'x', type: 'function', function: { name: 'f', arguments: '{}' } }] }], selected: 0, status: 'complete' },
        { id: 't', role: 'tool', createdAt: 3, toolCallId: 'x', content: 'r' },
      ],
    };
    const parsed = ConversationSchema.parse(old);
    const view = conversationView(parsed);
    assert.equal(view.messages[2]?.role === 'tool' && view.messages[2].card, undefined);
  });
});

describe('ChatSession prompt_cache_key', () => {
  it('sends the workspace key instead of the conversation id when one is given, the same for every conversation', async () => {
    const { store } = await ConversationStore.open(new MemoryConversationFolder(), new ManualClock());
    const answer = () => [delta({ role: 'assistant', content: 'ok' }), chunk([{ index: 0, delta: {}, finish_reason: 'stop' }])];
    const client = new ScriptedChatClient([answer(), answer()]);
    const session = new ChatSession({ client: () => client, store, clock: new ManualClock(), onEvent: () => undefined, promptCacheKey: async () => 'svc-ws-shared' });
    const first = await store.create();
    const second = await store.create();
    await session.send(first.id, 'Hi', { model: 'svc-v1-8k', thinking: false, jsonMode: false, choiceCount: 1 });
    await session.send(second.id, 'Hi', { model: 'svc-v1-8k', thinking: false, jsonMode: false, choiceCount: 1 });
    assert.deepEqual(client.requests.map((r) => r.prompt_cache_key), ['svc-ws-shared', 'svc-ws-shared']);
  });
});
