// Plan mode: the agent reads, then proposes a plan (numbered steps, the files it expects to touch, the
// commands it expects to run) that the user edits, approves or rejects; an approved plan becomes an agent
// task with a to-do list the agent updates as it goes. The plan and its progress are saved on the
// assistant entry that proposed it.
import * as z from 'zod';
import type { ChatMessage } from '../../api/index';
import * as l10n from '../l10n';

export const TodoStatusSchema = z.enum(['pending', 'in_progress', 'done']);
export type TodoStatus = z.infer<typeof TodoStatusSchema>;

export const PlanSchema = z.object({
  steps: z.array(z.string()),
  files: z.array(z.string()),
  commands: z.array(z.string()),
  status: z.enum(['proposed', 'approved', 'rejected']),
  /** One status per step once approved: the to-do list the agent updates. */
  todo: z.array(TodoStatusSchema).optional(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** The instruction of a plan-mode task, sent as its system message. */
export const PLAN_MODE_RULES: ChatMessage = {
  role: 'system',
  content:
    'Plan mode: you may only read (read, list and search files, and compute). Change nothing. Investigate what the task needs, then answer with a plan: ' +
    'a numbered list of steps (1. 2. 3.), then a line "Files:" followed by "- path" lines for the files you expect to change, ' +
    'then a line "Commands:" followed by "- command" lines for the commands you expect to run (or "- none").',
};

const STEP = /^\s*(\d+)[.)]\s+(.+?)\s*$/;
const BULLET = /^\s*[-*]\s+(.+?)\s*$/;

/** The plan in a plan-mode answer; undefined when the answer has no numbered steps. */
export function parsePlan(answer: string): Omit<Plan, 'status'> | undefined {
  const steps: string[] = [];
  const files: string[] = [];
  const commands: string[] = [];
  let section: 'steps' | 'files' | 'commands' = 'steps';
  for (const line of answer.split('\n')) {
    const heading = /^\s*(?:#+\s*|\*\*)?(files|commands)\b/i.exec(line);
    if (heading) {
      section = (heading[1] as string).toLowerCase() === 'files' ? 'files' : 'commands';
      continue;
    }
    const step = STEP.exec(line);
    if (section === 'steps' && step) {
      steps.push(step[2] as string);
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet && section !== 'steps') {
      const item = (bullet[1] as string).replace(/^`(.*)`$/, '$1');
      if (item.toLowerCase() !== 'none') (section === 'files' ? files : commands).push(item);
    }
  }
  return steps.length > 0 ? { steps, files, commands } : undefined;
}

/** What the chat shows for the message that starts an approved plan's task (the model gets `planTask`), in the user's language. */
export function approvedPlanLine(): string {
  return l10n.t('Plan approved');
}

/** The task an approved plan becomes: the plan in its context, and the to-do tool named. */
export function planTask(steps: readonly string[]): string {
  return [
    'Carry out this approved plan, step by step. Before a step call update_plan with its number and "in_progress", and after it with "done".',
    ...steps.map((step, i) => `${i + 1}. ${step}`),
  ].join('\n');
}
