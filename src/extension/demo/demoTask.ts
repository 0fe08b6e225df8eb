// "svc: Try the Agent on a Sample Project": a new user sees the agent work offline. The command writes a
// small sample project into the extension's global storage (never into the user's folders) and opens it
// as the workspace: in this window when none is open, else in a new one. In the sample folder it runs the
// demo task, which the local emulator answers with its built-in script (src/emulator/demoScenario.ts):
// a read, two edits and a command, each asking for approval, with checkpoints.
//
// The new window learns that it should start the task from a note in global state naming the folder the
// command just wrote; the folder's marker file only wakes the extension there. A repository holding the
// marker file therefore starts nothing, and another extension running the command only gets the sample
// folder opened and a task whose every edit and command still asks the user.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEMO_FILES, demoTaskFor } from '../../shared/demoProject';

export const TRY_DEMO_COMMAND = 'svc.tryDemo';
/** Global state: the sample folder a window should start the demo task in, once. */
const PENDING_KEY = 'svc.demo.pendingFolder';

export interface DemoDeps {
  usesEmulator(): Promise<boolean>;
  chooseEmulator(): Promise<void>;
  /** Shows the chat and runs the task as an agent task in a new conversation, showing `shown` for it. */
  runTask(task: { sent: string; shown: string }): Promise<void>;
}

export function sampleFolder(context: vscode.ExtensionContext): string {
  return path.join(context.globalStorageUri.fsPath, 'sample-project');
}

/** Writes the sample project afresh: the demo always starts from the same files. */
export async function writeSampleProject(folder: string): Promise<void> {
  await fs.promises.rm(folder, { recursive: true, force: true });
  await fs.promises.mkdir(folder, { recursive: true });
  for (const [name, text] of Object.entries(DEMO_FILES)) await fs.promises.writeFile(path.join(folder, name), text);
}

/** The task in words the model reads (English, asking for the display language) and in the user's own. */
function demoTask(): { sent: string; shown: string } {
  return { sent: demoTaskFor(vscode.env.language), shown: vscode.l10n.t('On the svc sample project, fix the discount bug in prices.js, add a test for it and run the tests.') };
}

function openFolderIs(folder: string): boolean {
  const first = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return first !== undefined && path.resolve(first) === path.resolve(folder);
}

/** The demo answers only on the local emulator; on the service the same words would reach a real model. */
async function ensureEmulator(deps: DemoDeps): Promise<boolean> {
  if (await deps.usesEmulator()) return true;
  const use = vscode.l10n.t('Use Local Emulator');
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('The demo runs on the local emulator: offline, scripted and free. Switch to it? "svc: Set API Key" switches back.'),
    use,
  );
  if (choice !== use) return false;
  await deps.chooseEmulator();
  return true;
}

async function tryDemo(context: vscode.ExtensionContext, deps: DemoDeps): Promise<void> {
  if (!(await ensureEmulator(deps))) return;
  const folder = sampleFolder(context);
  if (openFolderIs(folder)) {
    await writeSampleProject(folder);
    await deps.runTask(demoTask());
    return;
  }
  await writeSampleProject(folder);
  await context.globalState.update(PENDING_KEY, folder);
  const inNewWindow = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(folder), { forceNewWindow: inNewWindow });
}

export function registerDemoTask(context: vscode.ExtensionContext, deps: DemoDeps): vscode.Disposable {
  return vscode.commands.registerCommand(TRY_DEMO_COMMAND, () => tryDemo(context, deps));
}

/**
 * At activation: when this window was opened by the demo command on its sample folder, starts the demo
 * (through the command, which loads the chat host). The note is taken first, so it runs once.
 */
export async function resumePendingDemo(context: vscode.ExtensionContext): Promise<void> {
  const pending = context.globalState.get<string>(PENDING_KEY);
  if (pending === undefined || !openFolderIs(pending)) return;
  await context.globalState.update(PENDING_KEY, undefined);
  await vscode.commands.executeCommand(TRY_DEMO_COMMAND);
}
