// The `svc.agent.*` settings: the step limit, which official formulas a task may call, whether edits
// are applied without asking, and which files are asked about before reading. All but the step limit
// come from the user's own settings only (userSettings.ts): a repository cannot set them. Read by
// settings/settingsReader.ts.
import { OFFICIAL_FORMULAS } from '../../api/index';
import { DEFAULT_MAX_STEPS } from '../../core/agent/agentLoop';
import { DEFAULT_FORMULAS } from '../../core/tools/formulaTools';
import type { SettingLookup } from '../settings/chatSettings';

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

/** The agent's settings from the editor's values (a user-only one: the user's value alone). */
export function agentSettingsFrom(lookup: SettingLookup): AgentSettings {
  const steps = lookup('agent.maxSteps');
  return {
    maxSteps: Number.isInteger(steps) && (steps as number) >= 1 ? (steps as number) : DEFAULT_MAX_STEPS,
    formulas: enabledFormulas(lookup('agent.formulas')),
    autoApproveEdits: lookup('agent.autoApproveEdits') === true,
    protectedFiles: stringList(lookup('agent.protectedFiles') ?? []),
  };
}
