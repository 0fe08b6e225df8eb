// An agent task's own words reach the user through core's translator (its failure, its notices, the undo
// report, the checkpoint label, the approved plan's line); what the model reads stays English.
import assert from 'node:assert/strict';
import { NetworkError, type ChatRequest } from '../../../src/api/index';
import { AgentContextOverflowError } from '../../../src/core/agent/agentErrors';
import type { AgentChatClient } from '../../../src/core/agent/agentLoop';
import { AgentTaskBusyError, AgentTasks, type AgentTasksEvent, type ToolsetRequest } from '../../../src/core/agent/agentTasks';
import type { AgentToolset } from '../../../src/core/agent/agentToolset';
import { planTask } from '../../../src/core/agent/plan';
import type { AssistantEntry } from '../../../src/core/conversations/conversation';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { englishText, useTranslator } from '../../../src/core/l10n';
import { requestSettings } from '../../../src/core/requests/requestSettings';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { ChangeJournal, type JournalFiles } from '../../../src/core/tools/changeJournal';
import { DataEgressGuard } from '../../../src/core/tools/dataEgressGuard';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';
import { delta, gate, ScriptedChatClient, type ScriptStep } from './support/scriptedChatClient';

const marked = (message: string, args: ReadonlyArray<string | number>): string => `«${englishText(message, args)}»`;

class Client extends ScriptedChatClient implements AgentChatClient {
  async estimateTokens(): Promise<number> {
    return 10;
  }
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const settings = { request: requestSettings({ model: 'svc-k2.5', thinking: false }), maxSteps: 5, systemPrompt: '' };

async function tasksWith(scripts: ScriptStep[][], journal = new ChangeJournal()) {
  const { store } = await ConversationStore.open(new MemoryConversationFolder(), new ManualClock());
  const client = new Client(scripts);
  const events: AgentTasksEvent[] = [];
  const labels: string[] = [];
  const logged: string[] = [];
  let ids = 0;
  const tasks = new AgentTasks({
    store,
    client: async () => client,
    toolset: async (request: ToolsetRequest): Promise<AgentToolset> => {
      const approvals = new TaskApprovals({ request: async () => 'approve' });
      return { registry: new ToolRegistry(request.extraTools), approvals, journal, egress: new DataEgressGuard(approvals, false) };
    },
    promptCacheKey: async () => 'k',
    clock: new ManualClock(),
    newId: () => `id-${++ids}`,
    log: { warn: (m) => void logged.push(m), error: (m) => void logged.push(m) },
    onEvent: (event) => void events.push(event),
    checkpoint: async (label) => {
      labels.push(label);
      return undefined;
    },
  });
  return { store, client, events, labels, logged, tasks };
}

const unknownToolCall = delta({ role: 'assistant', tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'no_such_tool', arguments: '{}' } }] }, 0, 'tool_calls');

describe('an agent task says its own words in the display language', () => {
  afterEach(() => useTranslator(englishText));

  it('ends with a failure the user reads translated, while the tool result the model got stays English', async () => {
    const { store, client, tasks, labels } = await tasksWith([[unknownToolCall], [delta({ role: 'assistant', content: 'risky' }, 0, 'content_filter')]]);
    useTranslator(marked);
    const record = await tasks.run(null, 'Check the readme', settings);
    const error = '«The service stopped the answer: it was judged high risk (content_filter).»';
    assert.equal(record?.summary.error, error);
    const last = store.require(record?.conversationId ?? '').entries.at(-1) as AssistantEntry;
    assert.equal(last.agentSummary?.error, error);
    assert.deepEqual(last.error, { kind: 'unknown', message: error, action: 'none' });
    assert.deepEqual(labels, ['«before your task»']);
    const toolResult = (client.requests[1] as ChatRequest).messages.find((m) => m.role === 'tool');
    assert.equal(toolResult?.content, 'Unknown tool "no_such_tool". Available tools: .');
    assert.doesNotMatch(JSON.stringify(client.requests), /«/, 'nothing the model reads went through the translator');
  });

  it('says a failed request the way the chat does', async () => {
    const { tasks } = await tasksWith([[{ fail: new NetworkError('Could not reach the service: fetch failed: connect ECONNREFUSED 127.0.0.1:9') }]]);
    useTranslator(marked);
    const record = await tasks.run(null, 'Check', settings);
    assert.equal(record?.summary.error, "«Can't reach 127.0.0.1:9: «the connection was refused». Check your connection or proxy (http.proxy), or use the local emulator.»");
  });

  it('shows an approved plan as a translated line while the model gets the English instructions', async () => {
    const { store, client, tasks } = await tasksWith([[delta({ role: 'assistant', content: '1. Read\n2. Fix' }, 0, 'stop')], [delta({ role: 'assistant', content: 'Done.' }, 0, 'stop')]]);
    useTranslator(marked);
    const planned = await tasks.run(null, 'fix it', { ...settings, mode: { kind: 'plan' } });
    const conversation = store.require(planned?.conversationId ?? '');
    const planEntry = conversation.entries.at(-1) as AssistantEntry;
    await tasks.run(conversation.id, planTask(['Read', 'Fix']), { ...settings, mode: { kind: 'execute', planEntryId: planEntry.id } });
    const user = store.require(conversation.id).entries.find((e) => e.role === 'user' && e.sentContent !== undefined);
    assert.equal(user?.role === 'user' ? user.content : undefined, '«Plan approved»');
    const sent = (client.requests[1] as ChatRequest).messages.at(-1);
    assert.match(String(sent?.content), /^Carry out this approved plan, step by step\./);
  });

  it('reports an undo, a busy conversation and a task too long for the context in the display language', async () => {
    const disk = new Map<string, Uint8Array>([['/w/a.txt', bytes('after')]]);
    const files: JournalFiles = { readFile: async (p) => disk.get(p) ?? new Uint8Array(), writeFile: async (p, content) => void disk.set(p, content), deleteFile: async (p) => void disk.delete(p) };
    const journal = new ChangeJournal();
    const wait = gate();
    const { store, client, tasks } = await tasksWith([[wait.step, delta({ role: 'assistant', content: 'Done.' }, 0, 'stop')]], journal);
    useTranslator(marked);
    assert.deepEqual(await tasks.undo(files), { level: 'info', message: '«svc: the agent has no changes to undo in this window.»' });
    const conversation = await store.create();
    const running = tasks.run(conversation.id, 'Edit a', settings);
    while (client.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await assert.rejects(tasks.run(conversation.id, 'again', settings), (error: unknown) => error instanceof AgentTaskBusyError && /^«An agent task is already running/.test(error.message));
    journal.record({ path: '/w/a.txt', display: 'a.txt', before: bytes('before'), after: bytes('after') });
    wait.open();
    await running;
    assert.equal((await tasks.undo(files)).message, '«svc: undid the agent task "Edit a": «restored a.txt».»');
    assert.match(new AgentContextOverflowError(9000, 7000).message, /^«The task no longer fits the model's context: 9000 tokens of input against 7000 available/);
  });
});
