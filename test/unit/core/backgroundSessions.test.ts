// Background tasks as sessions, on the real pieces: a real git repository with a worktree per task (made
// and discarded by the real TaskWorktrees), real agent tasks in the real conversation store whose write
// tool asks first and writes into the task's worktree, and the list read while they run, wait and end.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { AgentTaskSettings } from '../../../src/core/agent/agentTasks';
import type { AgentToolset } from '../../../src/core/agent/agentToolset';
import { requestSettings } from '../../../src/core/requests/requestSettings';
import { BackgroundSessions, TaskStillRunsError, backgroundSessionId } from '../../../src/core/sessions/backgroundSessions';
import { UnknownSessionError } from '../../../src/core/sessions/foregroundSessions';
import { TaskApprovals, type ApprovalDecision } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { DataEgressGuard } from '../../../src/core/tools/dataEgressGuard';
import { done, functionDefinition, type Tool } from '../../../src/core/tools/tool';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { toolTraits } from '../../../src/core/tools/toolTraits';
import type { WorktreeRecord } from '../../../src/core/worktrees/worktreeRecords';
import { tasksWith, type TaskBed } from '../../support/agentTaskBed';
import { STAND_IN_DISPLAY } from '../../support/registeredTools';
import { repositoryWith, worktreeBed, type WorktreeBed } from '../../support/taskWorktreesBed';
import { chunk, delta, gate, usageChunk, type ScriptStep } from './support/scriptedChatClient';

const settings: AgentTaskSettings = { request: requestSettings({ model: 'svc-k2.5', thinking: false }), maxSteps: 5, systemPrompt: 'Be brief.' };
const answer: ScriptStep[] = [delta({ role: 'assistant', content: 'Done.' }, 0, 'stop'), usageChunk(100, 20)];
const callWrite = (file: string): ScriptStep[] => [
  delta({ role: 'assistant', content: '', tool_calls: [{ index: 0, id: `call-${file}`, type: 'function', function: { name: 'write_file', arguments: JSON.stringify({ path: file }) } }] }),
  chunk([{ index: 0, delta: {}, finish_reason: 'tool_calls' }]),
  usageChunk(50, 10),
];

interface Question {
  conversationId: string;
  answer(decision: ApprovalDecision): void;
}

/** Background tasks as the extension runs them: a worktree each, an agent task in a conversation of its own. */
class Bed {
  readonly questions: Question[] = [];
  readonly worktreeOf = new Map<string, string>();
  readonly runs = new Map<string, Promise<unknown>>();
  /** Apply and Discard as the source passed them on, by task id. */
  readonly brought: string[] = [];
  private readonly activityListeners = new Set<() => void>();
  source!: BackgroundSessions;
  tasks!: TaskBed;

  constructor(
    readonly root: string,
    readonly worktrees: WorktreeBed,
  ) {}

  async init(scripts: ScriptStep[][]): Promise<void> {
    this.tasks = await tasksWith(scripts, { toolset: async (request) => this.toolset(request.conversationId) });
    this.source = new BackgroundSessions({
      store: this.tasks.store,
      records: () => this.worktrees.worktrees.list(),
      agent: {
        activity: () => {
          const waiting = new Map<string, number>();
          for (const q of this.questions) waiting.set(q.conversationId, (waiting.get(q.conversationId) ?? 0) + 1);
          return { running: this.tasks.tasks.runningConversations(), waiting };
        },
        onDidChangeActivity: (listener) => {
          this.activityListeners.add(listener);
          return { dispose: () => this.activityListeners.delete(listener) };
        },
      },
      stop: (taskId) => this.tasks.tasks.stop(this.conversation(taskId)),
      resume: async (taskId) => {
        await this.tasks.tasks.run(this.conversation(taskId), 'Continue the stopped task.', settings);
      },
      show: (conversationId) => this.tasks.store.setActive(conversationId),
      // As the extension's Apply and Discard do once the user said yes: the real plan, apply and discard.
      apply: async (taskId) => {
        this.brought.push(`apply ${taskId}`);
        const record = await this.worktrees.worktrees.require(taskId);
        await this.worktrees.changes.apply(record, await this.worktrees.changes.plan(record), 'leave-conflicts');
        await this.worktrees.worktrees.markApplied(taskId);
        await this.source.refresh();
      },
      discard: async (taskId) => {
        this.brought.push(`discard ${taskId}`);
        await this.worktrees.worktrees.discard(taskId);
        await this.source.refresh();
      },
      prices: () => ({ 'svc-k2.5': { input: 2, output: 8 } }),
    });
  }

  /** Starts a task as BackgroundTasks.start does: worktree, conversation, record noted, then the task. */
  async start(id: string, task: string): Promise<WorktreeRecord> {
    const record = await this.worktrees.worktrees.create(this.root, { id, task, carry: 'nothing' });
    const conversation = await this.tasks.store.create();
    await this.tasks.store.rename(conversation.id, `Background: ${task}`);
    const noted = { ...record, conversationId: conversation.id };
    await this.worktrees.worktrees.note(noted);
    this.worktreeOf.set(conversation.id, record.path);
    this.runs.set(id, this.tasks.tasks.run(conversation.id, task, settings));
    await this.source.refresh();
    return noted;
  }

  answer(index: number, decision: ApprovalDecision): void {
    const [question] = this.questions.splice(index, 1);
    question!.answer(decision);
    this.activityListeners.forEach((listener) => listener());
  }

  session(taskId: string) {
    const found = this.source.sessions().find((s) => s.id === backgroundSessionId(taskId));
    assert.ok(found, `session of ${taskId}`);
    return found;
  }

  private conversation(taskId: string): string {
    return this.source.sessions().find((s) => s.id === backgroundSessionId(taskId))!.conversationId;
  }

  /** A write tool that asks first, then writes the file into the task's worktree and records it in the journal. */
  private toolset(conversationId: string): AgentToolset {
    const journal = new ChangeJournal();
    const approvals = new TaskApprovals({
      request: () => new Promise<ApprovalDecision>((resolve) => {
        this.questions.push({ conversationId, answer: resolve });
        this.activityListeners.forEach((listener) => listener());
      }),
    });
    const worktree = this.worktreeOf.get(conversationId)!;
    const write: Tool = {
      definition: functionDefinition('write_file', 'Writes a file.', { path: { type: 'string', description: 'The file.' } }, ['path']),
      origin: { kind: 'workspace' },
      traits: toolTraits({ readsWorkspace: true, changes: 'workspace-files', pathArgument: true }),
      display: STAND_IN_DISPLAY,
      run: async (args, signal) => {
        const file = String(args.value.path);
        if (!(await approvals.allowed({ kind: 'edit', title: `Write ${file}?`, detail: file, allowAlways: true }, signal))) return done('rejected');
        const bytes = new TextEncoder().encode(`written by ${conversationId}\n`);
        fs.writeFileSync(path.join(worktree, file), bytes);
        journal.record({ kind: 'create', path: path.join(worktree, file), display: file, after: bytes });
        return done('written');
      },
    };
    return { registry: new ToolRegistry([write]), approvals, journal, egress: new DataEgressGuard(approvals, false) };
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('background sessions: background tasks in the list of sessions', () => {
  let root: string;
  let worktrees: WorktreeBed;
  let bed: Bed;
  beforeEach(() => {
    root = repositoryWith({ 'README.md': 'shop\n' });
    worktrees = worktreeBed(() => [root]);
    bed = new Bed(root, worktrees);
  });
  afterEach(() => {
    worktrees.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('two tasks at once: each is a background row with its worktree; one waits for approval while the other runs; both end done with their own file', async () => {
    const gateA = gate();
    const gateB = gate();
    await bed.init([[gateA.step, ...callWrite('a-note.txt')], [gateB.step, ...callWrite('b-note.txt')], answer, answer]);
    const changes: number[] = [];
    const subscription = bed.source.onDidChange(() => changes.push(1));
    const a = await bed.start('task-a', 'write note a');
    await until(() => bed.tasks.client.requests.length === 1);
    const b = await bed.start('task-b', 'write note b');
    await until(() => bed.tasks.client.requests.length === 2);
    assert.deepEqual(
      bed.source.sessions().map((s) => [s.id, s.kind, s.state, s.title, s.worktree?.branch]).sort(),
      [
        ['background:task-a', 'background', 'running', 'Background: write note a', 'svc/task-task-a'],
        ['background:task-b', 'background', 'running', 'Background: write note b', 'svc/task-task-b'],
      ],
    );
    assert.equal(bed.session('task-a').worktree?.path, a.path);
    gateA.open();
    await until(() => bed.questions.length === 1);
    assert.equal(bed.session('task-a').state, 'waiting', 'its question waits for the user');
    assert.equal(bed.session('task-b').state, 'running', 'the other goes on meanwhile');
    bed.answer(0, 'approve');
    await bed.runs.get('task-a');
    gateB.open();
    await until(() => bed.questions.length === 1);
    bed.answer(0, 'approve');
    await bed.runs.get('task-b');
    for (const [id, record, file] of [['task-a', a, 'a-note.txt'], ['task-b', b, 'b-note.txt']] as const) {
      const session = bed.session(id);
      assert.equal(session.state, 'done');
      assert.equal(session.filesChanged, 1);
      assert.equal(session.model, 'svc-k2.5');
      assert.equal(session.tokens, 180);
      assert.ok(Math.abs(session.usd! - (150 * 2 + 30 * 8) / 1e6) < 1e-12, `usd ${session.usd}`);
      assert.deepEqual(await worktrees.changes.changes(record), [{ path: file, kind: 'added' }]);
      assert.equal(fs.existsSync(path.join(root, file)), false, 'the folder is untouched until Apply');
    }
    assert.ok(changes.length > 0, 'the list was told');
    subscription.dispose();
  });

  it('Stop from the list stops a waiting task (its question answered no); Resume runs it on in its conversation and worktree', async () => {
    await bed.init([callWrite('a-note.txt'), callWrite('a-note.txt'), answer]);
    const a = await bed.start('task-a', 'write note a');
    await until(() => bed.questions.length === 1);
    const id = backgroundSessionId('task-a');
    assert.equal(bed.source.stop(id), true);
    bed.answer(0, 'reject');
    await bed.runs.get('task-a');
    assert.equal(bed.session('task-a').state, 'stopped');
    assert.equal(fs.existsSync(path.join(a.path, 'a-note.txt')), false, 'nothing was written');
    const resumed = bed.source.resume(id);
    await until(() => bed.questions.length === 1);
    assert.equal(bed.session('task-a').state, 'waiting');
    bed.answer(0, 'approve');
    await resumed;
    assert.equal(bed.session('task-a').state, 'done');
    assert.equal(bed.tasks.store.activeConversationId, a.conversationId, 'Resume shows its conversation');
    assert.equal(bed.tasks.store.list().length, 1, 'the same conversation');
    assert.deepEqual(await worktrees.changes.changes(a), [{ path: 'a-note.txt', kind: 'added' }]);
  });

  it('a failed task is failed; a discarded one leaves the list; a foreground or unknown id is not its own and is refused by name', async () => {
    await bed.init([[{ fail: new Error('connection reset') }]]);
    const a = await bed.start('task-a', 'look around');
    await bed.runs.get('task-a');
    assert.equal(bed.session('task-a').state, 'failed');
    await bed.source.open(backgroundSessionId('task-a'));
    assert.equal(bed.tasks.store.activeConversationId, a.conversationId);
    assert.equal(bed.source.owns(a.conversationId!), false, 'the conversation id is the foreground\'s');
    await worktrees.worktrees.discard('task-a');
    await bed.source.refresh();
    assert.deepEqual(bed.source.sessions(), []);
    assert.throws(() => bed.source.stop(backgroundSessionId('task-a')), (error: unknown) => error instanceof UnknownSessionError && /background:task-a/.test(error.message));
  });

  it('Apply and Discard from the list reach the task by its id: refused while it runs; applied, the row says so and the folder has the file; discarded, the row goes; an unknown id is refused by name', async () => {
    await bed.init([callWrite('a-note.txt'), answer]);
    const a = await bed.start('task-a', 'write note a');
    await until(() => bed.questions.length === 1);
    await assert.rejects(bed.source.apply(backgroundSessionId('task-a')), (error: unknown) => error instanceof TaskStillRunsError && /^Background task "write note a" still runs: stop it or let it end before applying its changes\.$/.test(error.message));
    assert.equal(fs.existsSync(path.join(root, 'a-note.txt')), false, 'nothing applied while it runs');
    bed.answer(0, 'approve');
    await bed.runs.get('task-a');
    const id = backgroundSessionId('task-a');
    assert.deepEqual(bed.session('task-a').worktree, { path: a.path, branch: a.branch, applied: false });
    await bed.source.apply(id);
    assert.equal(bed.session('task-a').worktree?.applied, true);
    assert.equal(fs.readFileSync(path.join(root, 'a-note.txt'), 'utf8'), `written by ${a.conversationId}\n`);
    await bed.source.discard(id);
    assert.deepEqual(bed.source.sessions(), []);
    assert.deepEqual(bed.brought, ['apply task-a', 'discard task-a']);
    for (const [asked, sessionId] of [[() => bed.source.apply(id), id], [() => bed.source.discard('background:nope'), 'background:nope'], [() => bed.source.apply(a.conversationId!), a.conversationId!]] as const) {
      await assert.rejects(asked, (error: unknown) => error instanceof UnknownSessionError && error.message.includes(`No session "${sessionId}"`));
    }
    assert.deepEqual(bed.brought, ['apply task-a', 'discard task-a'], 'nothing refused reached the tasks');
  });
});
