// The `svc.agent.*` settings: the step and token limits, which official formulas a task may call, whether
// edits are applied without asking, which files are asked about before reading, and how many background
// tasks run at once. All but the step limit and the background task limit come from the user's own
// settings only (userSettings.ts): a repository cannot set them, so it can neither lift the token limit
// that guards what a task spends nor switch it off. Read by settings/settingsReader.ts.
import { OFFICIAL_FORMULAS } from '../../api/index';
import * as l10n from '../../core/l10n';
import { DEFAULT_MAX_STEPS, DEFAULT_MAX_TASK_TOKENS } from '../../core/agent/taskBudget';
import { DEFAULT_FORMULAS } from '../../core/tools/formulaTools';
import type { SettingLookup } from '../settings/chatSettings';

export interface AgentSettings {
  maxSteps: number;
  /** Prompt and completion tokens one task may spend, its subagents included; NO_TOKEN_LIMIT (0) for none. */
  maxTaskTokens: number;
  formulas: string[];
  autoApproveEdits: boolean;
  /** Globs (gitignore syntax) of files asked about before reading, beside the built-in secret names. */
  protectedFiles: string[];
  /** How many background tasks run at once. */
  backgroundTaskLimit: number;
}

export const DEFAULT_BACKGROUND_TASK_LIMIT = 2;
export const MAX_BACKGROUND_TASK_LIMIT = 8;

/** 0 (no limit) or a whole number of tokens. */
function validTokenLimit(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function validLimit(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_BACKGROUND_TASK_LIMIT;
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
  const tokens = lookup('agent.maxTaskTokens');
  return {
    maxSteps: Number.isInteger(steps) && (steps as number) >= 1 ? (steps as number) : DEFAULT_MAX_STEPS,
    maxTaskTokens: validTokenLimit(tokens) ? tokens : DEFAULT_MAX_TASK_TOKENS,
    formulas: enabledFormulas(lookup('agent.formulas')),
    autoApproveEdits: lookup('agent.autoApproveEdits') === true,
    protectedFiles: stringList(lookup('agent.protectedFiles') ?? []),
    backgroundTaskLimit: validLimit(lookup('agent.backgroundTasks.limit')) ? (lookup('agent.backgroundTasks.limit') as number) : DEFAULT_BACKGROUND_TASK_LIMIT,
  };
}

/** What is wrong with the agent's settings, one line per setting, naming it and what it allows (the defaults apply instead). */
export function agentSettingsProblems(lookup: SettingLookup): string[] {
  const problems: string[] = [];
  const refuse = (name: string, allowed: string): void => void problems.push(l10n.t('{0}: must be {1} (got {2})', `svc.${name}`, allowed, JSON.stringify(lookup(name))));
  const steps = lookup('agent.maxSteps');
  if (steps !== undefined && !(Number.isInteger(steps) && (steps as number) >= 1)) refuse('agent.maxSteps', l10n.t('a whole number of steps of at least 1'));
  const tokens = lookup('agent.maxTaskTokens');
  if (tokens !== undefined && !validTokenLimit(tokens)) refuse('agent.maxTaskTokens', l10n.t('a whole number of tokens, or 0 for no limit'));
  const autoApprove = lookup('agent.autoApproveEdits');
  if (autoApprove !== undefined && typeof autoApprove !== 'boolean') refuse('agent.autoApproveEdits', l10n.t('true or false'));
  const formulas = lookup('agent.formulas');
  const unknown = typeof formulas === 'object' && formulas !== null ? Object.entries(formulas).filter(([name, on]) => !(OFFICIAL_FORMULAS as readonly string[]).includes(name) || typeof on !== 'boolean') : [];
  if ((formulas !== undefined && (typeof formulas !== 'object' || formulas === null || Array.isArray(formulas))) || unknown.length > 0) {
    refuse('agent.formulas', l10n.t('an object of true or false by formula name, the names being {0}', OFFICIAL_FORMULAS.join(', ')));
  }
  const files = lookup('agent.protectedFiles');
  if (files !== undefined && !(Array.isArray(files) && files.every((item) => typeof item === 'string'))) refuse('agent.protectedFiles', l10n.t('a list of glob strings'));
  const limit = lookup('agent.backgroundTasks.limit');
  if (limit !== undefined && !validLimit(limit)) refuse('agent.backgroundTasks.limit', l10n.t('a whole number of tasks from 1 to {0}', MAX_BACKGROUND_TASK_LIMIT));
  return problems;
}
