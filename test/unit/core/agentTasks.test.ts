import assert from 'node:assert/strict';
import * as os from 'node:os';
import type { ChatRequest } from '../../../src/api/index';
import { GROUND_RULES } from '../../../src/core/chat/groundRules';
import { AgentTaskBusyError, UnknownAgentTaskError } from '../../../src/core/agent/agentTaskErrors';
import type { ToolsetRequest } from '../../../src/core/agent/agentTasks';
import { CheckpointedTool } from '../../../src/core/checkpoints/checkpointedTool';
import type { CheckpointRef } from '../../../src/core/checkpoints/checkpointRef';
import { done, functionDefinition, type Tool } from '../../../src/core/tools/tool';
import { toolTraits } from '../../../src/core/tools/toolTraits';
import { STAND_IN_DISPLAY } from '../../support/registeredTools';
import type { AgentToolset } from '../../../src/core/agent/agentToolset';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { TaskProcesses } from '../../../src/core/tools/taskProcesses';
import { emptyToolset, tasksWith } from '../../support/agentTaskBed';
import { MemoryFiles } from '../../support/memoryFiles';
import { nodeTestHost, processEnds } from '../../support/testWorkspaceHost';
import { ManualClock } from './support/manualClock';
import { chunk, delta, gate, usageChunk, type ScriptStep } from './support/scriptedChatClient';
import { requestSettings } from '../../../src/core/requests/requestSettings';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

const answer: ScriptStep[] = [delta({ role: 'assistant', content: 'Done: ' }), delta({ content: 'nothing to change.' }, 0, 'stop'), usageChunk(12, 5)];
const settings = { request: requestSettings({ model: 'svc-k2.5', thinking: false }), maxSteps: 5, systemPrompt: 'Be brief.' };

describe('agent tasks in conversations (core lifecycle)', () => {
  it('sends the user\'s request settings in every step: temperature, limit and safety identifier, never JSON mode or alternatives', async () => {
    const { client, tasks } = await tasksWith([answer]);
    const request = requestSettings({ model: 'svc-k2-turbo-preview', temperature: 0.3, maxCompletionTokens: 2048, safetyIdentifier: 'hash', jsonMode: true, choiceCount: 3 });
    await tasks.run(null, 'Check the readme', { ...settings, request });
    const sent = client.requests.map(({ model, temperature, max_completion_tokens, safety_identifier, response_format, n }) => ({ model, temperature, max_completion_tokens, safety_identifier, response_format, n }));
    assert.deepEqual(sent, [{ model: 'svc-k2-turbo-preview', temperature: 0.3, max_completion_tokens: 2048, safety_identifier: 'hash', response_format: undefined, n: undefined }]);
  });

  it('shows the task in the words given for the chat (the demo in the user\'s language) while the model reads the task itself', async () => {
    const { store, client, tasks } = await tasksWith([answer]);
    const record = await tasks.run(null, 'Fix the bug. Reply in Simplified Chinese.', { ...settings, shown: '修复错误。' });
    const conversation = store.require(record!.conversationId);
    const user = conversation.entries[0];
    assert.equal(user?.role === 'user' ? user.content : undefined, '修复错误。');
    assert.equal(conversation.title, '修复错误。', 'the title is made of what the user reads');
    assert.deepEqual(client.requests[0]?.messages.at(-1), { role: 'user', content: 'Fix the bug. Reply in Simplified Chinese.' });
  });

  it('runs a task in a new conversation, makes it active, streams its text and saves the answer', async () => {
    const { store, events, tasks } = await tasksWith([answer]);
    const record = await tasks.run(null, 'Check the readme', settings);
    assert.ok(record);
    assert.equal(record.summary.stopReason, 'stop');
    assert.equal(record.summary.answer, 'Done: nothing to change.');
    const conversation = store.require(record.conversationId);
    assert.equal(store.activeConversationId, conversation.id);
    assert.equal(conversation.systemPrompt, 'Be brief.');
    assert.deepEqual(
      conversation.entries.map((e) => (e.role === 'assistant' ? `assistant: ${e.alternatives[0]?.content}` : `${e.role}: ${e.content}`)),
      ['user: Check the readme', 'assistant: Done: nothing to change.'],
    );
    const deltas = events.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : ''));
    assert.deepEqual(deltas, ['Done: ', 'nothing to change.']);
    assert.equal(events.at(-1)?.type, 'ended');
    assert.ok(events.some((e) => e.type === 'live'));
    assert.equal(tasks.isRunning(conversation.id), false);
    assert.deepEqual(tasks.history(), [record]);
  });

  it('runs a background task in a conversation of its own that leaves the active one in place', async () => {
    const { store, tasks } = await tasksWith([answer], { conversationPlace: 'background' });
    const shown = await store.create();
    const record = await tasks.run(null, 'Check the readme', settings);
    assert.notEqual(record?.conversationId, shown.id);
    assert.equal(store.activeConversationId, shown.id);
  });

  it('times each step like a chat reply: first token, reasoning and answer, in the conversation totals too', async () => {
    const clock = new ManualClock();
    const gates = [gate(), gate(), gate()];
    const { store, client, tasks, events } = await tasksWith(
      [[gates[0]?.step as ScriptStep, delta({ role: 'assistant', reasoning_content: 'Thinking' }), gates[1]?.step as ScriptStep, delta({ content: 'Done.' }), gates[2]?.step as ScriptStep, delta({}, 0, 'stop'), usageChunk(12, 40)]],
      { clock },
    );
    const running = tasks.run(null, 'Check', settings);
    // Each pause starts once what came before it arrived: the request, the reasoning, the answer.
    const arrived = (): number => client.requests.length + events.filter((e) => e.type === 'delta').length;
    for (const [i, advance] of [300, 200, 400].entries()) {
      while (arrived() < i + 1) await new Promise((resolve) => setImmediate(resolve));
      clock.advance(advance);
      gates[i]?.open();
    }
    const record = await running;
    const conversation = store.require(record?.conversationId ?? '');
    const step = conversation.entries.at(-1);
    assert.equal(step?.role, 'assistant');
    assert.deepEqual(step?.role === 'assistant' && step.timing, { firstTokenMs: 300, reasoningMs: 200, answerMs: 400 });
    assert.deepEqual(conversation.timeTotals, { replies: 1, waitMs: 300, streamMs: 600 });
  });

  it('builds each step with the one request builder: ground rules first, the workspace key, thinking as switched', async () => {
    const { client, tasks } = await tasksWith([answer]);
    await tasks.run(null, 'Check', settings);
    const request = client.requests[0] as ChatRequest;
    assert.deepEqual(request.messages[0], GROUND_RULES);
    assert.equal(request.prompt_cache_key, 'workspace-key');
    assert.deepEqual(request.thinking, { type: 'disabled' });
    assert.equal(request.tools, undefined, 'no tools offered when the task has none');
    assert.equal(request.stream, true);
  });

  it('refuses a second task in a conversation while one runs, and stops it on request', async () => {
    const paused = gate();
    const { store, tasks } = await tasksWith([[delta({ role: 'assistant', content: 'Working' }), paused.step, delta({ content: '…' }, 0, 'stop')]]);
    const conversation = await store.create();
    const first = tasks.run(conversation.id, 'Long task', settings);
    while (!tasks.isRunning(conversation.id)) await new Promise((resolve) => setImmediate(resolve));
    await assert.rejects(tasks.run(conversation.id, 'Another', settings), AgentTaskBusyError);
    assert.equal(tasks.stop(conversation.id), true);
    const record = await first;
    assert.equal(record?.summary.stopReason, 'cancelled');
    assert.equal(tasks.stop(conversation.id), false);
  });

  it('puts the reason in the reply when the task cannot start, and keeps the user message', async () => {
    const { store, events, logged, tasks } = await tasksWith([], { toolset: async () => {
      throw new Error('formulas could not be listed');
    } });
    const record = await tasks.run(null, 'Do it', settings);
    assert.equal(record, undefined);
    const conversation = store.require(store.activeConversationId as string);
    const last = conversation.entries.at(-1);
    assert.equal(conversation.entries[0]?.role, 'user');
    assert.ok(last?.role === 'assistant' && last.status === 'failed' && /formulas could not be listed/.test(last.error?.message ?? ''));
    assert.equal(events.at(-1)?.type, 'ended');
    assert.match(logged.join('\n'), /error Agent task could not start: formulas could not be listed/);
  });

  it('undoes a task\'s changes and says what it did; names an unknown task; says when there is nothing to undo', async () => {
    const files = new MemoryFiles({ '/w/a.txt': 'after' });
    const journal = new ChangeJournal();
    journal.record({ kind: 'write', path: '/w/a.txt', display: 'a.txt', before: bytes('before'), after: bytes('after') });
    const { tasks } = await tasksWith([answer], { toolset: async () => emptyToolset({ journal }) });
    assert.deepEqual(await tasks.undo(files), { level: 'info', message: 'svc: the agent has no changes to undo in this window.' });
    const record = await tasks.run(null, 'Edit a', settings);
    await assert.rejects(tasks.undo(files, 'no-such-task'), UnknownAgentTaskError);
    const outcome = await tasks.undo(files);
    assert.equal(outcome.record, record);
    assert.equal(outcome.message, 'svc: undid the agent task "Edit a": restored a.txt.');
    assert.equal(files.text('/w/a.txt'), 'before');
  });

  it('stops the processes a task left running when it ends, and tells the view the list emptied', async () => {
    const host = nodeTestHost([{ name: 'ws', path: os.tmpdir() }]);
    const processes = new TaskProcesses(host.commands, 1024);
    const { events, tasks } = await tasksWith([answer], { toolset: async () => {
      // As a background run_command of the task would.
      await processes.start({ command: 'sleep 1000', cwd: os.tmpdir(), display: '.', background: true });
      return { ...emptyToolset(), processes };
    } });
    const record = await tasks.run(null, 'Start the dev server', settings);
    assert.equal(await processEnds(host.commands.started[0]!.pid!), true);
    assert.equal(processes.get('p1')?.state, 'stopped');
    const lists = events.filter((e) => e.type === 'processes').map((e) => (e.type === 'processes' ? e.processes.map((p) => p.id) : []));
    assert.deepEqual(lists.at(-1), []);
    assert.deepEqual(tasks.processes(record!.conversationId), []);
  });

  it("sends the task at once and waits for its checkpoint only before the first call that may change a file", async () => {
    const ref = (label: string): CheckpointRef => ({ id: label, label, createdAt: 1, folders: [{ folder: '/ws', commit: label }], leftOut: [] });
    let finishTaskCheckpoint!: () => void;
    const taken: string[] = [];
    const checkpoint = (label: string): Promise<CheckpointRef | undefined> => {
      taken.push(label);
      if (label !== 'before your task') return Promise.resolve(ref(label));
      return new Promise((resolve) => (finishTaskCheckpoint = () => resolve(ref(label))));
    };
    const edits: string[] = [];
    const editTool: Tool = {
      definition: functionDefinition('edit_file', 'Edits a file.', { path: { type: 'string', description: 'The file.' } }, ['path']),
      origin: { kind: 'workspace' },
      traits: toolTraits({ readsWorkspace: true, changes: 'workspace-files', pathArgument: true }),
      display: STAND_IN_DISPLAY,
      run: async (args) => {
        edits.push(String(args.value.path));
        return done('edited');
      },
    };
    const toolset = async (request: ToolsetRequest): Promise<AgentToolset> => {
      const set = emptyToolset();
      assert.ok(request.checkpoint, 'the tools get a checkpoint taker');
      set.registry.add(new CheckpointedTool(editTool, request.checkpoint));
      return set;
    };
    const callEdit: ScriptStep[] = [delta({ role: 'assistant', content: '', tool_calls: [{ index: 0, id: 'call-1', type: 'function', function: { name: 'edit_file', arguments: '{"path":"a.txt"}' } }] }), chunk([{ index: 0, delta: {}, finish_reason: 'tool_calls' }])];
    const { client, tasks, store } = await tasksWith([callEdit, answer], { toolset, checkpoint });
    const running = tasks.run(null, 'Edit a.txt', settings);
    while (client.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(edits, [], 'no change before the task checkpoint exists');
    assert.deepEqual(taken, ['before your task']);
    finishTaskCheckpoint();
    const record = await running;
    assert.deepEqual(edits, ['a.txt']);
    assert.deepEqual(taken, ['before your task', 'before edit_file a.txt']);
    const conversation = store.require(record?.conversationId ?? '');
    const user = conversation.entries[0];
    assert.equal(user?.role === 'user' ? user.checkpoint?.label : undefined, 'before your task');
    const tool = conversation.entries.find((e) => e.role === 'tool');
    assert.equal(tool?.role === 'tool' ? tool.checkpoint?.label : undefined, 'before edit_file a.txt');
  });

  it('puts the task checkpoint on its message even when it arrives after the task ended', async () => {
    let finishTaskCheckpoint!: () => void;
    const checkpoint = (label: string): Promise<CheckpointRef | undefined> =>
      new Promise((resolve) => (finishTaskCheckpoint = () => resolve({ id: 'c', label, createdAt: 1, folders: [], leftOut: [] })));
    const { tasks, store, events } = await tasksWith([answer], { checkpoint });
    const record = await tasks.run(null, 'Look only', settings);
    const conversation = store.require(record?.conversationId ?? '');
    const user = conversation.entries[0];
    assert.equal(user?.role === 'user' ? user.checkpoint : 'not a user entry', undefined);
    const shown = events.length;
    finishTaskCheckpoint();
    while (events.length === shown) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(user?.role === 'user' ? user.checkpoint?.label : undefined, 'before your task');
    assert.equal(events.at(-1)?.type, 'live');
  });
});
