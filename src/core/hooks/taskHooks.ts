// The hooks of one agent task or one prompt: which apply to an event, whether each may run
// (hookTrust.ts), running them side by side with Claude Code's JSON on standard input, and what their
// answers add up to: any block blocks, with every blocking hook's reason; a hook that fails or runs past
// its time limit is reported and blocks nothing.
import * as l10n from '../l10n';
import type { HookDefinition, HookEvent } from './hookConfig';
import { matchesTool } from './hookMatcher';
import type { HookProcesses } from './hookProcesses';
import { hookLabel, runHook, type HookOutcome } from './hookRunner';
import type { AskApproval, HookTrust } from './hookTrust';

export interface TaskHooksOptions {
  hooks: readonly HookDefinition[];
  processes: HookProcesses;
  trust: HookTrust;
  ask: AskApproval;
  /** The conversation's id: Claude Code's `session_id`. */
  sessionId: string;
  /** Where a user's hook runs (the first workspace folder, else the home folder); a workspace's runs in its own folder. */
  cwd: string;
  /** A line for the user: a hook failed, ran too long, or was not approved. */
  report: (message: string) => void;
}

/** A UserPromptSubmit hook refused the prompt; the message, shown to the user, holds the hook's reason. */
export class PromptBlockedError extends Error {
  override readonly name = 'PromptBlockedError';
  constructor(reason: string) {
    super(l10n.t('A hook blocked this prompt: {0}', reason));
  }
}

/** Blocked: the reasons of the hooks that blocked, one per line. */
export type HookVerdict = { blocked: false } | { blocked: true; reason: string };

const PASSED: HookVerdict = { blocked: false };

export class TaskHooks {
  private readonly declined = new Set<string>();
  private readonly reported = new Set<string>();

  constructor(private readonly options: TaskHooksOptions) {}

  /** True when some hook applies to `event` (for `toolName`): without one, an event costs nothing. */
  has(event: HookEvent, toolName?: string): boolean {
    return this.options.hooks.some((hook) => this.applies(hook, event, toolName));
  }

  /** PreToolUse: a block answers the call with its reason instead of running it. */
  beforeTool(toolName: string, toolInput: Record<string, unknown>, signal: AbortSignal): Promise<HookVerdict> {
    return this.fire('PreToolUse', { tool_name: toolName, tool_input: toolInput }, signal, toolName);
  }

  /** PostToolUse: a block's reason is given to the model with the result (the call already ran). */
  afterTool(toolName: string, toolInput: Record<string, unknown>, toolResponse: { status: string; content: string }, signal: AbortSignal): Promise<HookVerdict> {
    return this.fire('PostToolUse', { tool_name: toolName, tool_input: toolInput, tool_response: toolResponse }, signal, toolName);
  }

  /** UserPromptSubmit: a block stops the prompt before it is sent, its reason shown to the user. */
  promptSubmitted(prompt: string, signal: AbortSignal): Promise<HookVerdict> {
    return this.fire('UserPromptSubmit', { prompt }, signal);
  }

  /** Stop: the agent task ended (a block's reason is shown; the task does not go on). */
  stopped(signal: AbortSignal): Promise<HookVerdict> {
    return this.fire('Stop', { stop_hook_active: false }, signal);
  }

  private applies(hook: HookDefinition, event: HookEvent, toolName: string | undefined): boolean {
    return hook.event === event && (toolName === undefined || matchesTool(hook.matcher, toolName));
  }

  private async fire(event: HookEvent, fields: Record<string, unknown>, signal: AbortSignal, toolName?: string): Promise<HookVerdict> {
    const matching = this.options.hooks.filter((hook) => this.applies(hook, event, toolName));
    if (matching.length === 0) return PASSED;
    const outcomes = await Promise.all(matching.map((hook) => this.runOne(hook, event, fields, signal)));
    const reasons: string[] = [];
    for (const outcome of outcomes) {
      if (outcome.kind === 'block') reasons.push(outcome.reason);
      else if (outcome.kind === 'failed') this.options.report(outcome.message);
    }
    return reasons.length > 0 ? { blocked: true, reason: reasons.join('\n') } : PASSED;
  }

  private async runOne(hook: HookDefinition, event: HookEvent, fields: Record<string, unknown>, signal: AbortSignal): Promise<HookOutcome> {
    const permission = await this.options.trust.permission(hook, this.options.ask, this.declined, signal);
    if (permission !== 'run') {
      this.reportOnce(
        `${permission}\n${hook.command}`,
        permission === 'restricted'
          ? l10n.t('The workspace hook `{0}` did not run: workspace hooks never run in Restricted Mode.', hookLabel(hook))
          : l10n.t('The workspace hook `{0}` did not run: it was not approved.', hookLabel(hook)),
      );
      return { kind: 'pass' };
    }
    const cwd = hook.origin.kind === 'workspace' ? hook.origin.folder : this.options.cwd;
    const input = { session_id: this.options.sessionId, cwd, hook_event_name: event, ...fields };
    return runHook(hook, input, cwd, this.options.processes);
  }

  private reportOnce(key: string, message: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.options.report(message);
  }
}
