// The lifecycle of agent tasks in conversations: one task at a time per conversation, its user entry
// and live steps, saves while it runs (so a crash keeps what happened) and at its end, the record of
// each finished task with its change journal, and undoing a task's changes. The processes a task
// started stop when it ends, however it ends. The editor supplies the tools (they depend on workspace
// trust and settings) and shows the events.
import { AgentTaskBusyError, UnknownAgentTaskError } from './agentTaskErrors';
import type { Clock } from '../clock';
import type { AssistantEntry, Conversation, UserEntry } from '../conversations/conversation';
import type { ConversationStore } from '../conversations/conversationStore';
import { addTiming } from '../conversations/timeTotals';
import { addUsage } from '../conversations/usageTotals';
import { errorToInfo } from '../chat/errorAction';
import { buildHistory } from '../chat/historyBuilder';
import type { NoticeLevel } from '../host/hostWindow';
import type { ChangeJournal, JournalFiles, UndoReport } from '../tools/changeJournal';
import type { ChatMessage, ToolDefinition } from '../../api/index';
import type { AgentTaskSummary } from './agentEvents';
import { runAgentTask, type AgentChatClient } from './agentLoop';
import type { AgentToolset } from './agentToolset';
import type { TakeCheckpoint } from '../checkpoints/checkpointedTool';
import type { CheckpointRef } from '../checkpoints/checkpointRef';
import { AgentTranscript } from './agentTranscript';
import type { SubagentKinds } from './subagents/subagentKinds';
import type { CustomAgentRun } from '../customizations/customAgents';
import { mayDelegate, scopedForAgent } from './agentScope';
import { withSubagents } from './subagents/withSubagents';
import { NO_TOKEN_LIMIT, TaskBudget } from './taskBudget';
import { approvedPlanLine, parsePlan, PLAN_MODE_RULES, type Plan } from './plan';
import { withinPlan } from './planScope';
import type { ProcessSummary, TaskProcesses } from '../tools/taskProcesses';
import type { Tool } from '../tools/tool';
import { UpdatePlanTool } from '../tools/updatePlanTool';
import type { RequestSettings } from '../requests/requestSettings';
import { undoMessage } from './agentUndoMessage';
import { PromptBlockedError } from '../hooks/taskHooks';
import * as l10n from '../l10n';
import type { AgentTasksEvent, ToolsetRequest } from './agentTaskEvents';

export type { AgentTasksEvent, ToolsetRequest } from './agentTaskEvents';

export interface AgentTaskRecord {
  taskId: string;
  conversationId: string;
  task: string;
  finishedAt: number;
  summary: AgentTaskSummary;
  journal: ChangeJournal;
}

export interface AgentTaskSettings {
  /** The same request settings a chat reply uses (model, thinking, temperature, limits). */
  request: RequestSettings;
  maxSteps: number;
  /** Tokens the task may spend, its subagents included (svc.agent.maxTaskTokens); none when absent or NO_TOKEN_LIMIT. */
  maxTaskTokens?: number;
  /** The system prompt a new conversation starts with. */
  systemPrompt: string;
  /** plan: read-only tools, and the answer is a plan to approve; execute: carries out the approved plan of entry `planEntryId`. */
  mode?: { kind: 'plan' } | { kind: 'execute'; planEntryId: string };
  /** What the chat shows of the task when the model reads other words (the demo's task, in the user's language). */
  shown?: string;
  /** A custom agent's task: its instructions, and only the tools its file lists. */
  agent?: CustomAgentRun;
}

export interface AgentTasksOptions {
  store: ConversationStore;
  client: () => Promise<AgentChatClient>;
  /** One task's tools: formulas and, where the workspace allows, workspace tools. */
  toolset: (request: ToolsetRequest) => Promise<AgentToolset>;
  promptCacheKey: () => Promise<string>;
  clock: Pick<Clock, 'now'>;
  newId: () => string;
  log: { warn(message: string): void; error(message: string): void };
  onEvent: (event: AgentTasksEvent) => void;
  /** Takes a checkpoint of the workspace: before the task, and before each call that may change files. */
  checkpoint?: TakeCheckpoint;
  /** Standing instructions (project rules) for every step. */
  standingInstructions?: () => Promise<ChatMessage | undefined>;
  /** The subagent kinds a task whose tools are `available` may start (run_subagent); none when absent. */
  subagents?: (available: readonly string[]) => Promise<SubagentKinds>;
  /** Where a task's conversation goes: the chat view's (active) one, or, for a background task, beside it. */
  conversationPlace?: 'active' | 'background';
}

export interface UndoOutcome {
  level: NoticeLevel;
  message: string;
  /** Absent when there was nothing to undo. */
  record?: AgentTaskRecord;
  report?: UndoReport;
}

interface RunningTask {
  controller: AbortController;
  conversation: Conversation;
  transcript: AgentTranscript;
  done: Promise<void>;
  processes?: TaskProcesses;
}

export class AgentTasks {
  private readonly running = new Map<string, RunningTask>();
  private readonly records: AgentTaskRecord[] = [];
  /** Per conversation, the tools its last task offered and to which model (see toolsOf). */
  private readonly offeredTools = new Map<string, { model: string; tools: ToolDefinition[] }>();

  constructor(private readonly options: AgentTasksOptions) {}

  /** Runs `task` in the conversation (a new one when null), made the active one unless in the background; resolves when it ended. */
  async run(conversationId: string | null, task: string, settings: AgentTaskSettings): Promise<AgentTaskRecord | undefined> {
    const { store, clock, newId } = this.options;
    const background = this.options.conversationPlace === 'background';
    const conversation = conversationId ? store.require(conversationId) : await store.create(settings.systemPrompt, { makeActive: !background });
    if (this.running.has(conversation.id)) throw new AgentTaskBusyError();
    if (!background) await store.setActive(conversation.id);

    const { model } = settings.request;
    const taskId = newId();
    const history = buildHistory(conversation);
    // Taken while the first request goes out: a step that only reads needs none, and the first call that
    // may change a file waits for it (beforeChanges).
    const checkpoint = this.options.checkpoint?.(l10n.t('before your task'));
    // An approved plan's task holds instructions for the model; the chat shows a short line instead.
    const shown = settings.mode?.kind === 'execute' ? approvedPlanLine() : settings.shown;
    const user: UserEntry = shown !== undefined ? { id: newId(), role: 'user', createdAt: clock.now(), content: shown, sentContent: task } : { id: newId(), role: 'user', createdAt: clock.now(), content: task };
    conversation.entries.push(user);
    const transcript = new AgentTranscript({ taskId, model, now: () => clock.now(), newId });
    const controller = new AbortController();
    let finished!: () => void;
    const running: RunningTask = { controller, conversation, transcript, done: new Promise<void>((resolve) => (finished = resolve)) };
    this.running.set(conversation.id, running);
    const notice = (level: NoticeLevel, message: string) => this.options.onEvent({ type: 'notice', conversationId: conversation.id, level, message });
    const beforeChanges = checkpoint && this.options.checkpoint ? this.afterTaskCheckpoint(running, user, checkpoint, this.options.checkpoint) : undefined;
    try {
      await store.save(conversation);
      this.showLive(running);
      const client = await this.options.client();
      const planning = settings.mode?.kind === 'plan';
      const extraTools = settings.mode?.kind === 'execute' ? this.planTools(running, settings.mode.planEntryId) : [];
      const plannedFiles = settings.mode?.kind === 'execute' ? this.planOf(running, settings.mode.planEntryId)?.files : undefined;
      const toolset = await this.options.toolset({
        conversationId: conversation.id,
        history,
        notice,
        readOnly: planning,
        extraTools,
        ...(beforeChanges && !planning ? { checkpoint: beforeChanges } : {}),
      });
      if (toolset.processes) {
        const processes = toolset.processes;
        running.processes = processes;
        processes.onChange(() => this.options.onEvent({ type: 'processes', conversationId: conversation.id, processes: processes.shown() }));
      }
      const submitted = await toolset.hooks?.promptSubmitted(task, controller.signal);
      if (submitted?.blocked) throw new PromptBlockedError(submitted.reason);
      const instructions = await this.options.standingInstructions?.();
      const promptCacheKey = await this.options.promptCacheKey();
      const budget = new TaskBudget(settings.maxSteps, settings.maxTaskTokens ?? NO_TOKEN_LIMIT);
      const planned = plannedFiles ? withinPlan(toolset.registry, plannedFiles) : toolset.registry;
      const scoped = settings.agent ? scopedForAgent(planned, settings.agent, notice) : planned;
      const approvalWait = (): number => toolset.approvals.waitedMs();
      const kinds = !settings.agent || mayDelegate(settings.agent) ? await this.options.subagents?.(scoped.names()) : undefined;
      const tools = kinds ? withSubagents(scoped, { kinds, client, settings: settings.request, workspaceCacheKey: promptCacheKey, ...(instructions ? { instructions } : {}), budget, approvalWait }) : scoped;
      this.offeredTools.set(conversation.id, { model, tools: tools.definitions() });
      const result = await runAgentTask({
        client,
        ...(instructions ? { instructions } : {}),
        settings: settings.request,
        task,
        tools,
        promptCacheKey,
        history,
        budget,
        ...(planning ? { systemPrompt: PLAN_MODE_RULES.content as string } : settings.agent ? { systemPrompt: settings.agent.instructions } : {}),
        signal: controller.signal,
        journal: toolset.journal,
        approvalWait,
        onEvent: (event) => {
          const step = transcript.apply(event);
          if ((event.type === 'reasoning_delta' || event.type === 'content_delta') && step) {
            const kind = event.type === 'reasoning_delta' ? 'reasoning' : 'content';
            this.options.onEvent({ type: 'delta', kind, conversationId: conversation.id, messageId: step.id, text: event.text });
          } else if (event.type === 'context_compacted') {
            notice('info', event.message);
          } else if (event.type !== 'task_started' && event.type !== 'task_finished') {
            this.showLive(running);
            if (event.type === 'tool_call_finished' || event.type === 'step_finished') this.saveRunning(running);
          }
        },
      });
      const taskEntries = transcript.finish(result.stepMessages, result.summary);
      conversation.entries.push(...taskEntries);
      for (const entry of taskEntries) if (entry.role === 'assistant' && entry.timing) conversation.timeTotals = addTiming(conversation.timeTotals, entry.timing);
      if (planning) this.attachPlan(conversation, result.summary.answer);
      await this.runStopHooks(toolset, notice);
      conversation.usageTotals = addUsage(conversation.usageTotals, result.summary.usage);
      const record: AgentTaskRecord = { taskId, conversationId: conversation.id, task, finishedAt: clock.now(), summary: result.summary, journal: toolset.journal };
      this.records.push(record);
      if (result.summary.error) this.options.log.warn(`Agent task ended with an error: ${result.summary.error}`);
      return record;
    } catch (error) {
      // Nothing ran (no connection, the formulas' tools could not be listed): the reason takes the reply's place.
      this.options.log.error(`Agent task could not start: ${error instanceof Error ? error.message : String(error)}`);
      const failed: AssistantEntry = {
        id: newId(),
        role: 'assistant',
        createdAt: clock.now(),
        model,
        alternatives: [{ content: '', reasoning: '', finishReason: null }],
        selected: 0,
        status: 'failed',
        error: errorToInfo(error),
      };
      conversation.entries.push(failed);
      return undefined;
    } finally {
      await this.stopProcesses(running);
      this.running.delete(conversation.id);
      // A save that fails must not leave the task running in the view: it is said, and the task ends.
      await store.save(conversation).catch((error: unknown) => this.options.log.error(`Saving the ended agent task failed: ${error instanceof Error ? error.message : String(error)}`));
      this.options.onEvent({ type: 'ended', conversation });
      finished();
    }
  }

  /**
   * The task's first checkpoint goes on its user entry once taken; the returned checkpoint taker, for the
   * calls that may change files, first waits for it, so it always holds the files before the first change.
   */
  private afterTaskCheckpoint(task: RunningTask, user: UserEntry, taking: Promise<CheckpointRef | undefined>, take: TakeCheckpoint): TakeCheckpoint {
    const attached = taking.then(
      (ref) => this.attachCheckpoint(task, user, ref),
      () => undefined,
    );
    return async (label) => {
      await attached;
      return take(label);
    };
  }

  private async attachCheckpoint(task: RunningTask, user: UserEntry, ref: CheckpointRef | undefined): Promise<void> {
    if (!ref || !task.conversation.entries.includes(user)) return;
    user.checkpoint = ref;
    if (this.running.get(task.conversation.id) === task) {
      this.showLive(task);
      this.saveRunning(task);
      return;
    }
    // The task ended first: its conversation is saved again with the checkpoint.
    await this.options.store.save(task.conversation).catch((error: unknown) => this.options.log.warn(`Saving the task's checkpoint failed: ${error instanceof Error ? error.message : String(error)}`));
    this.options.onEvent({ type: 'live', conversation: task.conversation });
  }

  /** The answer's plan, on the task's last assistant entry, proposed to the user. */
  private attachPlan(conversation: Conversation, answer: string): void {
    const parsed = parsePlan(answer);
    const last = conversation.entries.at(-1);
    if (parsed && last?.role === 'assistant') last.plan = { ...parsed, status: 'proposed' };
  }

  /** update_plan for the approved plan of entry `planEntryId`: each update is saved and shown at once. */
  private planOf(task: RunningTask, planEntryId: string): Plan | undefined {
    return task.conversation.entries.find((e): e is AssistantEntry => e.id === planEntryId && e.role === 'assistant')?.plan;
  }

  private planTools(task: RunningTask, planEntryId: string): Tool[] {
    const plan = this.planOf(task, planEntryId);
    if (!plan) return [];
    plan.todo ??= plan.steps.map(() => 'pending');
    return [
      new UpdatePlanTool(plan.steps.length, async (index, status) => {
        if (plan.todo) plan.todo[index] = status;
        this.showLive(task);
        this.saveRunning(task);
      }),
    ];
  }

  /**
   * The tools the conversation's last agent task offered, for its Ask requests to `model` to carry too: the
   * service's prompt cache matches a prompt from its start, tool list included, so the same list keeps the
   * cached prefix across a switch between Ask and Agent. Empty when no task ran in it in this window, or
   * when it ran on another model (a cache is the model's own: the list would cost context for nothing).
   */
  toolsOf(conversationId: string, model: string): ToolDefinition[] {
    const offered = this.offeredTools.get(conversationId);
    return offered?.model === model ? offered.tools : [];
  }

  /** Stops the task running in `conversationId`; false when none runs there. */
  stop(conversationId: string): boolean {
    const task = this.running.get(conversationId);
    task?.controller.abort();
    return task !== undefined;
  }

  /** Stops process `processId` of the task running in `conversationId`; false when there is no such process. */
  stopProcess(conversationId: string, processId: string): Promise<boolean> {
    return this.running.get(conversationId)?.processes?.stop(processId) ?? Promise.resolve(false);
  }

  /** The conversations that have a task running, in the order the tasks started. */
  runningConversations(): string[] {
    return [...this.running.keys()];
  }

  /** The running processes of the task in `conversationId`, and those that left one running (none when no task runs there). */
  processes(conversationId: string): ProcessSummary[] {
    return this.running.get(conversationId)?.processes?.shown() ?? [];
  }

  isRunning(conversationId: string): boolean {
    return this.running.has(conversationId);
  }

  /** The conversation with the running task's live steps, to show it again after the view reloaded. */
  live(conversationId: string): Conversation | undefined {
    const task = this.running.get(conversationId);
    return task && this.withSteps(task, task.transcript.live());
  }

  /** Finished tasks, oldest first. */
  history(): readonly AgentTaskRecord[] {
    return this.records;
  }

  /** Tasks whose changes can still be undone, newest first. */
  undoable(): AgentTaskRecord[] {
    return [...this.records].reverse().filter((t) => t.journal.hasChanges());
  }

  find(taskId: string): AgentTaskRecord | undefined {
    return this.records.find((t) => t.taskId === taskId);
  }

  async whenIdle(): Promise<void> {
    await Promise.all([...this.running.values()].map((t) => t.done));
  }

  /** Undoes every change of task `taskId` (the last task with changes when absent) and says what it did. */
  async undo(files: JournalFiles, taskId?: string): Promise<UndoOutcome> {
    const record = taskId ? this.find(taskId) : this.undoable()[0];
    if (taskId && !record) throw new UnknownAgentTaskError(taskId);
    if (!record?.journal.hasChanges()) return { level: 'info', message: l10n.t('svc: the agent has no changes to undo in this window.') };
    const report = await record.journal.undoAll(files);
    return { level: report.skipped.length > 0 ? 'warning' : 'info', message: undoMessage(record.task, report), record, report };
  }

  /** The task ended, however: its Stop hooks run (even after the user stopped it), and a block's reason is shown. */
  private async runStopHooks(toolset: AgentToolset, notice: (level: NoticeLevel, message: string) => void): Promise<void> {
    const verdict = await toolset.hooks?.stopped(new AbortController().signal);
    if (verdict?.blocked) notice('info', l10n.t('A Stop hook says: {0}', verdict.reason));
  }

  /** Whatever the task left running stops with it; a failure to stop is logged, never thrown over the task's end. */
  private async stopProcesses(task: RunningTask): Promise<void> {
    try {
      await task.processes?.stopAll();
    } catch (error) {
      this.options.log.warn(`Stopping the agent task's processes failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Saves the task so far (a copy: the store keeps the conversation without the live steps until the end). */
  private saveRunning(task: RunningTask): void {
    this.options.store
      .save(this.withSteps(task, task.transcript.checkpoint()), { touch: false })
      .catch((error: unknown) => this.options.log.warn(`Saving the running agent task failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  private showLive(task: RunningTask): void {
    this.options.onEvent({ type: 'live', conversation: this.withSteps(task, task.transcript.live()) });
  }

  /** The task's conversation with `steps` after it: the live ones to show, or the transcript's checkpoint to save. */
  private withSteps(task: RunningTask, steps: readonly Conversation['entries'][number][]): Conversation {
    return { ...task.conversation, entries: [...task.conversation.entries, ...steps] };
  }
}
