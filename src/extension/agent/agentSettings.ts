// The `svc.agent.*` settings: the step limit, which official formulas a task may call, and whether
// edits are applied without asking.
import * as vscode from 'vscode';
import { OFFICIAL_FORMULAS } from '../../api/models';
import { DEFAULT_MAX_STEPS } from '../../core/agent/agentLoop';
import { DEFAULT_FORMULAS } from '../../core/tools/formulaTools';

export interface AgentSettings {
  maxSteps: number;
  formulas: string[];
  autoApproveEdits: boolean;
}

/** The formulas switched on: the defaults unless the setting names a formula, then what it says. */
export function enabledFormulas(setting: unknown): string[] {
  const chosen = typeof setting === 'object' && setting !== null ? (setting as Record<string, unknown>) : {};
  return OFFICIAL_FORMULAS.filter((name) => (typeof chosen[name] === 'boolean' ? chosen[name] === true : DEFAULT_FORMULAS.includes(name)));
}

export function readAgentSettings(): AgentSettings {
  const c = vscode.workspace.getConfiguration('svc.agent');
  const steps = c.get<number>('maxSteps', DEFAULT_MAX_STEPS);
  return {
    maxSteps: Number.isInteger(steps) && steps >= 1 ? steps : DEFAULT_MAX_STEPS,
    formulas: enabledFormulas(c.get('formulas')),
    autoApproveEdits: c.get<boolean>('autoApproveEdits', false),
  };
}
