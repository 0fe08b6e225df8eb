// Settings a repository must not control. A cloned repository's `.vscode/settings.json` is written by
// whoever made the repository: were it able to set where requests go (`svc.baseUrl` receives the API
// key), what the agent may do without asking, which tools it has, or the system prompt, opening a
// folder would be enough to steal the key or switch approvals off. These settings are declared with
// application scope in package.json, and read here from the user's own settings only (the defaults
// otherwise), whatever a workspace or folder says; a workspace that tries is named once in a notice.
import * as vscode from 'vscode';

/** Every setting that routes data or weakens approvals, relative to `svc.`. */
export const USER_ONLY_SETTINGS = ['baseUrl', 'systemPrompt', 'agent.autoApproveEdits', 'agent.formulas', 'agent.protectedFiles'] as const;
export type UserOnlySetting = (typeof USER_ONLY_SETTINGS)[number];

/** The user-level value, else the default: workspace and folder values are never used. */
export function userSetting<T>(name: UserOnlySetting, fallback: T): T {
  const inspected = vscode.workspace.getConfiguration('svc').inspect<T>(name);
  return inspected?.globalValue ?? inspected?.defaultValue ?? fallback;
}

/** The user-only settings the open workspace or one of its folders tries to set. */
export function workspaceAttempts(): string[] {
  const attempts = new Set<string>();
  const scopes: (vscode.ConfigurationScope | undefined)[] = [undefined, ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri)];
  for (const scope of scopes) {
    const config = vscode.workspace.getConfiguration('svc', scope);
    for (const name of USER_ONLY_SETTINGS) {
      const inspected = config.inspect(name);
      if (inspected?.workspaceValue !== undefined || inspected?.workspaceFolderValue !== undefined) attempts.add(`svc.${name}`);
    }
  }
  return [...attempts].sort();
}

/** Says once per window, and again when settings change, which workspace values are ignored. */
export function watchWorkspaceAttempts(log: vscode.LogOutputChannel): vscode.Disposable {
  const reported = new Set<string>();
  const check = (): void => {
    const fresh = workspaceAttempts().filter((name) => !reported.has(name));
    if (fresh.length === 0) return;
    for (const name of fresh) reported.add(name);
    const list = fresh.join(', ');
    log.warn(`Ignored workspace settings: ${list} (they can only be set in user settings).`);
    void vscode.window.showWarningMessage(`This workspace's setting${fresh.length > 1 ? 's' : ''} ${list} ${fresh.length > 1 ? 'are' : 'is'} ignored: ${fresh.length > 1 ? 'they' : 'it'} can only be set in your user settings.`);
  };
  check();
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (USER_ONLY_SETTINGS.some((name) => e.affectsConfiguration(`svc.${name}`))) check();
  });
}
