// update_plan: the agent marks a step of the approved plan in progress or done, so the user sees which
// step runs. The to-do list lives on the plan's entry; the caller saves and shows it.
import type { TodoStatus } from '../agent/plan';
import * as l10n from '../l10n';
import { done, failed, functionDefinition, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from './tool';
import { toolDisplay } from './toolDisplay';
import { toolTraits } from './toolTraits';

export const UPDATE_PLAN_NAME = 'update_plan';
/** It marks the plan's progress: it brings in nothing from this computer and changes nothing there. */
export const UPDATE_PLAN_TRAITS = toolTraits({});

export class UpdatePlanTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  readonly traits = UPDATE_PLAN_TRAITS;
  readonly display = toolDisplay('plan', undefined, () => ({ running: l10n.t('Updating the plan'), done: l10n.t('Updated the plan') }));
  readonly definition = functionDefinition(
    UPDATE_PLAN_NAME,
    'Mark a step of the approved plan as in_progress or done, so the user sees the progress.',
    {
      step: { type: 'integer', description: 'The step number, from 1.' },
      status: { type: 'string', description: 'in_progress or done.', enum: ['in_progress', 'done'] },
    },
    ['step', 'status'],
  );

  constructor(
    private readonly stepCount: number,
    private readonly update: (index: number, status: TodoStatus) => Promise<void>,
  ) {}

  async run(args: ToolArguments): Promise<ToolRunResult> {
    const step = args.value.step;
    const status = args.value.status;
    if (typeof step !== 'number' || !Number.isInteger(step) || step < 1 || step > this.stepCount) return failed(`step must be a whole number from 1 to ${this.stepCount}.`);
    if (status !== 'in_progress' && status !== 'done') return failed('status must be "in_progress" or "done".');
    await this.update(step - 1, status);
    return done(`Step ${step} is ${status === 'done' ? 'done' : 'in progress'}.`);
  }
}
