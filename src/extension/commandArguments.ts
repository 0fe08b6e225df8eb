// Any extension can run any command with any arguments. The test harness passes an API key, a task or a
// dialog stand-in that way; anywhere else an argument is never trusted: a key from an argument is ignored
// (the user types the key, so nobody can swap the account and receive the user's next uploads), a task or
// a file outside the workspace from an argument is shown in a modal dialog and used only when the user
// confirms, and a command that throws something away asks first.
import * as vscode from 'vscode';
import { revealHiddenText } from '../shared/revealHiddenText';
import { filesNeedingConsent } from './passedFiles';

/** The key passed to svc.setApiKey, used only under the test harness; undefined means: ask the user. */
export function keyFromCommandArgument(given: unknown, testHarness: boolean): string | undefined {
  return testHarness && typeof given === 'string' ? given : undefined;
}

/** Whether a task passed to svc.runAgentTask may run: always under the harness, else when the user says so. */
export async function confirmPassedTask(task: string, testHarness: boolean): Promise<boolean> {
  if (testHarness) return true;
  const run = vscode.l10n.t('Run Task');
  const shown = revealHiddenText(task);
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Run this agent task? It was started by a command, not typed by you.'),
    { modal: true, detail: [shown.warning, shown.text].filter(Boolean).join('\n\n') },
    run,
  );
  return choice === run;
}

/** A test stand-in passed as a command argument, honoured only under the harness; undefined elsewhere. */
export function seamFromCommandArgument<T>(given: unknown, isSeam: (value: unknown) => value is T, testHarness: boolean): T | undefined {
  return testHarness && isSeam(given) ? given : undefined;
}

/**
 * Whether a command that discards something (the API key, the service connection, an agent's changes)
 * may go on: the user confirms in a modal dialog, since the caller may be another extension.
 */
export async function confirmCommandEffect(question: string, detail: string, button: string, testHarness: boolean): Promise<boolean> {
  if (testHarness) return true;
  return (await vscode.window.showWarningMessage(question, { modal: true, detail }, button)) === button;
}

/** Whether files passed to a command may be sent: those outside the workspace and not open in an editor are confirmed first. */
export async function confirmPassedFiles(uris: readonly vscode.Uri[], action: string, testHarness: boolean): Promise<boolean> {
  if (testHarness) return true;
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  // Tabs, not textDocuments: an extension can open a document without showing it.
  const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => tab.input));
  const open = tabs.filter((input): input is vscode.TabInputText => input instanceof vscode.TabInputText && input.uri.scheme === 'file').map((input) => input.uri.fsPath);
  const files = uris.filter((u) => u.scheme === 'file').map((u) => u.fsPath);
  const outside = await filesNeedingConsent(files, folders, open);
  if (outside.length === 0) return true;
  const button = vscode.l10n.t('Send');
  const choice = await vscode.window.showWarningMessage(
    outside.length === 1
      ? vscode.l10n.t('{0}: send this file from outside the workspace to the svc service?', action)
      : vscode.l10n.t('{0}: send these {1} files from outside the workspace to the svc service?', action, outside.length),
    { modal: true, detail: `${vscode.l10n.t('A command asked for it; you did not pick it here.')}\n\n${outside.map((f) => revealHiddenText(f).text).join('\n')}` },
    button,
  );
  return choice === button;
}
