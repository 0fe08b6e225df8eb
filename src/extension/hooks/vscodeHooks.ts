// Hooks in VS Code: the user's `svc.hooks` (user settings only), the open folders, workspace trust, the
// approvals in the editor's global state and hook processes in the user's shell (the one the agent's
// commands run in, with their scrubbed environment).
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { DisabledCustomizations } from '../../core/customizations/disabledCustomizations';
import { globalStateStorage } from '../files/globalStateStorage';
import { userSetting } from '../settings/settingsReader';
import { UserShell } from '../workspaceTools/userShell';
import { HookFeatures } from './hookFeatures';
import { ShellHookProcesses } from './hookProcess';

export function createHookFeatures(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, disabled: DisabledCustomizations): HookFeatures {
  const shell = new UserShell(log);
  return new HookFeatures({
    userHooks: () => userSetting<unknown>('hooks', undefined),
    folders: () => (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').map((folder) => folder.uri.fsPath),
    trusted: () => vscode.workspace.isTrusted,
    approvals: globalStateStorage(context.globalState),
    processes: new ShellHookProcesses(() => shell.commandLaunch()),
    homeFolder: os.homedir(),
    problem: (message) => {
      log.warn(`Hooks: ${message}`);
      void vscode.window.showWarningMessage(vscode.l10n.t('svc hooks: {0}', message));
    },
    disabled: () => disabled.keys(),
  });
}
