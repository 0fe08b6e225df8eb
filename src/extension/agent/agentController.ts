// Agent tasks in the chat view: reads the settings and workspace trust for each task, builds its
// tools, shows the core's task events in the view (a card per tool call, each step's reasoning and
// text), answers the view's agent messages, and opens diffs of what a task changed.
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ToolDefinition } from '../../api/index';
import type { ChatMessage, SvcClient } from '../../api/index';
import type { NestedRulesSource } from '../../core/rules/nestedRules';
import type { SkillSource } from '../../core/customizations/skillTool';
import { UnknownAgentTaskError } from '../../core/agent/agentTaskErrors';
import { AgentTasks, type AgentTaskRecord, type AgentTaskSettings, type AgentTasksEvent, type ToolsetRequest } from '../../core/agent/agentTasks';
import { namedApprover } from '../../core/agent/namedApprover';
import { planTask } from '../../core/agent/plan';
import { SubagentKinds } from '../../core/agent/subagents/subagentKinds';
import type { Customization } from '../../core/customizations/customization';
import { chooseModel, findAgent, subagentKindsWith, type CustomAgentRun } from '../../core/customizations/customAgents';
import { createAgentToolset, type AgentToolset } from '../../core/agent/agentToolset';
import { systemClock } from '../../core/clock';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import type { HostWindow } from '../../core/host/hostWindow';
import type { UndoReport } from '../../core/tools/changeJournal';
import { holdsWorkspaceContent } from '../../core/tools/dataEgressGuard';
import { FormulaToolCatalog } from '../../core/tools/formulaTools';
import type { ProcessSummary } from '../../core/tools/taskProcesses';
import { decodeTextFile } from '../../core/tools/textFileCodec';
import type { WorkspaceHost } from '../../core/tools/workspaceHost';
import type { HostMessage, SendOptions } from '../../shared/protocol';
import { conversationView } from '../chat/conversationView';
import { vscodeHostWindow } from '../chat/vscodeHostWindow';
import type { WebviewHandlerGroup } from '../chat/webviewMessageRouter';
import type { ProposedContentProvider } from '../proposedContent';
import { readAgentSettings, readSettings } from '../settings/settingsReader';
import type { ChatApprover } from './chatApprover';
import type { ExternalToolTask } from '../../core/mcp/externalTool';
import type { TakeCheckpoint } from '../../core/checkpoints/checkpointedTool';
import type { ExternalToolSource } from '../mcp/registerMcpFeatures';
import type { AgentEditReview } from '../../core/review/agentEditReview';
import { followJournal } from '../../core/review/reviewSources';
import type { AgentActivity } from '../../core/sessions/foregroundSessions';
import type { RequestIdentity } from '../../core/requests/requestIdentity';
import type { HookFeatures } from '../hooks/hookFeatures';

export type { AgentTaskRecord };

/** What a resumed task asks of the model (English: the model reads it). */
const RESUME_TASK = 'Continue the task above from where it stopped. First check what its earlier steps already did, then finish what is left.';

/** As many as the view's message allows for one process; more would be one system's refusal repeated. */
const MAX_LEFT_RUNNING_SHOWN = 20;

export class PlanNotFoundError extends Error {
  constructor(messageId: string, problem = vscode.l10n.t('it has no plan to approve or reject')) {
    super(vscode.l10n.t('Message {0}: {1}.', messageId, problem));
    this.name = 'PlanNotFoundError';
  }
}

export class UnknownCustomAgentError extends Error {
  override readonly name = 'UnknownCustomAgentError';
  constructor(agent: string) {
    super(vscode.l10n.t('{0} is no longer a custom agent of this window (its file was removed, changed or is not trusted).', agent));
  }
}

/** What the agent needs of the chat view's controller: the view, and which conversation it shows. */
export interface AgentChatSurface {
  post(message: HostMessage): void;
  activeConversationId(): string | undefined;
}

/** A task whose words for the model (`sent`) differ from what the chat shows (`shown`). */
export interface ShownTask {
  sent: string;
  shown: string;
}

export interface AgentControllerOptions {
  store: ConversationStore;
  client: () => Promise<SvcClient>;
  surface: AgentChatSurface;
  approver: ChatApprover;
  workspace: WorkspaceHost;
  /** The cache key, safety identifier and the user's request settings, for every step. */
  identity: RequestIdentity;
  proposals: ProposedContentProvider;
  log: vscode.LogOutputChannel;
  /** True when the service is the local emulator, whose code_runner runs on this computer. */
  serviceIsLocal: () => Promise<boolean>;
  window?: HostWindow;
  /** Tools of MCP servers and other extensions for a task (workspace servers only when `trusted`). */
  externalTools?: ExternalToolSource;
  /** Checkpoints before each task and each call that may change files. */
  checkpoint?: TakeCheckpoint;
  /** Project rules for every step. */
  standingInstructions?: () => Promise<ChatMessage | undefined>;
  /** Subfolders' rules, sent with the file tools' results there. */
  nestedRules?: NestedRulesSource;
  /** The skills the agent may read (use_skill). */
  skills?: SkillSource;
  /** The review of the agent's edits in the editor: every task's writes are offered there. */
  review?: AgentEditReview;
  /** Hooks around every tool call, the prompt and the task's end. */
  hooks?: HookFeatures;
  /** A background task's name, which each of its approval questions carries. */
  taskName?: string;
  /** The custom agents found (the mode picker's and run_subagent's), and the models the service offers. */
  customAgents?: CustomAgentSource;
}

export interface CustomAgentSource {
  items(): Promise<readonly Customization[]>;
  offeredModels(): Promise<readonly string[]>;
}

/** Shown when a task starts in Restricted Mode, where the agent may read but not change anything. */
export function restrictedModeNotice(): string {
  return vscode.l10n.t('Restricted Mode: the agent can read files but not edit them or run commands in an untrusted workspace. Trust this workspace (Manage Workspace Trust) to allow them.');
}

export class AgentController {
  private readonly tasks: AgentTasks;
  private readonly activityListeners = new Set<() => void>();
  private readonly window: HostWindow;
  private catalog: { client: SvcClient; catalog: FormulaToolCatalog } | undefined;
  private loggedKindProblems = new Set<string>();

  constructor(private readonly options: AgentControllerOptions) {
    this.window = options.window ?? vscodeHostWindow;
    this.tasks = new AgentTasks({
      store: options.store,
      client: options.client,
      toolset: (request) => this.toolset(request),
      promptCacheKey: () => options.identity.promptCacheKey(),
      clock: systemClock,
      newId: randomUUID,
      log: options.log,
      onEvent: (event) => this.show(event),
      conversationPlace: options.taskName === undefined ? 'active' : 'background',
      ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
      ...(options.standingInstructions ? { standingInstructions: options.standingInstructions } : {}),
      subagents: (available) => this.subagentKinds(available),
    });
  }

  /** The built-in kinds and the custom agents that may be subagents; a custom one that cannot be is said in the log once. */
  private async subagentKinds(available: readonly string[]): Promise<SubagentKinds> {
    const source = this.options.customAgents;
    if (!source) return SubagentKinds.withBuiltins();
    const [items, offered] = await Promise.all([source.items(), source.offeredModels()]);
    const { kinds, problems } = subagentKindsWith(items, available, (id) => offered.includes(id));
    for (const problem of problems) if (!this.loggedKindProblems.has(problem)) this.options.log.warn(problem);
    this.loggedKindProblems = new Set(problems);
    return kinds;
  }

  /** The view's messages that belong to agent tasks. */
  handlers(): WebviewHandlerGroup<'runAgentTask' | 'approvePlan' | 'rejectPlan' | 'approvalAnswer' | 'openAgentDiff' | 'undoAgentTask' | 'openAgentReview' | 'stopProcess'> {
    return {
      runAgentTask: (message) =>
        message.agent !== undefined ? this.runAgent(message.conversationId, message.text, message.options, message.agent) : this.run(message.conversationId, message.text, message.options, message.mode === 'plan' ? { kind: 'plan' } : undefined),
      approvePlan: (message) => this.approvePlan(message.conversationId, message.messageId, message.steps),
      rejectPlan: (message) => this.rejectPlan(message.conversationId, message.messageId),
      approvalAnswer: (message) => this.options.approver.answer(message.requestId, message.decision),
      openAgentDiff: (message) => this.openDiff(message.taskId, message.path),
      undoAgentTask: (message) => this.undo(message.taskId),
      openAgentReview: () => vscode.commands.executeCommand('svc.agentReview.open'),
      stopProcess: async (message) => void (await this.tasks.stopProcess(message.conversationId, message.processId)),
    };
  }

  /** Stops the task running in `conversationId`; false when none runs there. */
  stop(conversationId: string): boolean {
    return this.tasks.stop(conversationId);
  }

  activity(): AgentActivity {
    const waiting = new Map<string, number>();
    for (const open of this.options.approver.open()) waiting.set(open.conversationId, (waiting.get(open.conversationId) ?? 0) + 1);
    return { running: this.tasks.runningConversations(), waiting };
  }

  /** Fires when a question was asked or settled and when a task ended. */
  onDidChangeActivity(listener: () => void): vscode.Disposable {
    this.activityListeners.add(listener);
    const questions = this.options.approver.onDidChange(listener);
    return new vscode.Disposable(() => {
      this.activityListeners.delete(listener);
      questions.dispose();
    });
  }

  /** The view (re)loaded: show the running task and its open questions again. */
  viewReady(): void {
    const active = this.options.surface.activeConversationId();
    const live = active ? this.tasks.live(active) : undefined;
    if (live) this.options.surface.post({ type: 'conversation', conversation: conversationView(live) });
    // Every running task's list, so switching to another conversation shows its processes too.
    for (const conversationId of this.tasks.runningConversations()) this.postProcesses(conversationId, this.tasks.processes(conversationId));
    for (const pending of this.options.approver.open()) this.options.approver.showInline(pending);
    if (this.options.review) this.options.surface.post({ type: 'agentReview', ...this.options.review.counts() });
  }

  /** The tools the conversation's last agent task offered, which its Ask requests to the same model carry too (AgentTasks.toolsOf). */
  toolsOf(conversationId: string, model: string): ToolDefinition[] {
    return this.tasks.toolsOf(conversationId, model);
  }

  isRunning(conversationId: string): boolean {
    return this.tasks.isRunning(conversationId);
  }

  history(): readonly AgentTaskRecord[] {
    return this.tasks.history();
  }

  whenIdle(): Promise<void> {
    return this.tasks.whenIdle();
  }

  /** Runs `task` in the conversation (a new one when null); resolves when the task ended. */
  run(conversationId: string | null, task: string | ShownTask, sendOptions?: SendOptions, mode?: AgentTaskSettings['mode'], agent?: CustomAgentRun): Promise<AgentTaskRecord | undefined> {
    const settings = readSettings();
    const { maxSteps, maxTaskTokens } = readAgentSettings();
    const { sent, shown } = typeof task === 'string' ? { sent: task, shown: undefined } : task;
    // A background task leaves the composer's picker as it is (on "Run in background").
    if (this.options.taskName === undefined) this.options.surface.post({ type: 'taskMode', mode: mode?.kind === 'plan' ? 'plan' : 'agent', ...(agent ? { agent: agent.name } : {}) });
    return this.tasks.run(conversationId, sent, {
      request: this.options.identity.settings(sendOptions),
      maxSteps, maxTaskTokens,
      systemPrompt: settings.systemPrompt,
      ...(mode ? { mode } : {}),
      ...(shown !== undefined ? { shown } : {}),
      ...(agent ? { agent } : {}),
    });
  }

  /**
   * Runs `task` as the custom agent `name` (the mode picker's entry): its instructions, only its tools, and
   * its model when the service offers one of those it names (else the composer's, and the chat says so).
   */
  async runAgent(conversationId: string | null, task: string, sendOptions: SendOptions, name: string): Promise<AgentTaskRecord | undefined> {
    const source = this.options.customAgents;
    const agent = source ? findAgent(await source.items(), name) : undefined;
    if (!source || !agent) throw new UnknownCustomAgentError(name);
    const offered = await source.offeredModels();
    const model = chooseModel(agent.models, (id) => offered.includes(id));
    if (agent.models.length > 0 && !model) {
      this.options.surface.post({ type: 'notice', level: 'info', message: vscode.l10n.t('Agent {0} asks for {1}, which the service does not offer: it runs on {2}.', agent.name, agent.models.join(', '), sendOptions.model) });
    }
    return this.run(conversationId, task, model ? { ...sendOptions, model } : sendOptions, undefined, agent);
  }

  /** Continues a stopped task as a new task in its conversation, which holds its steps: it goes on, not over. */
  resume(conversationId: string): Promise<AgentTaskRecord | undefined> {
    return this.run(conversationId, { sent: RESUME_TASK, shown: vscode.l10n.t('Continue the stopped task') });
  }

  /** The user approved the plan (as edited): it becomes an agent task with the plan's to-do list. */
  async approvePlan(conversationId: string, messageId: string, steps: string[]): Promise<AgentTaskRecord | undefined> {
    const conversation = this.options.store.require(conversationId);
    const entry = conversation.entries.find((e) => e.id === messageId);
    if (entry?.role !== 'assistant' || !entry.plan) throw new PlanNotFoundError(messageId);
    const kept = steps.map((s) => s.trim()).filter((s) => s !== '');
    if (kept.length === 0) throw new PlanNotFoundError(messageId, vscode.l10n.t('the plan has no step left: write at least one, or reject it'));
    entry.plan = { ...entry.plan, steps: kept, status: 'approved', todo: kept.map(() => 'pending') };
    await this.options.store.save(conversation);
    return this.run(conversationId, planTask(kept), undefined, { kind: 'execute', planEntryId: messageId });
  }

  async rejectPlan(conversationId: string, messageId: string): Promise<void> {
    const conversation = this.options.store.require(conversationId);
    const entry = conversation.entries.find((e) => e.id === messageId);
    if (entry?.role !== 'assistant' || !entry.plan) throw new PlanNotFoundError(messageId);
    entry.plan = { ...entry.plan, status: 'rejected' };
    await this.options.store.save(conversation);
    this.postIfActive(conversationId, { type: 'conversation', conversation: conversationView(conversation) });
  }

  /** Undoes every change of task `taskId` (the last task with changes when absent). */
  async undo(taskId?: string): Promise<UndoReport | undefined> {
    const outcome = await this.tasks.undo(this.options.workspace.files, taskId);
    if (outcome.record) this.postIfActive(outcome.record.conversationId, { type: 'notice', level: outcome.level, message: outcome.message });
    if (outcome.record && outcome.report) await this.markUndone(outcome.record);
    await this.options.review?.endReverted();
    void this.window.notify(outcome.level, outcome.message);
    return outcome.report;
  }

  /** The task's summary says its changes were undone, so its Undo button shows it is done. */
  private async markUndone(record: AgentTaskRecord): Promise<void> {
    const conversation = this.options.store.get(record.conversationId);
    const entry = conversation?.entries.find((e) => e.role === 'assistant' && e.agentSummary?.taskId === record.taskId);
    if (!conversation || entry?.role !== 'assistant' || !entry.agentSummary) return;
    entry.agentSummary = { ...entry.agentSummary, undone: true };
    await this.options.store.save(conversation);
    this.postIfActive(conversation.id, { type: 'conversation', conversation: conversationView(conversation) });
  }

  /** Tasks whose changes can still be undone, newest first. */
  undoable(): AgentTaskRecord[] {
    return this.tasks.undoable();
  }

  /** The diff of a changed file: as it was before the task (left) against the file now (right). */
  async openDiff(taskId: string, display: string): Promise<void> {
    const origin = this.tasks.find(taskId)?.journal.originOf(display);
    if (!origin) {
      const root = this.options.workspace.files.roots()[0];
      if (!root) throw new UnknownAgentTaskError(taskId);
      // After a reload the journal is gone; the file itself is the best there is.
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(path.join(root.path, display)));
      return;
    }
    const text = async (bytes: Uint8Array | undefined) => (bytes === undefined ? '' : (await decodeTextFile(bytes, display, this.options.workspace.encodingDetector)).text);
    const before = this.options.proposals.add(path.basename(origin.path), await text(origin.before));
    // A file the task deleted is shown against an empty one: there is no file to open on the right.
    const after = origin.deleted ? this.options.proposals.add(path.basename(origin.path), '') : vscode.Uri.file(origin.path);
    const title = origin.deleted
      ? vscode.l10n.t('{0} (deleted by the agent)', display)
      : origin.before === undefined
        ? vscode.l10n.t('{0} (created by the agent)', display)
        : vscode.l10n.t('{0} (changed by the agent)', display);
    await vscode.commands.executeCommand('vscode.diff', before, after, title, { preview: true });
  }

  private async toolset({ conversationId, history, notice, checkpoint, readOnly, extraTools }: ToolsetRequest): Promise<AgentToolset> {
    const client = await this.options.client();
    const agent = readAgentSettings();
    // Trust is read per task: granting it takes effect from the next task on.
    const trusted = vscode.workspace.isTrusted;
    if (!trusted) notice('warning', restrictedModeNotice());
    const conversationApprover = this.options.approver.forConversation(conversationId);
    const approver = this.options.taskName === undefined ? conversationApprover : namedApprover(conversationApprover, this.options.taskName);
    const hooks = await this.options.hooks?.forTask({
      sessionId: conversationId,
      ask: async (request, signal) => (await approver.request(request, signal)) !== 'reject',
      report: (message) => notice('warning', message),
    });
    const toolset = await createAgentToolset({
      catalog: this.formulaCatalog(client),
      approver,
      formulas: agent.formulas,
      // Plan mode keeps the tools whose traits say they only read or compute.
      readOnly,
      workspace: this.options.workspace,
      autoApproveEdits: agent.autoApproveEdits,
      workspaceOptions: { writes: trusted, shell: trusted, protectedFiles: agent.protectedFiles },
      extraTools,
      formulasRunOnThisComputer: await this.options.serviceIsLocal(),
      startsWithWorkspaceContent: holdsWorkspaceContent(history),
      ...(this.options.externalTools ? { externalTools: (task: ExternalToolTask, taken: Set<string>) => this.options.externalTools!(task, taken, trusted) } : {}),
      notice: (message: string) => notice('warning', message),
      ...(checkpoint ? { checkpoint } : {}),
      ...(this.options.nestedRules ? { nestedRules: this.options.nestedRules } : {}),
      ...(hooks ? { hooks } : {}),
      ...(this.options.skills ? { skills: this.options.skills } : {}),
    });
    const decode = async (bytes: Uint8Array, display: string) => (await decodeTextFile(bytes, display, this.options.workspace.encodingDetector)).text;
    if (this.options.review) followJournal(this.options.review, toolset.journal, decode, (error) => this.options.log.warn(`Agent review: ${error instanceof Error ? error.message : String(error)}`));
    return toolset;
  }

  private formulaCatalog(client: SvcClient): FormulaToolCatalog {
    // Definitions are cached per session; a new client (key or address change) is a new session.
    if (this.catalog?.client !== client) this.catalog = { client, catalog: new FormulaToolCatalog(client.formulas) };
    return this.catalog.catalog;
  }

  private show(event: AgentTasksEvent): void {
    switch (event.type) {
      case 'live':
      case 'ended':
        this.postIfActive(event.conversation.id, { type: 'conversation', conversation: conversationView(event.conversation) });
        if (event.type === 'ended') for (const listener of this.activityListeners) listener();
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
        this.postProcesses(event.conversationId, event.processes);
        return;
    }
  }

  /** Sent whatever conversation is shown: the view keeps each conversation's list and shows the active one's. */
  private postProcesses(conversationId: string, processes: readonly ProcessSummary[]): void {
    this.options.surface.post({ type: 'processes', conversationId, processes: processes.map((p) => ({ id: p.id, command: p.command, cwd: p.cwd, background: p.background, running: p.state === 'running', ...(p.leftRunning ? { leftRunning: p.leftRunning.slice(0, MAX_LEFT_RUNNING_SHOWN) } : {}) })) });
  }

  private postIfActive(conversationId: string, message: HostMessage): void {
    if (this.options.surface.activeConversationId() === conversationId) this.options.surface.post(message);
  }
}
