// The commands of background tasks: "svc: Start Background Task" (asks what to do and whether to carry
// the folder's uncommitted changes) and "svc: Manage Worktrees" (every task's worktree, with Open, Review,
// Apply, Stop and Discard); a notification when a task finishes; the list of sessions' Apply and Discard.
import * as vscode from 'vscode';
import { BackgroundSessions } from '../../core/sessions/backgroundSessions';
import type { SessionSource } from '../../core/sessions/sessionSource';
import type { SendOptions } from '../../shared/protocol';
import { conversationView } from '../chat/conversationView';
import type { WebviewHandlerGroup } from '../chat/webviewMessageRouter';
import { sessionPrices } from '../sessions/sessionPrices';
import { BackgroundTasks, taskName, type BackgroundTaskOptions } from './backgroundTasks';
import { applyTask, discardTask, reviewTask, TaskBaseContent, TASK_BASE_SCHEME } from './worktreeReview';

/** The first folder on disk, or the one the user picks when there are several. */
async function pickFolder(): Promise<string | undefined> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  if (folders.length <= 1) return folders[0]?.uri.fsPath;
  const picked = await vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Which folder\'s repository should the background task work on?') });
  return picked?.uri.fsPath;
}

function age(createdAt: number): string {
  const minutes = Math.max(0, Math.round((Date.now() - createdAt) / 60_000));
  if (minutes < 60) return vscode.l10n.t('{0} min ago', minutes);
  const hours = Math.round(minutes / 60);
  return hours < 48 ? vscode.l10n.t('{0} h ago', hours) : vscode.l10n.t('{0} days ago', Math.round(hours / 24));
}

/** Shows the task's conversation in the chat view, with the questions it waits on. */
async function openConversation(options: BackgroundTaskSurfaceOptions, conversationId: string): Promise<void> {
  const conversation = await options.store.load(conversationId);
  if (!conversation) return;
  await options.store.setActive(conversationId);
  await options.surface.reveal();
  options.surface.post({ type: 'conversation', conversation: conversationView(conversation) });
  for (const pending of options.approver.open()) if (pending.conversationId === conversationId) options.approver.showInline(pending);
}

type BackgroundTaskSurfaceOptions = BackgroundTaskOptions & {
  surface: BackgroundTaskOptions['surface'] & { reveal(): Promise<void> };
  /** The chat view's list of sessions, where the tasks are listed. */
  sessions?: { add(source: SessionSource): vscode.Disposable };
};

export class NoFolderError extends Error {
  override readonly name = 'NoFolderError';
  constructor() {
    super(vscode.l10n.t('Background tasks need a folder: open a folder that is a git repository first.'));
  }
}

/** Background tasks, and the start the composer's "Run in background" shares with the command. */
export interface BackgroundTaskFeature {
  tasks: BackgroundTasks | undefined;
  /** Asks where the copy starts, then starts `task`; false when the user cancelled. Throws why it cannot start. */
  start(task: string, sendOptions?: SendOptions): Promise<boolean>;
  /** The composer's "Run in background": the text comes back to the composer unless the task started. */
  handlers(): WebviewHandlerGroup<'startBackgroundTask'>;
}

export function registerBackgroundTasks(context: vscode.ExtensionContext, options: BackgroundTaskSurfaceOptions): BackgroundTaskFeature {
  const storage = context.storageUri;
  const tasks = storage ? new BackgroundTasks(options, storage.fsPath) : undefined;
  const noFolder = (): void => void vscode.window.showErrorMessage(new NoFolderError().message);
  const report = (error: unknown): void => void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));

  const startTask = async (task: string, sendOptions?: SendOptions): Promise<boolean> => {
    const folder = await pickFolder();
    if (!tasks || folder === undefined) throw new NoFolderError();
    const carry = await vscode.window.showQuickPick(
      [
        { label: vscode.l10n.t('From the last commit'), description: vscode.l10n.t('HEAD, without your uncommitted changes'), carry: 'nothing' as const },
        { label: vscode.l10n.t('With my uncommitted changes'), description: vscode.l10n.t('staged, unstaged and untracked files are copied in'), carry: 'uncommitted-changes' as const },
      ],
      { title: vscode.l10n.t('svc: Start Background Task'), placeHolder: vscode.l10n.t('Start the task\'s worktree from…') },
    );
    if (!carry) return false;
    const record = await tasks.start(folder, task.trim(), carry.carry, sendOptions);
    void vscode.window.showInformationMessage(vscode.l10n.t('Background task "{0}" started in worktree {1} (branch {2}).', taskName(task), record.path, record.branch));
    return true;
  };

  const start = async (given?: unknown): Promise<void> => {
    if (!tasks) return noFolder();
    const task =
      typeof given === 'string' && given.trim() !== ''
        ? given
        : await vscode.window.showInputBox({
            title: vscode.l10n.t('svc: Start Background Task'),
            prompt: vscode.l10n.t('What should the agent do? It works in a git worktree of its own; nothing reaches your folder until you apply it.'),
            ignoreFocusOut: true,
            validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Describe the task.') : undefined),
          });
    if (task === undefined || task.trim() === '') return;
    try {
      await startTask(task);
    } catch (error) {
      report(error);
    }
  };

  const manage = async (): Promise<void> => {
    if (!tasks) return noFolder();
    const records = await tasks.worktrees.list();
    if (records.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No background task has a worktree.'));
      return;
    }
    const running = new Set(tasks.runningIds());
    const picked = await vscode.window.showQuickPick(
      records
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((record) => ({
          label: taskName(record.task),
          description: `${record.branch} · ${running.has(record.id) ? vscode.l10n.t('running') : record.appliedAt !== undefined ? vscode.l10n.t('applied') : vscode.l10n.t('finished')} · ${age(record.createdAt)}`,
          detail: record.path,
          record,
        })),
      { title: vscode.l10n.t('svc: Manage Worktrees'), placeHolder: vscode.l10n.t('Pick a background task\'s worktree') },
    );
    if (!picked) return;
    const { record } = picked;
    const actions = [
      { label: vscode.l10n.t('Review Changes'), run: () => reviewTask(tasks, record) },
      { label: vscode.l10n.t('Apply to the Folder'), run: () => applyTask(tasks, record) },
      ...(record.conversationId !== undefined ? [{ label: vscode.l10n.t('Open the Task\'s Conversation'), run: () => openConversation(options, record.conversationId as string) }] : []),
      { label: vscode.l10n.t('Open the Worktree in a New Window'), run: async () => void (await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(record.path), { forceNewWindow: true })) },
      ...(running.has(record.id) ? [{ label: vscode.l10n.t('Stop the Task'), run: async () => void tasks.stop(record.id) }] : []),
      { label: vscode.l10n.t('Discard (Delete Worktree and Branch)'), run: () => discardTask(tasks, record, 'ask') },
    ];
    const action = await vscode.window.showQuickPick(actions, { title: taskName(record.task) });
    if (!action) return;
    try {
      await action.run();
    } catch (error) {
      report(error);
    }
  };

  context.subscriptions.push(vscode.commands.registerCommand('svc.startBackgroundTask', start), vscode.commands.registerCommand('svc.manageWorktrees', manage));
  const handlers = (): WebviewHandlerGroup<'startBackgroundTask'> => ({
    startBackgroundTask: async (message) => {
      try {
        if (await startTask(message.text, message.options)) return;
      } catch (error) {
        options.surface.post({ type: 'notice', level: 'error', message: error instanceof Error ? error.message : String(error) });
      }
      options.surface.post({ type: 'insertIntoComposer', text: message.text });
    },
  });
  if (!tasks) return { tasks, start: startTask, handlers };
  /** Review, Apply or Discard of task `id`: the same from the end-of-task notification and from the list of sessions. */
  const bringBack = async (id: string, action: 'review' | 'apply' | 'discard'): Promise<void> => {
    try {
      const record = await tasks.worktrees.require(id);
      if (action === 'review') await reviewTask(tasks, record);
      else if (action === 'apply') await applyTask(tasks, record);
      else await discardTask(tasks, record, 'ask');
    } catch (error) {
      report(error);
    }
  };
  const source = new BackgroundSessions({
    store: options.store,
    records: () => tasks.worktrees.list(),
    agent: tasks,
    stop: (id) => tasks.stop(id),
    resume: (id) => tasks.resume(id),
    show: (conversationId) => openConversation(options, conversationId),
    apply: (id) => bringBack(id, 'apply'),
    discard: (id) => bringBack(id, 'discard'),
    prices: sessionPrices,
  });
  const refresh = (): void => void source.refresh().catch((error: unknown) => options.log.warn(`Reading the background tasks' records failed: ${error instanceof Error ? error.message : String(error)}`));
  refresh();
  context.subscriptions.push(
    tasks,
    tasks.onDidChangeRecords(refresh),
    ...(options.sessions ? [options.sessions.add(source)] : []),
    vscode.workspace.registerTextDocumentContentProvider(TASK_BASE_SCHEME, new TaskBaseContent(tasks)),
    tasks.onDidFinish(async ({ record }) => {
      const review = vscode.l10n.t('Review Changes');
      const apply = vscode.l10n.t('Apply');
      const discard = vscode.l10n.t('Discard');
      const files = await tasks.changes.changes(record).catch(() => []);
      const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Background task "{0}" ended: {1} file(s) changed in its worktree.', taskName(record.task), files.length), review, apply, discard);
      if (choice === review) await bringBack(record.id, 'review');
      else if (choice === apply) await bringBack(record.id, 'apply');
      else if (choice === discard) await bringBack(record.id, 'discard');
    }),
  );
  return { tasks, start: startTask, handlers };
}
