// Runs agent tasks in the chat view's conversation: builds one task's tools from the settings, shows
// the task live (a card per tool call, each step's reasoning and text), saves the conversation when
// the task ends, and keeps each task's change journal so its changes can be undone or diffed.
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { type SvcClient, modelInfo, type ChatRequest } from '../../api/index';
import { runAgentTask } from '../../core/agent/agentLoop';
import type { AgentTaskSummary } from '../../core/agent/agentEvents';
import { createAgentToolset } from '../../core/agent/agentToolset';
import { AgentTranscript } from '../../core/agent/agentTranscript';
import type { AssistantEntry, Conversation, UserEntry } from '../../core/conversations/conversation';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import { conversationView } from '../chat/conversationView';
import { errorToInfo } from '../../core/chat/errorAction';
import { buildHistory } from '../../core/chat/historyBuilder';
import type { ChangeJournal, UndoReport } from '../../core/tools/changeJournal';
import { holdsWorkspaceContent } from '../../core/tools/dataEgressGuard';
import { FormulaToolCatalog } from '../../core/tools/formulaTools';
import type { WorkspaceHost } from '../../core/tools/workspaceHost';
import { addUsage } from '../../core/conversations/usageTotals';
import type { HostMessage, SendOptions, WebviewMessageOf } from '../../shared/protocol';
import type { ProposedContentProvider } from '../proposedContent';
import { readSettings } from '../settings';
import { readAgentSettings } from './agentSettings';
import type { ChatApprover } from './chatApprover';

/** What the agent needs of the chat view's controller: the view, and which conversation it shows. */
export interface AgentChatSurface {
  post(message: HostMessage): void;
  activeConversationId(): string | undefined;
  /** Makes `conversationId` the conversation the view shows. */
  setActive(conversationId: string): Promise<void>;
}

export interface AgentTaskRecord {
  taskId: string;
  conversationId: string;
  task: string;
  finishedAt: number;
  summary: AgentTaskSummary;
  journal: ChangeJournal;
}

export type AgentWebviewMessage = WebviewMessageOf<'runAgentTask' | 'approvalAnswer' | 'openAgentDiff' | 'undoAgentTask'>;

export class AgentTaskBusyError extends Error {
  constructor() {
    super('An agent task is already running in this conversation: stop it first (Escape or svc: Stop Generating).');
    this.name = 'AgentTaskBusyError';
  }
}

export class UnknownAgentTaskError extends Error {
  constructor(taskId: string) {
    super(`No agent task "${taskId}" in this window: changes can be undone or diffed only in the window that made them.`);
    this.name = 'UnknownAgentTaskError';
  }
}

interface RunningTask {
  controller: AbortController;
  conversation: Conversation;
  transcript: AgentTranscript;
  done: Promise<void>;
}

export interface AgentControllerOptions {
  store: ConversationStore;
  client: () => Promise<SvcClient>;
  surface: AgentChatSurface;
  approver: ChatApprover;
  workspace: WorkspaceHost;
  promptCacheKey: () => Promise<string>;
  proposals: ProposedContentProvider;
  log: vscode.LogOutputChannel;
  /** True when the service is the local emulator, whose code_runner runs on this computer. */
  serviceIsLocal: () => Promise<boolean>;
}

/** Shown when a task starts in Restricted Mode, where the agent may read but not change anything. */
export const RESTRICTED_MODE_NOTICE =
  'Restricted Mode: the agent can read files but not edit them or run commands in an untrusted workspace. Trust this workspace (Manage Workspace Trust) to allow them.';

export class AgentController {
  private readonly running = new Map<string, RunningTask>();
  private readonly tasks: AgentTaskRecord[] = [];
  private catalog: { client: SvcClient; catalog: FormulaToolCatalog } | undefined;

  constructor(private readonly options: AgentControllerOptions) {}

  /** Messages of the view that belong to agent tasks. */
  async handle(message: AgentWebviewMessage): Promise<void> {
    switch (message.type) {
      case 'runAgentTask':
        await this.run(message.conversationId, message.text, message.options);
        return;
      case 'approvalAnswer':
        this.options.approver.answer(message.requestId, message.decision);
        return;
      case 'openAgentDiff':
        return this.openDiff(message.taskId, message.path);
      case 'undoAgentTask':
        await this.undo(message.taskId);
        return;
    }
  }

  /** Stops the task running in `conversationId`; false when none runs there. */
  stop(conversationId: string): boolean {
    const task = this.running.get(conversationId);
    task?.controller.abort();
    return task !== undefined;
  }

  /** The view (re)loaded: show the running task and its open questions again. */
  viewReady(): void {
    const active = this.options.surface.activeConversationId();
    const task = active ? this.running.get(active) : undefined;
    if (task) this.postLive(task);
    for (const pending of this.options.approver.open()) this.options.approver.showInline(pending);
  }

  isRunning(conversationId: string): boolean {
    return this.running.has(conversationId);
  }

  history(): readonly AgentTaskRecord[] {
    return this.tasks;
  }

  async whenIdle(): Promise<void> {
    await Promise.all([...this.running.values()].map((t) => t.done));
  }

  /** Runs `task` in the conversation (a new one when null); resolves when the task ended. */
  async run(conversationId: string | null, task: string, sendOptions?: SendOptions): Promise<AgentTaskRecord | undefined> {
    const { store, surface } = this.options;
    const settings = readSettings();
    const agent = readAgentSettings();
    const conversation = conversationId ? store.require(conversationId) : await store.create(settings.systemPrompt);
    if (this.running.has(conversation.id)) throw new AgentTaskBusyError();
    await surface.setActive(conversation.id);

    const model = sendOptions?.model ?? settings.model;
    const thinkingOn = sendOptions?.thinking ?? settings.thinking;
    const taskId = randomUUID();
    const history = buildHistory(conversation);
    const user: UserEntry = { id: randomUUID(), role: 'user', createdAt: Date.now(), content: task };
    conversation.entries.push(user);
    const transcript = new AgentTranscript({ taskId, model, now: Date.now, newId: randomUUID });
    const controller = new AbortController();
    let finished!: () => void;
    const running: RunningTask = { controller, conversation, transcript, done: new Promise<void>((resolve) => (finished = resolve)) };
    this.running.set(conversation.id, running);
    try {
      await store.save(conversation);
      this.postLive(running);
      const client = await this.options.client();
      // Trust is read per task: granting it takes effect from the next task on.
      const trusted = vscode.workspace.isTrusted;
      if (!trusted) this.postIfActive(conversation.id, { type: 'notice', level: 'warning', message: RESTRICTED_MODE_NOTICE });
      const toolset = await createAgentToolset({
        catalog: this.formulaCatalog(client),
        approver: this.options.approver.forConversation(conversation.id),
        formulas: agent.formulas,
        workspace: this.options.workspace,
        autoApproveEdits: agent.autoApproveEdits,
        workspaceOptions: { writes: trusted, shell: trusted, protectedFiles: agent.protectedFiles },
        formulasRunOnThisComputer: await this.options.serviceIsLocal(),
        startsWithWorkspaceContent: holdsWorkspaceContent(history),
      });
      const thinking: ChatRequest['thinking'] | undefined = modelInfo(model)?.thinking === 'optional' ? { type: thinkingOn ? 'enabled' : 'disabled' } : undefined;
      const result = await runAgentTask({
        client,
        model,
        task,
        tools: toolset.registry,
        promptCacheKey: await this.options.promptCacheKey(),
        history,
        maxSteps: agent.maxSteps,
        ...(settings.maxCompletionTokens !== undefined ? { maxCompletionTokens: settings.maxCompletionTokens } : {}),
        ...(thinking ? { thinking } : {}),
        signal: controller.signal,
        journal: toolset.journal,
        onEvent: (event) => {
          const step = transcript.apply(event);
          if ((event.type === 'reasoning_delta' || event.type === 'content_delta') && step) {
            const ref = { conversationId: conversation.id, messageId: step.id, choiceIndex: 0, text: event.text };
            this.postIfActive(conversation.id, event.type === 'reasoning_delta' ? { type: 'reasoningDelta', ...ref } : { type: 'contentDelta', ...ref });
          } else if (event.type === 'context_compacted') {
            this.postIfActive(conversation.id, { type: 'notice', level: 'info', message: event.message });
          } else if (event.type !== 'task_started' && event.type !== 'task_finished') {
            this.postLive(running);
            if (event.type === 'tool_call_finished' || event.type === 'step_finished') this.checkpoint(running);
          }
        },
      });
      conversation.entries.push(...transcript.finish(result.messages.slice(history.length + 1), result.summary));
      conversation.usageTotals = addUsage(conversation.usageTotals, result.summary.usage);
      const record: AgentTaskRecord = { taskId, conversationId: conversation.id, task, finishedAt: Date.now(), summary: result.summary, journal: toolset.journal };
      this.tasks.push(record);
      if (result.summary.error) this.options.log.warn(`Agent task ended with an error: ${result.summary.error}`);
      return record;
    } catch (error) {
      // Nothing ran (no connection, the formulas' tools could not be listed): the reason takes the reply's place.
      this.options.log.error(`Agent task could not start: ${error instanceof Error ? error.message : String(error)}`);
      const failed: AssistantEntry = {
        id: randomUUID(),
        role: 'assistant',
        createdAt: Date.now(),
        model,
        alternatives: [{ content: '', reasoning: '', finishReason: null }],
        selected: 0,
        status: 'failed',
        error: errorToInfo(error),
      };
      conversation.entries.push(failed);
      return undefined;
    } finally {
      this.running.delete(conversation.id);
      await store.save(conversation);
      this.postIfActive(conversation.id, { type: 'conversation', conversation: conversationView(conversation) });
      finished();
    }
  }

  /** Undoes every change of task `taskId` (the last task with changes when absent). */
  async undo(taskId?: string): Promise<UndoReport | undefined> {
    const record = taskId ? this.tasks.find((t) => t.taskId === taskId) : [...this.tasks].reverse().find((t) => t.journal.applied().length > 0);
    if (taskId && !record) throw new UnknownAgentTaskError(taskId);
    if (!record || record.journal.applied().length === 0) {
      void vscode.window.showInformationMessage('svc: the agent has no changes to undo in this window.');
      return undefined;
    }
    const report = await record.journal.undoAll(this.options.workspace);
    const parts = [
      report.restored.length > 0 ? `restored ${report.restored.join(', ')}` : '',
      report.deleted.length > 0 ? `deleted ${report.deleted.join(', ')} (created by the task)` : '',
      ...report.skipped.map((s) => `left ${s.display} alone: ${s.reason}`),
    ].filter((p) => p !== '');
    const message = `svc: undid the agent task "${record.task.slice(0, 60)}": ${parts.join('; ') || 'nothing to do'}.`;
    this.postIfActive(record.conversationId, { type: 'notice', level: report.skipped.length > 0 ? 'warning' : 'info', message });
    void (report.skipped.length > 0 ? vscode.window.showWarningMessage(message) : vscode.window.showInformationMessage(message));
    return report;
  }

  /** Tasks whose changes can still be undone, newest first. */
  undoable(): AgentTaskRecord[] {
    return [...this.tasks].reverse().filter((t) => t.journal.applied().length > 0);
  }

  /** The diff of a changed file: as it was before the task (left) against the file now (right). */
  async openDiff(taskId: string, display: string): Promise<void> {
    const record = this.tasks.find((t) => t.taskId === taskId);
    const change = record?.journal.applied().find((c) => c.display === display);
    if (!record || !change) {
      const root = this.options.workspace.roots()[0];
      if (!root) throw new UnknownAgentTaskError(taskId);
      // After a reload the journal is gone; the file itself is the best there is.
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(path.join(root.path, display)));
      return;
    }
    const before = this.options.proposals.add(path.basename(change.path), change.before ?? '');
    const title = `${display} (${change.before === undefined ? 'created' : 'changed'} by the agent)`;
    await vscode.commands.executeCommand('vscode.diff', before, vscode.Uri.file(change.path), title, { preview: true });
  }

  private formulaCatalog(client: SvcClient): FormulaToolCatalog {
    // Definitions are cached per session; a new client (key or address change) is a new session.
    if (this.catalog?.client !== client) this.catalog = { client, catalog: new FormulaToolCatalog(client.formulas) };
    return this.catalog.catalog;
  }

  /** Saves the task so far (a copy: the store keeps the conversation without the live steps until the end). */
  private checkpoint(task: RunningTask): void {
    const saved: Conversation = { ...task.conversation, entries: [...task.conversation.entries, ...task.transcript.checkpoint()] };
    this.options.store.save(saved, { touch: false }).catch((error: unknown) => this.options.log.warn(`Saving the running agent task failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  private postLive(task: RunningTask): void {
    const live: Conversation = { ...task.conversation, entries: [...task.conversation.entries, ...task.transcript.live()] };
    this.postIfActive(task.conversation.id, { type: 'conversation', conversation: conversationView(live) });
  }

  private postIfActive(conversationId: string, message: HostMessage): void {
    if (this.options.surface.activeConversationId() === conversationId) this.options.surface.post(message);
  }
}
