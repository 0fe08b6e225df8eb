// The extension host's side of background tasks, for a bench process that plays the extension host. It is
// composed of the same parts the extension wires in src/extension/worktrees/backgroundTasks.ts and
// src/extension/agent/agentController.ts (which need VS Code itself): per task a worktree of its own made by
// real git, a conversation in the one store on disk, its own AgentTasks with the workspace tools rooted in
// that worktree (edits approved automatically, formulas from the service), and its events posted to the view
// as AgentController shows them: only the active conversation's, through the host's StreamDeltaBatcher (each
// task's conversation is made the active one as it starts, as if the user opened the newest from the list, so
// the view always streams one of them). The
// view's list of sessions is the real SessionList over the real BackgroundSessions. Every message posted is
// serialised as VS Code's postMessage does, and recorded with the event-loop turn that posted it.
import './vscodeStandIn';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SvcClient } from '../../src/api/index';
import { AgentTasks, type AgentTaskRecord, type AgentTasksEvent } from '../../src/core/agent/agentTasks';
import { createAgentToolset } from '../../src/core/agent/agentToolset';
import { systemClock } from '../../src/core/clock';
import { ConversationStore } from '../../src/core/conversations/conversationStore';
import { requestSettings } from '../../src/core/requests/requestSettings';
import { BackgroundSessions } from '../../src/core/sessions/backgroundSessions';
import { FormulaToolCatalog } from '../../src/core/tools/formulaTools';
import type { WorktreeRecord } from '../../src/core/worktrees/worktreeRecords';
import { conversationView } from '../../src/extension/chat/conversationView';
import { StreamDeltaBatcher } from '../../src/extension/chat/streamDeltaBatcher';
import { ConversationFolderFiles } from '../../src/extension/conversationFolderFiles';
import { SessionList } from '../../src/extension/sessions/sessionList';
import type { HostMessage } from '../../src/shared/protocol';
import { worktreeBed, type WorktreeBed } from '../../test/support/taskWorktreesBed';
import { nodeTestHost } from '../../test/support/testWorkspaceHost';

/** One message as the view would receive it: the host turn that posted it, when, and its serialised form. */
export interface PostedMessage {
  turn: number;
  at: number;
  json: string;
}

export interface PreparedTask {
  record: WorktreeRecord;
  conversationId: string;
  text: string;
}

export interface BackgroundTaskHostOptions {
  /** Folder for the conversations on disk. */
  storageDir: string;
  /** The repository the tasks' worktrees are made from. */
  repository: string;
  client: SvcClient;
  model: string;
  maxSteps: number;
}

export class BackgroundTaskHost {
  private readonly activityListeners = new Set<() => void>();
  private readonly running = new Set<AgentTasks>();
  private readonly outbox = new StreamDeltaBatcher((message) => this.deliver(message));
  private readonly catalog: FormulaToolCatalog;
  private recording: PostedMessage[] | undefined;
  private turn = 0;
  private turnOpen = false;
  private ids = 0;

  private readonly sessions: BackgroundSessions;
  private readonly list: SessionList;

  private constructor(
    private readonly options: BackgroundTaskHostOptions,
    readonly store: ConversationStore,
    private readonly bed: WorktreeBed,
  ) {
    this.catalog = new FormulaToolCatalog(options.client.formulas);
    this.sessions = new BackgroundSessions({
      store,
      records: () => bed.worktrees.list(),
      agent: {
        activity: () => ({ running: [...this.running].flatMap((tasks) => tasks.runningConversations()), waiting: new Map() }),
        onDidChangeActivity: (listener) => {
          this.activityListeners.add(listener);
          return { dispose: () => this.activityListeners.delete(listener) };
        },
      },
      stop: () => false,
      resume: async () => undefined,
      show: async () => undefined,
      apply: async () => undefined,
      discard: async () => undefined,
      prices: () => ({}),
    });
    this.list = new SessionList({ post: (message) => this.outbox.send(message), setBadge: () => undefined });
    this.list.add(this.sessions);
  }

  static async open(options: BackgroundTaskHostOptions): Promise<BackgroundTaskHost> {
    const { store } = await ConversationStore.open(new ConversationFolderFiles(options.storageDir), systemClock);
    return new BackgroundTaskHost(options, store, worktreeBed(() => [options.repository]));
  }

  /** Makes each task's worktree and conversation, as "Run in background" does before the task starts. */
  async prepare(texts: readonly string[]): Promise<PreparedTask[]> {
    const prepared: PreparedTask[] = [];
    for (const text of texts) {
      const id = `bench-${++this.ids}`;
      const record = await this.bed.worktrees.create(this.options.repository, { id, task: text, carry: 'nothing' });
      const conversation = await this.store.create();
      await this.store.rename(conversation.id, `Background: ${text}`);
      const noted = { ...record, conversationId: conversation.id };
      await this.bed.worktrees.note(noted);
      prepared.push({ record: noted, conversationId: conversation.id, text });
    }
    await this.sessions.refresh();
    return prepared;
  }

  /** Starts every prepared task at once; resolves when all ended, with their records. */
  async launch(prepared: readonly PreparedTask[]): Promise<(AgentTaskRecord | undefined)[]> {
    const runs = prepared.map(async (task) => {
      const tasks = this.tasksIn(task.record);
      this.running.add(tasks);
      this.activityChanged();
      try {
        return await tasks.run(task.conversationId, task.text, { request: requestSettings({ model: this.options.model, thinking: true }), maxSteps: this.options.maxSteps, systemPrompt: '' });
      } finally {
        this.running.delete(tasks);
        this.activityChanged();
      }
    });
    return Promise.all(runs);
  }

  /** Records what is posted to the view from now on. */
  startRecording(): void {
    this.recording = [];
  }

  stopRecording(): PostedMessage[] {
    const recorded = this.recording ?? [];
    this.recording = undefined;
    return recorded;
  }

  /** Removes the tasks' worktrees (and branches). */
  async discard(prepared: readonly PreparedTask[]): Promise<void> {
    for (const task of prepared) await this.bed.worktrees.discard(task.record.id);
    await this.sessions.refresh();
  }

  async close(): Promise<void> {
    this.list.dispose();
    await this.store.flush();
    this.bed.dispose();
  }

  private tasksIn(record: WorktreeRecord): AgentTasks {
    const workspace = nodeTestHost([{ name: path.basename(this.options.repository), path: record.path }]);
    return new AgentTasks({
      store: this.store,
      client: async () => this.options.client,
      toolset: async ({ history }) =>
        createAgentToolset({
          catalog: this.catalog,
          approver: { request: async () => 'approve' },
          workspace,
          autoApproveEdits: true,
          workspaceOptions: { writes: true, shell: true, protectedFiles: [] },
          formulasRunOnThisComputer: true,
          startsWithWorkspaceContent: history.length > 0,
        }),
      promptCacheKey: async () => 'svc-ws-bench-background',
      clock: systemClock,
      newId: () => `${record.id}-${++this.ids}`,
      log: { warn: (message) => console.warn(message), error: (message) => console.error(message) },
      onEvent: (event) => this.show(event),
    });
  }

  /** What AgentController.show posts for a task's event. */
  private show(event: AgentTasksEvent): void {
    switch (event.type) {
      case 'live':
      case 'ended':
        this.postIfActive(event.conversation.id, { type: 'conversation', conversation: conversationView(event.conversation) });
        return;
      case 'delta': {
        const ref = { conversationId: event.conversationId, messageId: event.messageId, choiceIndex: 0, text: event.text };
        this.postIfActive(event.conversationId, event.kind === 'reasoning' ? { type: 'reasoningDelta', ...ref } : { type: 'contentDelta', ...ref });
        return;
      }
      case 'notice':
        this.postIfActive(event.conversationId, { type: 'notice', level: event.level, message: event.message });
        return;
      case 'processes':
        this.outbox.send({ type: 'processes', conversationId: event.conversationId, processes: event.processes.map((p) => ({ id: p.id, command: p.command, cwd: p.cwd, background: p.background, running: p.state === 'running' })) });
        return;
    }
  }

  private postIfActive(conversationId: string, message: HostMessage): void {
    if (this.store.activeConversationId === conversationId) this.outbox.send(message);
  }

  private activityChanged(): void {
    for (const listener of this.activityListeners) listener();
  }

  /** The webview's postMessage serialises every message in the extension host; the bench keeps the result. */
  private deliver(message: HostMessage): void {
    const json = JSON.stringify(message);
    if (!this.turnOpen) {
      this.turnOpen = true;
      setImmediate(() => {
        this.turnOpen = false;
        this.turn += 1;
      });
    }
    this.recording?.push({ turn: this.turn, at: performance.now(), json });
  }
}
