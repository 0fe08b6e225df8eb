// Background tasks: each runs an agent task of its own conversation in its own git worktree, with a
// workspace host whose only root is that worktree, so its tools, commands, search and processes see
// nothing of the folder. No checkpoints are taken (the worktree is the task's own copy; Discard undoes
// all of it) and no MCP or other extensions' tools are offered (they act on the real folder). At most
// `svc.agent.backgroundTasks.limit` run at once; each question it asks names it.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SvcClient } from '../../api/index';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import type { NestedRulesSource } from '../../core/rules/nestedRules';
import type { RequestIdentity } from '../../core/requests/requestIdentity';
import type { ChatMessage } from '../../api/index';
import type { AgentActivity } from '../../core/sessions/foregroundSessions';
import type { SendOptions } from '../../shared/protocol';
import type { CreateOptions, TaskWorktrees } from '../../core/worktrees/taskWorktrees';
import type { WorktreeChanges } from '../../core/worktrees/worktreeChanges';
import { WorktreeRefusedError } from '../../core/worktrees/worktreeErrors';
import type { WorktreeRecord } from '../../core/worktrees/worktreeRecords';
import { AgentController, type AgentChatSurface, type AgentTaskRecord } from '../agent/agentController';
import type { ChatApprover } from '../agent/chatApprover';
import type { ProposedContentProvider } from '../proposedContent';
import { readAgentSettings } from '../settings/settingsReader';
import { VscodeWorkspaceHost } from '../workspaceTools/vscodeWorkspaceHost';
import { localFolders } from './worktreeCleanUp';
import { worktreesOnDisk } from './worktreesOnDisk';

export interface BackgroundTaskOptions {
  store: ConversationStore;
  client: () => Promise<SvcClient>;
  surface: AgentChatSurface;
  identity: RequestIdentity;
  proposals: ProposedContentProvider;
  log: vscode.LogOutputChannel;
  serviceIsLocal: () => Promise<boolean>;
  /** Shared with the chat's own tasks, so the view's answer buttons reach a background task's questions. */
  approver: ChatApprover;
  standingInstructions?: () => Promise<ChatMessage | undefined>;
  nestedRules?: NestedRulesSource;
}

interface Running {
  record: WorktreeRecord;
  controller: AgentController;
  host: VscodeWorkspaceHost;
  conversationId: string;
  done: Promise<AgentTaskRecord | undefined>;
}

/** A short name of what the task was asked, for questions and lists. */
export function taskName(task: string): string {
  const line = task.trim().split('\n', 1)[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

export class BackgroundTasks implements vscode.Disposable {
  readonly worktrees: TaskWorktrees;
  readonly changes: WorktreeChanges;
  private readonly running = new Map<string, Running>();
  private readonly finished = new vscode.EventEmitter<{ record: WorktreeRecord; task: AgentTaskRecord | undefined }>();
  readonly onDidFinish = this.finished.event;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly changedRecords = new vscode.EventEmitter<void>();
  /** A task started, or was applied or discarded: the records changed. */
  readonly onDidChangeRecords = this.changedRecords.event;

  constructor(
    private readonly options: BackgroundTaskOptions,
    storageFolder: string,
  ) {
    const onDisk = worktreesOnDisk(storageFolder, localFolders, () => vscode.workspace.isTrusted);
    this.worktrees = onDisk.worktrees;
    this.changes = onDisk.changes;
  }

  runningIds(): string[] {
    return [...this.running.keys()];
  }

  /** The conversation of running task `id`, to open it in the chat. */
  conversationOf(id: string): string | undefined {
    return this.running.get(id)?.conversationId;
  }

  /**
   * Makes the task's worktree in `folder` and starts the task there; resolves once it started (its end
   * is announced by `onDidFinish`). Refused past the limit.
   */
  async start(folder: string, task: string, carry: CreateOptions['carry'], sendOptions?: SendOptions): Promise<WorktreeRecord> {
    this.checkLimit();
    const id = randomBytes(4).toString('hex');
    const record = await this.worktrees.create(folder, { id, task, carry });
    const conversation = await this.options.store.create(undefined, { makeActive: false });
    await this.options.store.rename(conversation.id, vscode.l10n.t('Background: {0}', taskName(task)));
    const noted = { ...record, conversationId: conversation.id };
    await this.worktrees.note(noted);
    this.launch(noted, conversation.id, (controller) => controller.run(conversation.id, task, sendOptions));
    return noted;
  }

  /**
   * Runs stopped task `id` again in its worktree: a new agent task in its conversation that reads the
   * steps taken so far and goes on. Refused past the limit, and for a task that runs.
   */
  async resume(id: string): Promise<void> {
    if (this.running.has(id)) return;
    this.checkLimit();
    const record = await this.worktrees.require(id);
    const conversationId = record.conversationId;
    if (conversationId === undefined || !this.options.store.summary(conversationId)) throw new WorktreeRefusedError(vscode.l10n.t('Background task "{0}" has no conversation to go on from.', taskName(record.task)));
    this.launch(record, conversationId, (controller) => controller.resume(conversationId));
  }

  /** The conversations of running tasks, and the questions open in them (shared approver). */
  activity(): AgentActivity {
    const conversations = new Set([...this.running.values()].map((r) => r.conversationId));
    const waiting = new Map<string, number>();
    for (const open of this.options.approver.open()) if (conversations.has(open.conversationId)) waiting.set(open.conversationId, (waiting.get(open.conversationId) ?? 0) + 1);
    return { running: [...conversations], waiting };
  }

  /** Fires when a task started or ended, a question was asked or settled, or a record changed. */
  onDidChangeActivity(listener: () => void): vscode.Disposable {
    const subscriptions = [this.changed.event(listener), this.options.approver.onDidChange(listener)];
    return new vscode.Disposable(() => subscriptions.forEach((s) => s.dispose()));
  }

  /** A task was applied or discarded: the list of sessions reads the records again. */
  recordsChanged(): void {
    this.changedRecords.fire();
  }

  /** Stops the running task of `conversationId` (the chat view's Stop); false when none runs there. */
  stopConversation(conversationId: string): boolean {
    const id = [...this.running.entries()].find(([, r]) => r.conversationId === conversationId)?.[0];
    return id !== undefined && this.stop(id);
  }

  private checkLimit(): void {
    const limit = readAgentSettings().backgroundTaskLimit;
    if (this.running.size >= limit) {
      throw new WorktreeRefusedError(vscode.l10n.t('{0} background tasks are running, the most svc.agent.backgroundTasks.limit allows; wait for one to finish or stop one under "svc: Manage Worktrees".', this.running.size));
    }
  }

  private launch(record: WorktreeRecord, conversationId: string, run: (controller: AgentController) => Promise<AgentTaskRecord | undefined>): void {
    const relative = path.relative(record.root, record.folder);
    const root = relative === '' ? record.path : path.join(record.path, relative);
    const host = new VscodeWorkspaceHost(this.options.log, () => [{ name: path.basename(record.folder), path: root }]);
    const controller = new AgentController({ ...this.options, workspace: host, taskName: taskName(record.task) });
    const done = run(controller);
    this.running.set(record.id, { record, controller, host, conversationId, done });
    this.changed.fire();
    this.changedRecords.fire();
    void done.then(
      (result) => this.end(record.id, result),
      (error: unknown) => {
        this.options.log.warn(`background task ${record.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        this.end(record.id, undefined);
      },
    );
  }

  /** Stops running task `id`; false when it is not running. */
  stop(id: string): boolean {
    const running = this.running.get(id);
    return running ? running.controller.stop(running.conversationId) : false;
  }

  /** Stops running task `id` and resolves once it ended (at once when it is not running). */
  async stopAndWait(id: string): Promise<void> {
    const running = this.running.get(id);
    if (!running) return;
    running.controller.stop(running.conversationId);
    await running.done.catch(() => undefined);
  }

  /** Resolves when every running task ended. */
  async whenIdle(): Promise<void> {
    await Promise.all([...this.running.values()].map((r) => r.done.catch(() => undefined)));
  }

  private end(id: string, task: AgentTaskRecord | undefined): void {
    const running = this.running.get(id);
    if (!running) return;
    this.running.delete(id);
    running.host.dispose();
    this.changed.fire();
    this.finished.fire({ record: running.record, task });
  }

  dispose(): void {
    for (const id of this.running.keys()) this.stop(id);
    this.finished.dispose();
    this.changed.dispose();
    this.changedRecords.dispose();
  }
}
