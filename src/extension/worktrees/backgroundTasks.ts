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
  async start(folder: string, task: string, carry: CreateOptions['carry']): Promise<WorktreeRecord> {
    const limit = readAgentSettings().backgroundTaskLimit;
    if (this.running.size >= limit) {
      throw new WorktreeRefusedError(vscode.l10n.t('{0} background tasks are running, the most svc.agent.backgroundTasks.limit allows; wait for one to finish or stop one under "svc: Manage Worktrees".', this.running.size));
    }
    const id = randomBytes(4).toString('hex');
    const record = await this.worktrees.create(folder, { id, task, carry });
    const relative = path.relative(record.root, folder);
    const root = relative === '' ? record.path : path.join(record.path, relative);
    const host = new VscodeWorkspaceHost(this.options.log, () => [{ name: path.basename(folder), path: root }]);
    const controller = new AgentController({ ...this.options, workspace: host, taskName: taskName(task) });
    const conversation = await this.options.store.create();
    await this.options.store.rename(conversation.id, vscode.l10n.t('Background: {0}', taskName(task)));
    await this.worktrees.note({ ...record, conversationId: conversation.id });
    const done = controller.run(conversation.id, task);
    const running: Running = { record, controller, host, conversationId: conversation.id, done };
    this.running.set(id, running);
    void done.then(
      (result) => this.end(id, result),
      (error: unknown) => {
        this.options.log.warn(`background task ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
        this.end(id, undefined);
      },
    );
    return record;
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
    this.finished.fire({ record: running.record, task });
  }

  dispose(): void {
    for (const id of this.running.keys()) this.stop(id);
    this.finished.dispose();
  }
}
