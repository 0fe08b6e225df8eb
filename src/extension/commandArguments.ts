// Any extension can run any command with any arguments. The test harness passes an API key or a task
// that way; anywhere else an argument is never trusted: a key from an argument is ignored (the user
// types the key, so nobody can swap the account and receive the user's next uploads), and a task
// from an argument is shown whole in a modal dialog and runs only when the user confirms.
import * as vscode from 'vscode';
import { revealHiddenText } from '../shared/revealHiddenText';

/** The key passed to svc.setApiKey, used only under the test harness; undefined means: ask the user. */
export function keyFromCommandArgument(given: unknown, testHarness: boolean): string | undefined {
  return testHarness && typeof given === 'string' ? given : undefined;
}

/** Whether a task passed to svc.runAgentTask may run: always under the harness, else when the user says so. */
export async function confirmPassedTask(task: string, testHarness: boolean): Promise<boolean> {
  if (testHarness) return true;
  const run = 'Run Task';
  const shown = revealHiddenText(task);
  const choice = await vscode.window.showWarningMessage(
    'Run this agent task? It was started by a command, not typed by you.',
    { modal: true, detail: [shown.warning, shown.text].filter(Boolean).join('\n\n') },
    run,
  );
  return choice === run;
}
