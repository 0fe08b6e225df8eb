// Any extension can run any command with any arguments. The test harness passes an API key, a task or a
// dialog stand-in that way; anywhere else an argument is never trusted: a key from an argument is ignored
// (the user types the key, so nobody can swap the account and receive the user's next uploads), a task,
// or a file outside the workspace or one that looks secret, from an argument is shown in a modal dialog
// and used only when the user confirms, and a command that throws something away asks first.
import * as vscode from 'vscode';
import { revealHiddenText } from '../shared/revealHiddenText';
import type { GivenPathUse } from '../core/tools/givenPathGate';
import { admitGivenFiles, askUserAboutFiles } from './givenFiles';

/**
 * How far a command trusts its arguments. The user's trust (USER_ARGUMENTS) takes nothing on faith; the
 * test harness's (HARNESS_ARGUMENTS, chosen by chatHost.ts only under the harness, see testHarness.ts)
 * takes the key, task, stand-in or task id a test passes, and asks nothing.
 */
export interface CommandArgumentTrust {
  /** The key passed to svc.setApiKey; undefined means: ask the user. */
  key(given: unknown): string | undefined;
  /** Whether a task passed to svc.runAgentTask may run. */
  confirmTask(task: string): Promise<boolean>;
  /** A test stand-in passed as a command argument; undefined when it is not to be used. */
  seam<T>(given: unknown, isSeam: (value: unknown) => value is T): T | undefined;
  /** Whether a command that discards something (the API key, the service connection, an agent's changes) may go on. */
  confirmEffect(question: string, detail: string, button: string): Promise<boolean>;
  /**
   * The files, of those passed to a command, that it may use: each through the path gate (givenFiles.ts);
   * what the gate asks about is asked of the user, and [] means the user said no.
   */
  admitFiles(uris: readonly vscode.Uri[], action: string, use: GivenPathUse): Promise<vscode.Uri[]>;
  /** The agent task svc.undoAgentChanges undoes without asking which: the id passed, or the only one; undefined: the user picks. */
  undoWithoutAsking(given: unknown, undoable: readonly string[]): { taskId: string | undefined } | undefined;
}

async function confirmTaskWithUser(task: string): Promise<boolean> {
  const run = vscode.l10n.t('Run Task');
  const shown = revealHiddenText(task);
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Run this agent task? It was started by a command, not typed by you.'),
    { modal: true, detail: [shown.warning, shown.text].filter(Boolean).join('\n\n') },
    run,
  );
  return choice === run;
}

/** Anywhere but the test harness: an argument is never trusted, the user decides. */
export const USER_ARGUMENTS: CommandArgumentTrust = {
  key: () => undefined,
  confirmTask: confirmTaskWithUser,
  seam: () => undefined,
  confirmEffect: async (question, detail, button) => (await vscode.window.showWarningMessage(question, { modal: true, detail }, button)) === button,
  admitFiles: (uris, action, use) => admitGivenFiles(uris, action, use, askUserAboutFiles),
  // The user always picks the task in a list, even when there is one: another extension can run this
  // command, with a task id or without, and undoing rewrites files.
  undoWithoutAsking: (_given, undoable) => (undoable.length === 0 ? { taskId: undefined } : undefined),
};

/** Under the extension's own test harness: what a test passes is used as it is, and nothing is asked. */
export const HARNESS_ARGUMENTS: CommandArgumentTrust = {
  key: (given) => (typeof given === 'string' ? given : undefined),
  confirmTask: async () => true,
  seam: (given, isSeam) => (isSeam(given) ? given : undefined),
  confirmEffect: async () => true,
  // The gate's refusals hold under the harness too; only its questions are answered yes.
  admitFiles: (uris, action, use) => admitGivenFiles(uris, action, use, async () => true),
  undoWithoutAsking: (given, undoable) => (typeof given === 'string' ? { taskId: given } : undoable.length <= 1 ? { taskId: undoable[0] } : undefined),
};
