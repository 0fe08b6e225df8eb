// Settings a repository must not control. A cloned repository's `.vscode/settings.json` is written by
// whoever made the repository: were it able to set where requests go (`svc.baseUrl` receives the API
// key), what the agent may do without asking, which tools it has, the system prompt, or how many tokens a
// task may spend, opening a folder would be enough to steal the key, switch approvals off or lift a limit
// on what the user pays. These settings are declared with
// application scope in package.json, and read from the user's own settings only (the defaults otherwise,
// settings/settingsReader.ts), whatever a workspace or folder says; a workspace that tries is named once
// in a notice.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** Every setting that routes data, weakens approvals or lifts a spending limit, relative to `svc.`. */
export const USER_ONLY_SETTINGS = ['baseUrl', 'systemPrompt', 'agent.autoApproveEdits', 'agent.formulas', 'agent.protectedFiles', 'mcp.servers', 'rules', 'hooks', 'completions.enabled', 'completions.allowInRestrictedMode', 'agent.maxTaskTokens'] as const;
export type UserOnlySetting = (typeof USER_ONLY_SETTINGS)[number];

/** `"svc.baseUrl":` and the like, as a key of a settings file (comments and all, no parsing needed). */
const ATTEMPT = new RegExp(`"svc\\.(${USER_ONLY_SETTINGS.map((name) => name.replace('.', '\\.')).join('|')})"\\s*:`, 'g');

/**
 * The user-only settings the open workspace's settings files try to set. VS Code drops such values
 * before any API could report them, so the files themselves are read: `.vscode/settings.json` of every
 * folder and the `.code-workspace` file.
 */
export async function workspaceAttempts(): Promise<string[]> {
  const files = (vscode.workspace.workspaceFolders ?? []).map((folder) => path.join(folder.uri.fsPath, '.vscode', 'settings.json'));
  const workspaceFile = vscode.workspace.workspaceFile;
  if (workspaceFile?.scheme === 'file') files.push(workspaceFile.fsPath);
  const attempts = new Set<string>();
  for (const file of files) {
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    for (const match of text.matchAll(ATTEMPT)) attempts.add(`svc.${match[1]}`);
  }
  return [...attempts].sort();
}

/** Says once per window, and again when a settings file changes, which workspace values are ignored. */
export function watchWorkspaceAttempts(log: vscode.LogOutputChannel): vscode.Disposable {
  const reported = new Set<string>();
  const check = async (): Promise<void> => {
    const fresh = (await workspaceAttempts()).filter((name) => !reported.has(name));
    if (fresh.length === 0) return;
    for (const name of fresh) reported.add(name);
    const list = fresh.join(', ');
    log.warn(`Ignored workspace settings: ${list} (they can only be set in user settings).`);
    void vscode.window.showWarningMessage(
      fresh.length > 1
        ? vscode.l10n.t("This workspace's settings {0} are ignored: they can only be set in your user settings.", list)
        : vscode.l10n.t("This workspace's setting {0} is ignored: it can only be set in your user settings.", list),
    );
  };
  void check();
  const watcher = vscode.workspace.createFileSystemWatcher('**/.vscode/settings.json');
  return vscode.Disposable.from(watcher, watcher.onDidChange(() => void check()), watcher.onDidCreate(() => void check()));
}
