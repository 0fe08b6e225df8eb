// An agent task's own words reach the user through core's translator (its failure, its notices, the undo
// report, the checkpoint label, the approved plan's line); what the model reads stays English.
import assert from 'node:assert/strict';
import { NetworkError, type ChatRequest } from '../../../src/api/index';
import { AgentContextOverflowError } from '../../../src/core/agent/agentErrors';
import { AgentTaskBusyError } from '../../../src/core/agent/agentTaskErrors';
import { planTask } from '../../../src/core/agent/plan';
import type { AssistantEntry } from '../../../src/core/conversations/conversation';
import { englishText, useTranslator } from '../../../src/core/l10n';
import { requestSettings } from '../../../src/core/requests/requestSettings';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { emptyToolset, tasksWith } from '../../support/agentTaskBed';
import { MemoryFiles } from '../../support/memoryFiles';
import { delta, gate, type ScriptStep } from './support/scriptedChatClient';

const marked = (message: string, args: ReadonlyArray<string | number>): string => `«${englishText(message, args)}»`;

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const settings = { request: requestSettings({ model: 'svc-k2.5', thinking: false }), maxSteps: 5, systemPrompt: '' };

/** Tasks whose tools approve everything and whose checkpoints are only named. */
async function approvingTasks(scripts: ScriptStep[][], journal = new ChangeJournal()) {
  const labels: string[] = [];
  const checkpoint = async (label: string) => {
    labels.push(label);
    return undefined;
  };
  const bed = await tasksWith(scripts, { toolset: async (request) => emptyToolset({ journal, decide: 'approve', tools: request.extraTools }), checkpoint });
  return { ...bed, labels };
}

const unknownToolCall = delta({ role: 'assistant', tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'no_such_tool', arguments: '{}' } }] }, 0, 'tool_calls');

describe('an agent task says its own words in the display language', () => {
  afterEach(() => useTranslator(englishText));

  it('ends with a failure the user reads translated, while the tool result the model got stays English', async () => {
    const { store, client, tasks, labels } = await approvingTasks([[unknownToolCall], [delta({ role: 'assistant', content: 'risky' }, 0, 'content_filter')]]);
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
    const { tasks } = await approvingTasks([[{ fail: new NetworkError('Could not reach the service: fetch failed: connect ECONNREFUSED 127.0.0.1:9') }]]);
    useTranslator(marked);
    const record = await tasks.run(null, 'Check', settings);
    assert.equal(record?.summary.error, "«Can't reach 127.0.0.1:9: «the connection was refused». Check your connection or proxy (http.proxy), or use the local emulator.»");
  });

  it('shows an approved plan as a translated line while the model gets the English instructions', async () => {
    const { store, client, tasks } = await approvingTasks([[delta({ role: 'assistant', content: '1. Read\n2. Fix' }, 0, 'stop')], [delta({ role: 'assistant', content: 'Done.' }, 0, 'stop')]]);
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
    const files = new MemoryFiles({ '/w/a.txt': 'after' });
    const journal = new ChangeJournal();
    const wait = gate();
    const { store, client, tasks } = await approvingTasks([[wait.step, delta({ role: 'assistant', content: 'Done.' }, 0, 'stop')]], journal);
    useTranslator(marked);
    assert.deepEqual(await tasks.undo(files), { level: 'info', message: '«svc: the agent has no changes to undo in this window.»' });
    const conversation = await store.create();
    const running = tasks.run(conversation.id, 'Edit a', settings);
    while (client.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await assert.rejects(tasks.run(conversation.id, 'again', settings), (error: unknown) => error instanceof AgentTaskBusyError && /^«An agent task is already running/.test(error.message));
    journal.record({ kind: 'write', path: '/w/a.txt', display: 'a.txt', before: bytes('before'), after: bytes('after') });
    wait.open();
    await running;
    assert.equal((await tasks.undo(files)).message, '«svc: undid the agent task "Edit a": «restored a.txt».»');
    assert.match(new AgentContextOverflowError(9000, 7000).message, /^«The task no longer fits the model's context: 9000 tokens of input against 7000 available/);
  });

  it('reports a file moved back and a deleted file restored in the display language', async () => {
    const files = new MemoryFiles({ '/w/lib/b.txt': 'b' });
    const journal = new ChangeJournal();
    const { tasks } = await approvingTasks([[delta({ role: 'assistant', content: 'Done.' }, 0, 'stop')]], journal);
    await tasks.run(null, 'Tidy up', settings);
    journal.record({ kind: 'move', from: { path: '/w/b.txt', display: 'b.txt' }, to: { path: '/w/lib/b.txt', display: 'lib/b.txt' }, bytes: bytes('b') });
    journal.record({ kind: 'delete', path: '/w/c.txt', display: 'c.txt', before: bytes('c') });
    useTranslator(marked);
    assert.equal((await tasks.undo(files)).message, '«svc: undid the agent task "Tidy up": ««restored c.txt»; «moved lib/b.txt back to b.txt»».»');
    assert.equal(files.text('/w/b.txt'), 'b');
    assert.equal(files.text('/w/c.txt'), 'c');
    assert.equal(files.has('/w/lib/b.txt'), false);
  });
});
