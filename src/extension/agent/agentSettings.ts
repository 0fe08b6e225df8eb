// The `svc.agent.*` settings: the step limit, which official formulas a task may call, whether edits
// are applied without asking, and which files are asked about before reading. All but the step limit
// come from the user's own settings only (userSettings.ts): a repository cannot set them.
import * as vscode from 'vscode';
import { OFFICIAL_FORMULAS } from '../../api/index';
import { DEFAULT_MAX_STEPS } from '../../core/agent/agentLoop';
import { DEFAULT_FORMULAS } from '../../core/tools/formulaTools';
import { userSetting } from '../userSettings';

export interface AgentSettings {
  maxSteps: number;
  formulas: string[];
  autoApproveEdits: boolean;
  /** Globs (gitignore syntax) of files asked about before reading, beside the built-in secret names. */
  protectedFiles: string[];
}

/** The formulas switched on: the defaults unless the setting names a formula, then what it says. */
export function enabledFormulas(setting: unknown): string[] {
  const chosen = typeof setting === 'object' && setting !== null ? (setting as Record<string, unknown>) : {};
  return OFFICIAL_FORMULAS.filter((name) => (typeof chosen[name] === 'boolean' ? chosen[name] === true : DEFAULT_FORMULAS.includes(name)));
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function readAgentSettings(): AgentSettings {
  const c = vscode.workspace.getConfiguration('svc.agent');
  const steps = c.get<number>('maxSteps', DEFAULT_MAX_STEPS);
  return {
    maxSteps: Number.isInteger(steps) && steps >= 1 ? steps : DEFAULT_MAX_STEPS,
    formulas: enabledFormulas(userSetting<unknown>('agent.formulas', undefined)),
    autoApproveEdits: userSetting<boolean>('agent.autoApproveEdits', false) === true,
    protectedFiles: stringList(userSetting<unknown>('agent.protectedFiles', [])),
  };
}
