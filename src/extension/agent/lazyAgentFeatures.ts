// Loads the agent's features (agentFeatures.ts: agent tasks and their tools, the review of the agent's
// edits, inline edit) on first use instead of when the chat host starts: the chat host's own file stays
// what sending a chat message needs. Until then the chat controller, the commands and the test API talk
// to this stand-in, which knows there is no task, approval or review yet, and loads the features the
// first time something asks for one.
import * as vscode from 'vscode';
import type { ToolDefinition } from '../../api/index';
import type { WebviewHandlerGroup } from '../chat/webviewMessageRouter';
import type { AgentActivity } from '../../core/sessions/foregroundSessions';
import type { AgentController, AgentTaskRecord, ShownTask } from './agentController';
import type { PendingApproval } from './chatApprover';
import type { AgentFeatures, AgentTestApi } from './registerAgentFeatures';

/** The commands the agent's features register: stand-ins until they are loaded (a unit test checks the list against them). */
export const AGENT_FEATURE_COMMANDS = [
  'svc.runAgentTask',
  'svc.undoAgentChanges',
  'svc.startBackgroundTask',
  'svc.manageWorktrees',
  'svc.agentReview.open',
  'svc.agentReview.nextFile',
  'svc.agentReview.keepHunk',
  'svc.agentReview.undoHunk',
  'svc.agentReview.keepFile',
  'svc.agentReview.undoFile',
  'svc.agentReview.keepAll',
  'svc.agentReview.undoAll',
  'svc.inlineEdit',
  'svc.inlineEdit.fix',
  'svc.explainProblem',
  'svc.inlineEdit.acceptHunk',
  'svc.inlineEdit.rejectHunk',
  'svc.inlineEdit.acceptAll',
  'svc.inlineEdit.rejectAll',
  'svc.inlineEdit.followUp',
  'svc.inlineEdit.cancel',
] as const;

/** What the chat controller asks of the agent. */
export type ChatAgent = Pick<AgentController, 'toolsOf' | 'viewReady' | 'stop' | 'activity' | 'onDidChangeActivity'> & {
  /** The view's agent messages, the composer's "Run in background" included. */
  handlers(): LazyAgentHandlers;
  /** Continues the conversation's stopped task as a new task in it. */
  resume(conversationId: string): Promise<unknown>;
};

const NO_ACTIVITY: AgentActivity = { running: [], waiting: new Map() };

type AgentHandlers = ReturnType<AgentController['handlers']>;
type LazyAgentHandlers = AgentHandlers & WebviewHandlerGroup<'startBackgroundTask'>;

/** The view's agent messages: every one loads the features and goes to the controller's handler. */
const AGENT_MESSAGES: ReadonlyArray<keyof AgentHandlers> = ['runAgentTask', 'approvePlan', 'rejectPlan', 'approvalAnswer', 'openAgentDiff', 'undoAgentTask', 'openAgentReview', 'stopProcess'];

/** Starts the features; calls `releaseCommandStubs` right before registering their commands. */
export type StartAgentFeatures = (releaseCommandStubs: () => void) => Promise<AgentFeatures>;

export class LazyAgentFeatures implements ChatAgent, vscode.Disposable {
  private loading: Promise<AgentFeatures> | undefined;
  private loaded: AgentFeatures | undefined;
  private readonly commandStubs: vscode.Disposable[] = [];
  private readonly approvalListeners = new Set<(pending: PendingApproval) => void>();
  private approvalForwarding: vscode.Disposable | undefined;
  private readonly activityListeners = new Set<() => void>();
  private activityForwarding: vscode.Disposable | undefined;

  constructor(private readonly start: StartAgentFeatures) {}

  /** Every command of the features: a stand-in that loads them, then runs the real command. */
  registerCommandStubs(): void {
    for (const command of AGENT_FEATURE_COMMANDS) {
      this.commandStubs.push(
        vscode.commands.registerCommand(command, async (...args: unknown[]) => {
          await this.load();
          return vscode.commands.executeCommand(command, ...args);
        }),
      );
    }
  }

  /** The loaded features; loads them on the first call (again after a failed load). */
  load(): Promise<AgentFeatures> {
    this.loading ??= this.start(() => this.releaseCommandStubs()).then(
      (features) => {
        this.loaded = features;
        this.approvalForwarding = features.testApi.onApprovalRequest((pending) => this.approvalListeners.forEach((listener) => listener(pending)));
        this.activityForwarding = features.controller.onDidChangeActivity(() => this.activityListeners.forEach((listener) => listener()));
        return features;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /** Runs `task` in the conversation (a new one when null); resolves when the task ended. */
  async run(conversationId: string | null, task: string | ShownTask): Promise<AgentTaskRecord | undefined> {
    return (await this.load()).controller.run(conversationId, task);
  }

  toolsOf(conversationId: string, model: string): ToolDefinition[] {
    // No task has offered tools before the features are loaded.
    return this.loaded?.controller.toolsOf(conversationId, model) ?? [];
  }

  viewReady(): void {
    // Not loaded: no task runs, no approval waits and the review is empty, so there is nothing to show again.
    this.loaded?.controller.viewReady();
  }

  /** Stops the conversation's task, a background task's too. */
  stop(conversationId: string): boolean {
    if (!this.loaded) return false;
    return this.loaded.controller.stop(conversationId) || (this.loaded.background.tasks?.stopConversation(conversationId) ?? false);
  }



  activity(): AgentActivity {
    // Not loaded: no task has run and no question was asked.
    return this.loaded?.controller.activity() ?? NO_ACTIVITY;
  }

  onDidChangeActivity(listener: () => void): vscode.Disposable {
    this.activityListeners.add(listener);
    return new vscode.Disposable(() => this.activityListeners.delete(listener));
  }

  async resume(conversationId: string): Promise<unknown> {
    return (await this.load()).controller.resume(conversationId);
  }

  handlers(): LazyAgentHandlers {
    const forward = (type: keyof AgentHandlers) => async (message: unknown) => {
      const handler = (await this.load()).controller.handlers()[type] as (message: unknown) => unknown;
      return handler(message);
    };
    const handlers = Object.fromEntries(AGENT_MESSAGES.map((type) => [type, forward(type)])) as unknown as AgentHandlers;
    return { ...handlers, startBackgroundTask: async (message) => (await this.load()).background.handlers().startBackgroundTask(message) };
  }

  /** What integration tests drive, through the loaded features. */
  testApi(): AgentTestApi {
    return {
      runTask: async (task, options) => (await this.load()).testApi.runTask(task, options),
      onApprovalRequest: (listener) => {
        this.approvalListeners.add(listener);
        return new vscode.Disposable(() => this.approvalListeners.delete(listener));
      },
      answerApproval: (requestId, decision) => this.loaded?.testApi.answerApproval(requestId, decision) ?? false,
      undo: async (taskId) => (await this.load()).testApi.undo(taskId),
      tasks: () => this.loaded?.testApi.tasks() ?? [],
      stop: () => this.loaded?.testApi.stop(),
      whenIdle: async () => this.loaded?.testApi.whenIdle(),
    };
  }

  dispose(): void {
    this.releaseCommandStubs();
    this.approvalForwarding?.dispose();
    this.activityForwarding?.dispose();
  }

  private releaseCommandStubs(): void {
    for (const stub of this.commandStubs.splice(0)) stub.dispose();
  }
}
