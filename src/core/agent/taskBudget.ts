// The steps one task may take, shared by the task and every subagent it starts: a child's steps count
// toward the parent's limit, so handing work to subagents never buys a task more requests than the user
// allowed (svc.agent.maxSteps).

export class TaskBudget {
  private taken = 0;

  constructor(readonly maxSteps: number) {}

  /** Takes one step; false when the limit is reached (the caller then stops with `step_limit`). */
  takeStep(): boolean {
    if (this.taken >= this.maxSteps) return false;
    this.taken++;
    return true;
  }

  get stepsTaken(): number {
    return this.taken;
  }

  get stepsLeft(): number {
    return this.maxSteps - this.taken;
  }
}
