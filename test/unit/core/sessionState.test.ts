// The state of a session, as the list of sessions shows it, derived from the real pieces: a conversation
// saved by the real store, a real agent task running in it and its approval questions. Each case runs
// the task and reads the list (ForegroundSessions) while it runs, waits and after it ended.
import assert from 'node:assert/strict';
import type { AgentTaskSettings } from '../../../src/core/agent/agentTasks';
import type { AgentToolset } from '../../../src/core/agent/agentToolset';
import type { Conversation } from '../../../src/core/conversations/conversation';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { requestSettings } from '../../../src/core/requests/requestSettings';
import { ForegroundSessions, UnknownSessionError } from '../../../src/core/sessions/foregroundSessions';
import { howToResume, sessionFactsOf, sessionUsd } from '../../../src/core/sessions/sessionFacts';
import { canResume, canStop, sessionState, SESSION_STATES } from '../../../src/core/sessions/sessionState';
import { TaskApprovals, type ApprovalDecision } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { DataEgressGuard } from '../../../src/core/tools/dataEgressGuard';
import { done, functionDefinition, type Tool } from '../../../src/core/tools/tool';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { toolTraits } from '../../../src/core/tools/toolTraits';
import { tasksWith, type TaskBed } from '../../support/agentTaskBed';
import { STAND_IN_DISPLAY } from '../../support/registeredTools';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';
import { chunk, delta, gate, usageChunk, type ScriptStep } from './support/scriptedChatClient';

const settings: AgentTaskSettings = { request: requestSettings({ model: 'svc-k2.5', thinking: false }), maxSteps: 5, systemPrompt: 'Be brief.' };
const answer: ScriptStep[] = [delta({ role: 'assistant', content: 'Done.' }, 0, 'stop'), usageChunk(100, 20, 40)];
const callWrite = (path: string): ScriptStep[] => [
  delta({ role: 'assistant', content: '', tool_calls: [{ index: 0, id: `call-${path}`, type: 'function', function: { name: 'write_file', arguments: JSON.stringify({ path }) } }] }),
  chunk([{ index: 0, delta: {}, finish_reason: 'tool_calls' }]),
  usageChunk(50, 10),
];

/** A question the test answers when it chooses, as the user would in the view. */
class HeldApprover {
  readonly open: Array<(decision: ApprovalDecision) => void> = [];
  request(): Promise<ApprovalDecision> {
    return new Promise((resolve) => this.open.push(resolve));
  }
}

/** A write tool that asks first and records what it wrote in the task's journal, as the real edit tools do. */
function writeTool(approvals: TaskApprovals, journal: ChangeJournal): Tool {
  return {
    definition: functionDefinition('write_file', 'Writes a file.', { path: { type: 'string', description: 'The file.' } }, ['path']),
    origin: { kind: 'workspace' },
    traits: toolTraits({ readsWorkspace: true, changes: 'workspace-files', pathArgument: true }),
    display: STAND_IN_DISPLAY,
    run: async (args, signal) => {
      const path = String(args.value.path);
      if (!(await approvals.allowed({ kind: 'edit', title: `Write ${path}?`, detail: path, allowAlways: true }, signal))) return done('rejected');
      journal.record({ kind: 'create', path: `/ws/${path}`, display: path, after: new Uint8Array([1]) });
      return done('written');
    },
  };
}

interface Bed extends TaskBed {
  approver: HeldApprover;
  sessions: ForegroundSessions;
  stopped: string[];
  /** Replies asked again, as "conversation/message". */
  regenerated: string[];
}

async function bed(scripts: ScriptStep[][], replying: (id: string) => boolean = () => false): Promise<Bed> {
  const approver = new HeldApprover();
  const toolset = async (): Promise<AgentToolset> => {
    const journal = new ChangeJournal();
    const approvals = new TaskApprovals(approver);
    return { registry: new ToolRegistry([writeTool(approvals, journal)]), approvals, journal, egress: new DataEgressGuard(approvals, false) };
  };
  const made = await tasksWith(scripts, { toolset });
  const stopped: string[] = [];
  const regenerated: string[] = [];
  const sessions = new ForegroundSessions({
    store: made.store,
    agent: {
      activity: () => ({ running: made.tasks.runningConversations(), waiting: new Map(made.tasks.runningConversations().map((id) => [id, approver.open.length])) }),
      onDidChangeActivity: () => ({ dispose: () => undefined }),
      resume: async (id) => made.tasks.run(id, 'Continue', settings),
    },
    replying,
    stop: (id) => {
      stopped.push(id);
      return made.tasks.stop(id);
    },
    regenerate: async (id, messageId) => regenerated.push(`${id}/${messageId}`),
    show: (id) => made.store.setActive(id),
    prices: () => ({ 'svc-k2.5': { input: 2, output: 8, cachedInput: 0.5 } }),
  });
  return { ...made, approver, sessions, stopped, regenerated };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

const only = (b: Bed) => {
  const [session, ...more] = b.sessions.sessions();
  assert.equal(more.length, 0);
  assert.ok(session);
  return session;
};

describe('sessions: the state of each session in the list', () => {
  it('a question waiting for the user outranks running, running outranks how it last ended, and only a stopped one resumes', () => {
    assert.equal(sessionState('done', { running: true, openApprovals: 1 }), 'waiting');
    assert.equal(sessionState('failed', { running: true, openApprovals: 0 }), 'running');
    for (const outcome of ['done', 'failed', 'stopped'] as const) assert.equal(sessionState(outcome, { running: false, openApprovals: 0 }), outcome);
    assert.deepEqual(SESSION_STATES.filter(canStop), ['running', 'waiting']);
    assert.deepEqual(SESSION_STATES.filter(canResume), ['stopped']);
  });

  it('a task that asks before a write is running, then waiting for your approval, then done with its file, model and cost', async () => {
    const step = gate();
    const b = await bed([[step.step, ...callWrite('a.txt')], answer]);
    const task = b.tasks.run(null, 'Write a.txt', settings);
    await until(() => b.client.requests.length > 0);
    assert.equal(only(b).state, 'running', 'the first step streams');
    step.open();
    await until(() => b.approver.open.length === 1);
    assert.equal(only(b).state, 'waiting', 'the question waits for the user');
    b.approver.open.shift()!('approve');
    const record = await task;
    const session = only(b);
    assert.equal(session.id, record!.conversationId);
    assert.equal(session.state, 'done');
    assert.equal(session.kind, 'foreground');
    assert.equal(session.model, 'svc-k2.5');
    assert.equal(session.filesChanged, 1);
    assert.equal(session.tokens, 180, 'both steps: 150 prompt and 30 completion tokens');
    // 110 uncached at $2, 40 cached at $0.5, 30 completion at $8 per million.
    assert.ok(Math.abs(session.usd! - (110 * 2 + 40 * 0.5 + 30 * 8) / 1e6) < 1e-12, `usd ${session.usd}`);
    assert.equal(canResume(session.state), false);
  });

  it('a task stopped while it waits is stopped (its question answered no), and Resume runs it on in the same conversation', async () => {
    const b = await bed([callWrite('a.txt'), answer]);
    const task = b.tasks.run(null, 'Write a.txt', settings);
    await until(() => b.approver.open.length === 1);
    const id = only(b).id;
    assert.equal(b.sessions.stop(id), true);
    b.approver.open.shift()!('reject');
    await task;
    assert.equal(only(b).state, 'stopped');
    assert.equal(only(b).filesChanged, 0, 'nothing was written');
    assert.deepEqual(howToResume(b.store.require(id)), { kind: 'task' });
    await b.sessions.resume(id);
    assert.equal(only(b).state, 'done', 'the resumed task finished in the same conversation');
    assert.equal(b.store.list().length, 1);
  });

  it('a task whose request fails is failed; a session of another source is refused by name', async () => {
    const b = await bed([[{ fail: new Error('connection reset') }]]);
    await b.tasks.run(null, 'Look around', settings);
    assert.equal(only(b).state, 'failed');
    assert.throws(() => b.sessions.stop('bg-1'), (error: unknown) => error instanceof UnknownSessionError && /bg-1/.test(error.message));
    assert.equal(b.sessions.owns('bg-1'), false);
  });

  it('a chat reply streaming is running, and a stopped reply resumes by asking it again', async () => {
    const replying = new Set<string>();
    const b = await bed([], (id) => replying.has(id));
    const conversation = await b.store.create();
    conversation.entries.push({ id: 'u1', role: 'user', createdAt: 1, content: 'hi' });
    await b.store.save(conversation);
    replying.add(conversation.id);
    const live = b.sessions;
    assert.equal(live.sessions()[0]?.state, 'running');
    replying.clear();
    conversation.entries.push({ id: 'a1', role: 'assistant', createdAt: 2, model: 'svc-k2.5', alternatives: [{ content: 'Hel', reasoning: '', finishReason: null }], selected: 0, status: 'stopped' });
    await b.store.save(conversation);
    assert.equal(live.sessions()[0]?.state, 'stopped');
    assert.deepEqual(howToResume(conversation), { kind: 'reply', messageId: 'a1' });
    await live.resume(conversation.id);
    assert.deepEqual(b.regenerated, [`${conversation.id}/a1`]);
    assert.equal(b.client.requests.length, 0, 'no agent task ran');
  });

  it('the figures come from the index after a restart, without reading the conversation', async () => {
    const folder = new MemoryConversationFolder();
    const clock = new ManualClock();
    const { store } = await ConversationStore.open(folder, clock);
    const conversation = await store.create();
    conversation.entries.push(
      { id: 'u1', role: 'user', createdAt: 1, content: 'Fix it' },
      { id: 'a1', role: 'assistant', createdAt: 2, model: 'svc-k2-thinking', alternatives: [{ content: '', reasoning: '', finishReason: null }], selected: 0, status: 'failed', error: { kind: 'network', message: 'down', action: 'retry' } },
    );
    conversation.usageTotals = { promptTokens: 10, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 };
    await store.save(conversation);
    await store.flush();
    const reopened = (await ConversationStore.open(folder, clock)).store;
    await reopened.clearActive();
    const fresh = (await ConversationStore.open(folder, clock)).store;
    assert.equal(fresh.get(conversation.id), undefined, 'not opened');
    assert.deepEqual(fresh.sessionFacts(conversation.id), sessionFactsOf(conversation));
    assert.equal(fresh.sessionFacts(conversation.id)?.outcome, 'failed');
  });

  it('a cost in money only when the one model it used is priced', () => {
    const base = { promptTokens: 1_000_000, completionTokens: 0, cachedTokens: 0, filesChanged: 0, outcome: 'done' as const };
    const prices = { a: { input: 1, output: 2 } };
    assert.equal(sessionUsd({ ...base, models: ['a'] }, prices), 1);
    assert.equal(sessionUsd({ ...base, models: ['b'] }, prices), undefined);
    assert.equal(sessionUsd({ ...base, models: ['a', 'b'] }, { ...prices, b: { input: 1, output: 2 } }), undefined, 'the totals are not split by model');
    assert.equal(sessionUsd({ ...base, models: [] }, prices), undefined);
  });

  it('a step limit stops a task (it can go on); a conversation with no reply is done and has nothing to resume', () => {
    const empty: Conversation = { version: 1, id: 'c', title: 't', titleIsCustom: false, createdAt: 1, updatedAt: 1, entries: [{ id: 'u', role: 'user', createdAt: 1, content: 'x' }], usageTotals: { promptTokens: 0, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 } };
    assert.equal(sessionFactsOf(empty).outcome, 'done');
    assert.equal(howToResume(empty), undefined);
    const limited: Conversation = {
      ...empty,
      entries: [
        ...empty.entries,
        { id: 'a', role: 'assistant', createdAt: 2, model: 'm', alternatives: [{ content: '', reasoning: '', finishReason: 'stop' }], selected: 0, status: 'complete', agentSummary: { taskId: 't', stopReason: 'step_limit', steps: 5, toolCalls: {}, filesChanged: ['a', 'b', 'a'], usage: { promptTokens: 1, completionTokens: 1, cachedTokens: 0, reasoningTokens: 0 }, durationMs: 1 } },
      ],
    };
    assert.equal(sessionFactsOf(limited).outcome, 'stopped');
    assert.equal(sessionFactsOf(limited).filesChanged, 2);
    assert.deepEqual(howToResume(limited), { kind: 'task' });
  });
});
