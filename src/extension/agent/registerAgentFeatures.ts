// Wires agent tasks into the extension: the controller, its approver and workspace host, the
// commands "svc: Run Agent Task" and "svc: Undo Agent Changes", and background tasks in worktrees.
import type { CommandArgumentTrust } from '../commandArguments';
import * as vscode from 'vscode';
import type { ChatMessage, SvcClient } from '../../api/index';
import type { NestedRulesSource } from '../../core/rules/nestedRules';
import type { SkillSource } from '../../core/customizations/skillTool';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import type { ApprovalDecision } from '../../core/tools/approvals';
import type { UndoReport } from '../../core/tools/changeJournal';
import type { ProposedContentProvider } from '../proposedContent';
import { NotificationApprover } from '../workspaceTools/notificationApprover';
import { VscodeWorkspaceHost } from '../workspaceTools/vscodeWorkspaceHost';
import { AgentController, type CustomAgentSource, type AgentChatSurface, type AgentTaskRecord } from './agentController';
import { ChatApprover, type PendingApproval } from './chatApprover';
import type { HookFeatures } from '../hooks/hookFeatures';
import type { ExternalToolSource } from '../mcp/registerMcpFeatures';
import { vscodeToolsForTask } from '../mcp/vscodeLanguageModelTools';
import type { TakeCheckpoint } from '../../core/checkpoints/checkpointedTool';
import type { RequestIdentity } from '../../core/requests/requestIdentity';
import { registerAgentReview } from '../agentReview/registerAgentReview';
import type { AgentReviewController } from '../agentReview/agentReviewController';
import { registerBackgroundTasks, type BackgroundTaskFeature } from '../worktrees/registerBackgroundTasks';
import type { SessionSource } from '../../core/sessions/sessionSource';

/** What integration tests drive: the same paths the chat view and the commands use. */
export interface AgentTestApi {
  /** Runs a task in the active conversation (a new one when none); resolves when it ended. */
  runTask(task: string, options?: { model?: string; thinking?: boolean }): Promise<AgentTaskRecord | undefined>;
  /** Called for every approval question, inline or in a notification; answer with `answerApproval`. */
  onApprovalRequest(listener: (pending: PendingApproval) => void): vscode.Disposable;
  answerApproval(requestId: string, decision: ApprovalDecision): boolean;
  undo(taskId?: string): Promise<UndoReport | undefined>;
  tasks(): readonly AgentTaskRecord[];
  stop(): void;
  whenIdle(): Promise<void>;
}

export interface AgentFeatureOptions {
  store: ConversationStore;
  client: () => Promise<SvcClient>;
  surface: AgentChatSurface & { viewVisible(): boolean; reveal(): Promise<void> };
  identity: RequestIdentity;
  proposals: ProposedContentProvider;
  log: vscode.LogOutputChannel;
  /** How far the commands trust their arguments (commandArguments.ts). */
  commandArguments: CommandArgumentTrust;
  /** True when the service is the local emulator, whose code_runner runs on this computer. */
  serviceIsLocal: () => Promise<boolean>;
  /** Tools of MCP servers; other extensions' VS Code tools are added to them here. */
  externalTools?: ExternalToolSource;
  /** Checkpoints before each task and each call that may change files. */
  checkpoint?: TakeCheckpoint;
  /** Project rules for every step. */
  standingInstructions?: () => Promise<ChatMessage | undefined>;
  /** Subfolders' rules, sent with the file tools' results there. */
  nestedRules?: NestedRulesSource;
  /** Hooks around every tool call, the prompt and the task's end. */
  hooks?: HookFeatures;
  /** The skills the agent may read (use_skill). */
  skills?: SkillSource;
  /** The custom agents found, run from the mode picker and offered to run_subagent. */
  customAgents?: CustomAgentSource;
  /** The chat view's list of sessions, where background tasks are listed. */
  sessions?: { add(source: SessionSource): vscode.Disposable };
}

/** The agent's controller, what tests drive, and the review of its edits. */
export interface AgentFeatures {
  controller: AgentController;
  testApi: AgentTestApi;
  review: AgentReviewController;
  /** Tasks in worktrees of their own (none without a workspace storage folder: no folder open), and their start. */
  background: BackgroundTaskFeature;
}

export function registerAgentFeatures(context: vscode.ExtensionContext, options: AgentFeatureOptions): AgentFeatures {
  const workspace = new VscodeWorkspaceHost(options.log);
  const approver = new ChatApprover(options.surface, new NotificationApprover());
  const review = registerAgentReview(context, workspace, options.log);
  const servers = options.externalTools;
  const externalTools: ExternalToolSource = async (task, taken, trusted) => [...((await servers?.(task, taken, trusted)) ?? []), ...vscodeToolsForTask(task, taken)];
  const controller = new AgentController({ ...options, externalTools, approver, workspace, review: review.review });
  const { externalTools: _external, checkpoint: _checkpoint, ...backgroundOptions } = options;
  const background = registerBackgroundTasks(context, { ...backgroundOptions, approver });
  const postCounts = () => options.surface.post({ type: 'agentReview', ...review.review.counts() });
  context.subscriptions.push(review.review.onDidChange(postCounts));

  const runFromPalette = async (given?: unknown): Promise<void> => {
    // Tests pass the task; people type it. A task passed by anything else runs only once confirmed.
    const passed = typeof given === 'string' && given.trim() !== '' ? given : undefined;
    if (passed !== undefined && !(await options.commandArguments.confirmTask(passed))) return;
    const task =
      passed !== undefined
        ? passed
        : await vscode.window.showInputBox({
            title: vscode.l10n.t('svc: Run Agent Task'),
            prompt: vscode.l10n.t('What should the agent do in this workspace? It asks before it changes a file or runs a command.'),
            placeHolder: vscode.l10n.t('e.g. find why the date parser fails on leap years and fix it'),
            ignoreFocusOut: true,
            validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Describe the task.') : undefined),
          });
    if (task === undefined || task.trim() === '') return;
    await options.surface.reveal();
    await controller.run(options.surface.activeConversationId() ?? null, task.trim());
  };

  // Which task to undo: the user picks it in a list unless the trust in the arguments says otherwise (USER_ARGUMENTS).
  const undoFromPalette = async (given?: unknown): Promise<void> => {
    const tasks = controller.undoable();
    const chosen = options.commandArguments.undoWithoutAsking(given, tasks.map((t) => t.taskId));
    if (chosen) {
      await controller.undo(chosen.taskId);
      return;
    }
    const picked = await vscode.window.showQuickPick(
      tasks.map((t, index) => ({
        label: t.task.length > 80 ? `${t.task.slice(0, 79)}…` : t.task,
        description: index === 0 ? vscode.l10n.t('last task') : new Date(t.finishedAt).toLocaleTimeString(vscode.env.language),
        detail: vscode.l10n.t('changed {0}', t.journal.filesChanged().join(', ')),
        taskId: t.taskId,
      })),
      { title: vscode.l10n.t('svc: Undo Agent Changes'), placeHolder: vscode.l10n.t('Undo every change of which task?') },
    );
    if (picked) await controller.undo(picked.taskId);
  };

  context.subscriptions.push(
    workspace,
    vscode.commands.registerCommand('svc.runAgentTask', runFromPalette),
    vscode.commands.registerCommand('svc.undoAgentChanges', undoFromPalette),
  );

  const testApi: AgentTestApi = {
    runTask: (task, given) => {
      const send = given?.model !== undefined ? { model: given.model, thinking: given.thinking ?? false, jsonMode: false, choiceCount: 1 } : undefined;
      return controller.run(options.surface.activeConversationId() ?? null, task, send);
    },
    onApprovalRequest: (listener) => approver.onRequest(listener),
    answerApproval: (requestId, decision) => approver.answer(requestId, decision),
    undo: (taskId) => controller.undo(taskId),
    tasks: () => controller.history(),
    stop: () => {
      const active = options.surface.activeConversationId();
      if (active) controller.stop(active);
    },
    whenIdle: () => controller.whenIdle(),
  };
  return { controller, testApi, review, background };
}
