// The steps and tokens one task may spend, shared by the task and every subagent it starts: a child's
// steps and tokens count toward the parent's limits, so handing work to subagents never buys a task more
// requests or tokens than the user allowed (svc.agent.maxSteps, svc.agent.maxTaskTokens). Every agent of
// the task checks the same budget before each step, so once a child has spent it the child ends and its
// parent stops at its next step.
import type { UsageTotals } from '../conversations/conversation';

/** Steps one task may take when svc.agent.maxSteps does not say. */
export const DEFAULT_MAX_STEPS = 25;

/** `maxTokens` of a budget with no token limit (the setting's `0`). */
export const NO_TOKEN_LIMIT = 0;

/**
 * The setting's default. Far above a long task at the default 25 steps, which stays under it even if every
 * step sends a full 128K-token context (3.3M); what it stops is a loop run long, as with svc.agent.maxSteps
 * raised to its 200, which over such a context would spend about 26M.
 */
export const DEFAULT_MAX_TASK_TOKENS = 5_000_000;

/** Why a step may not start: the stop reason of the agent that asked. */
export type BudgetStop = 'step_limit' | 'token_limit';

export class TaskBudget {
  private taken = 0;
  private spent = 0;

  constructor(
    readonly maxSteps: number,
    readonly maxTokens: number = NO_TOKEN_LIMIT,
  ) {}

  /** Takes one step, or names the limit that forbids it (tokens first: a spent budget ends the task whatever steps are left). */
  nextStep(): BudgetStop | undefined {
    if (this.tokensExhausted) return 'token_limit';
    if (this.taken >= this.maxSteps) return 'step_limit';
    this.taken++;
    return undefined;
  }

  /** Counts what one request cost: its prompt tokens (cached ones too, which are still sent) and its completion. */
  spend(usage: UsageTotals): void {
    this.spent += usage.promptTokens + usage.completionTokens;
  }

  get tokensExhausted(): boolean {
    return this.maxTokens !== NO_TOKEN_LIMIT && this.spent >= this.maxTokens;
  }

  get tokensSpent(): number {
    return this.spent;
  }

  get stepsTaken(): number {
    return this.taken;
  }

  get stepsLeft(): number {
    return this.maxSteps - this.taken;
  }
}
