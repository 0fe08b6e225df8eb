// The one place that reads (and, for the chat view's choices, writes) the `svc.*` settings in VS Code and
// hears of their changes; the rules (defaults, what each setting allows, what the model in effect accepts)
// are pure code beside it, tested without an editor. Settings a repository must not control are read from
// the user's own settings only (see userSettings.ts for why, and for the notice naming a workspace that tries).
import * as vscode from 'vscode';
import { agentSettingsFrom, agentSettingsProblems, type AgentSettings } from '../agent/agentSettings';
import type { UserOnlySetting } from '../userSettings';
import { USER_ONLY_SETTINGS } from '../userSettings';
import { completionSettingsFrom } from '../completions/completionSettings';
import { chatSettingsFrom, type ChatSettings, type ReadSettings, type SettingLookup } from './chatSettings';
import { settingsProblems } from './settingsProblems';
import { userHooks } from '../hooks/hookSources';

/** The user-level value, else the default: workspace and folder values are never used. */
export function userSetting<T>(name: UserOnlySetting, fallback: T): T {
  const inspected = vscode.workspace.getConfiguration('svc').inspect<T>(name);
  return inspected?.globalValue ?? inspected?.defaultValue ?? fallback;
}

/** Each setting's value as it applies here; a user-only setting's from the user's settings alone. */
function lookup(): SettingLookup {
  const config = vscode.workspace.getConfiguration('svc');
  return (name) => ((USER_ONLY_SETTINGS as readonly string[]).includes(name) ? userSetting<unknown>(name as UserOnlySetting, undefined) : config.get(name));
}

/** One setting's value as it applies here, by name without `svc.` (its rules are its reader's). */
export function settingValue(name: string): unknown {
  return lookup()(name);
}

/** The settings with the values of the wrong kind reported (settingsProblems adds the model's rules). */
export function readChatSettings(): ReadSettings {
  return chatSettingsFrom(lookup());
}

export function readSettings(): ChatSettings {
  return readChatSettings().settings;
}

/** Every problem of the settings: values of the wrong kind, what the model in effect does not accept, the agent's. */
export function readSettingsProblems(): string[] {
  const values = lookup();
  const { settings, problems } = chatSettingsFrom(values);
  return [...problems, ...settingsProblems(settings), ...agentSettingsProblems(values), ...userHooks(values('hooks')).problems, ...completionSettingsFrom(values).problems];
}

export function readAgentSettings(): AgentSettings {
  return agentSettingsFrom(lookup());
}

/** A setting changed from the chat view goes where its current value comes from (workspace or user). */
export async function updateSetting(name: string, value: unknown): Promise<void> {
  const config = vscode.workspace.getConfiguration('svc');
  const inspected = config.inspect(name);
  const target = inspected?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await config.update(name, value, target);
}

/** Calls `listener` when a `svc.*` setting changed, with a test for which ones (names without `svc.`). */
export function onDidChangeSettings(listener: (changed: (name: string) => boolean) => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('svc')) listener((name) => e.affectsConfiguration(`svc.${name}`));
  });
}
