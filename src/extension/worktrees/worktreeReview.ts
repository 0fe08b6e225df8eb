// Bringing a background task's work back: its changed files, each opened in VS Code's diff editor
// against the commit the task started from; Apply, which shows every conflict with what changed in the
// folder meanwhile and lets the user choose before anything is written; Discard.
import * as vscode from 'vscode';
import type { FileChange, PlannedFile } from '../../core/worktrees/worktreeChanges';
import type { WorktreeRecord } from '../../core/worktrees/worktreeRecords';
import type { BackgroundTasks } from './backgroundTasks';
import { taskName } from './backgroundTasks';

/** The scheme of a file as the task found it: `svc-task-base:/<task id>/<path>`. */
export const TASK_BASE_SCHEME = 'svc-task-base';

export class TaskBaseContent implements vscode.TextDocumentContentProvider {
  constructor(private readonly tasks: BackgroundTasks) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const [, id, ...rest] = uri.path.split('/');
    const record = await this.tasks.worktrees.require(id ?? '');
    const file = rest.join('/');
    const base = (await this.tasks.changes.baseVersions(record, [file])).get(file);
    return base === undefined ? '' : new TextDecoder().decode(base);
  }
}

function kindLabel(change: FileChange): string {
  switch (change.kind) {
    case 'added':
      return vscode.l10n.t('added');
    case 'deleted':
      return vscode.l10n.t('deleted');
    case 'modified':
      return vscode.l10n.t('modified');
  }
}

/** Opens one changed file of the task in the diff editor: as the task found it, and as it left it. */
export async function openTaskDiff(record: WorktreeRecord, change: FileChange): Promise<void> {
  const base = vscode.Uri.from({ scheme: TASK_BASE_SCHEME, path: `/${record.id}/${change.path}` });
  const after = change.kind === 'deleted' ? vscode.Uri.from({ scheme: TASK_BASE_SCHEME, path: `/${record.id}/.deleted/${change.path}` }) : vscode.Uri.file(`${record.path}/${change.path}`);
  await vscode.commands.executeCommand('vscode.diff', base, after, vscode.l10n.t('{0} (background task "{1}")', change.path, taskName(record.task)));
}

/** The task's changed files in a list; picking one opens its diff, until the list is closed. */
export async function reviewTask(tasks: BackgroundTasks, record: WorktreeRecord): Promise<void> {
  const changes = await tasks.changes.changes(record);
  if (changes.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Background task "{0}" changed no file.', taskName(record.task)));
    return;
  }
  for (;;) {
    const picked = await vscode.window.showQuickPick(
      changes.map((change) => ({ label: change.path, description: kindLabel(change), change })),
      { title: vscode.l10n.t('Changes of background task "{0}"', taskName(record.task)), placeHolder: vscode.l10n.t('Pick a file to see its diff against where the task started') },
    );
    if (!picked) return;
    await openTaskDiff(record, picked.change);
  }
}

function conflictLines(plan: readonly PlannedFile[]): string {
  return plan
    .filter((f) => f.outcome === 'conflict' || f.outcome === 'conflict-markers')
    .slice(0, 12)
    .map((f) => `${f.path}: ${f.reason ?? ''}`)
    .join('\n');
}

/** Apply: compares, shows what conflicts, and writes only what the user chose. */
export async function applyTask(tasks: BackgroundTasks, record: WorktreeRecord): Promise<void> {
  const plan = await tasks.changes.plan(record);
  const name = taskName(record.task);
  if (plan.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Background task "{0}" changed no file.', name));
    return;
  }
  const marked = plan.filter((f) => f.outcome === 'conflict-markers').length;
  const unmergeable = plan.filter((f) => f.outcome === 'conflict').length;
  const applyClean = vscode.l10n.t('Apply');
  const leave = vscode.l10n.t('Apply, Leaving Conflicts');
  const markers = vscode.l10n.t('Apply with Conflict Markers');
  let choice: string | undefined;
  if (marked + unmergeable === 0) {
    choice = await vscode.window.showInformationMessage(vscode.l10n.t('Apply the {0} changed file(s) of background task "{1}" to the folder?', plan.length, name), { modal: true }, applyClean);
  } else {
    const detail = vscode.l10n.t('These files changed in the folder since the task started:\n{0}\n\nLeaving a conflict keeps the folder\'s file as it is; conflict markers put both versions in the file for you to resolve.', conflictLines(plan));
    const buttons = marked > 0 ? [leave, markers] : [leave];
    choice = await vscode.window.showWarningMessage(vscode.l10n.t('{0} of {1} files of background task "{2}" conflict with the folder.', marked + unmergeable, plan.length, name), { modal: true, detail }, ...buttons);
  }
  if (choice === undefined) return;
  const report = await tasks.changes.apply(record, plan, choice === markers ? 'write-conflict-markers' : 'leave-conflicts');
  await tasks.worktrees.markApplied(record.id);
  tasks.recordsChanged();
  const discard = vscode.l10n.t('Discard Worktree');
  const message =
    report.left.length === 0
      ? vscode.l10n.t('Applied {0} file(s) of background task "{1}".', report.written.length, name)
      : vscode.l10n.t('Applied {0} file(s) of background task "{1}"; left as they were: {2}.', report.written.length, name, report.left.map((l) => l.path).join(', '));
  const after = await vscode.window.showInformationMessage(message, discard);
  if (after === discard) await discardTask(tasks, record, 'without-asking');
}

/** Discard: removes the worktree and its branch, after asking unless the user just applied it. */
export async function discardTask(tasks: BackgroundTasks, record: WorktreeRecord, ask: 'ask' | 'without-asking'): Promise<void> {
  if (ask === 'ask') {
    const discard = vscode.l10n.t('Discard');
    const detail = record.appliedAt === undefined ? vscode.l10n.t('Its changes were not applied; they are lost.') : vscode.l10n.t('Its changes were applied to the folder.');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Discard background task "{0}": delete its worktree and branch {1}?', taskName(record.task), record.branch), { modal: true, detail }, discard);
    if (choice !== discard) return;
  }
  await tasks.stopAndWait(record.id);
  await tasks.worktrees.discard(record.id);
  tasks.recordsChanged();
}
