// The plan a Plan-mode task proposes: its steps (editable while proposed, one per line), the files and
// commands it expects, and Approve / Reject; once approved, the to-do list the agent advances as it goes.
import type { AssistantMessageView, PlanView, WebviewMessage } from '../../shared/protocol';
import { el, icon, textButton } from '../dom';
import * as l10n from '../../shared/l10n';

const TODO_ICON = { pending: 'circle-large-outline', in_progress: 'loading', done: 'pass-filled' } as const;
const TODO_TEXT = { pending: l10n.t('to do'), in_progress: l10n.t('in progress'), done: l10n.t('done') } as const;

const PLAN_START = /^\s*(?:\d+[.)]\s+|(?:#+\s*|\*\*)?(?:files|commands)\b)/i;

/**
 * A proposed plan's answer shows only its words before the plan: the steps, files and commands are the
 * card's, and the model's list (often without the blank lines markdown needs) would repeat them, run together.
 */
export function withoutPlanBody(message: AssistantMessageView): AssistantMessageView {
  if (message.plan === undefined) return message;
  return {
    ...message,
    choices: message.choices.map((choice) => {
      const lines = choice.content.split('\n');
      const start = lines.findIndex((line) => PLAN_START.test(line));
      return start < 0 ? choice : { ...choice, content: lines.slice(0, start).join('\n').trimEnd() };
    }),
  };
}

export class PlanCard {
  readonly element: HTMLElement;

  constructor(
    readonly id: string,
    private readonly plan: PlanView,
    conversationId: string,
    messageId: string,
    post: (message: WebviewMessage) => void,
  ) {
    const rows: Node[] = [el('div', { className: 'plan-title' }, [icon('checklist'), el('strong', { text: ` ${plan.status === 'proposed' ? l10n.t('Proposed plan') : plan.status === 'approved' ? l10n.t('Plan') : l10n.t('Plan rejected')}` })])];
    if (plan.status === 'proposed') {
      const editor = el('textarea', { className: 'plan-editor', attrs: { 'data-testid': 'plan-steps', 'aria-label': l10n.t('Steps of the plan, one per line'), rows: String(Math.min(12, plan.steps.length + 1)) } });
      editor.value = plan.steps.join('\n');
      const approve = textButton('check', l10n.t('Approve and run'), 'approve-plan', { 'data-testid': 'plan-approve' });
      approve.classList.add('primary');
      const reject = textButton('close', l10n.t('Reject'), 'reject-plan', { 'data-testid': 'plan-reject' });
      approve.addEventListener('click', () => {
        const steps = editor.value.split('\n').map((s) => s.replace(/^\s*\d+[.)]\s*/, '').trim()).filter((s) => s !== '');
        if (steps.length === 0) return;
        approve.disabled = true;
        reject.disabled = true;
        post({ type: 'approvePlan', conversationId, messageId, steps });
      });
      reject.addEventListener('click', () => {
        approve.disabled = true;
        reject.disabled = true;
        post({ type: 'rejectPlan', conversationId, messageId });
      });
      rows.push(editor);
      rows.push(...this.expectations());
      rows.push(el('div', { className: 'plan-buttons' }, [approve, reject]));
    } else {
      const todo = plan.todo ?? plan.steps.map(() => 'pending' as const);
      rows.push(
        el(
          'ol',
          { className: 'plan-todo', attrs: { 'data-testid': 'plan-todo' } },
          plan.steps.map((step, i) => {
            const status = plan.status === 'rejected' ? 'pending' : (todo[i] ?? 'pending');
            return el('li', { className: `todo-${status}`, attrs: { 'data-status': status } }, [icon(TODO_ICON[status]), el('span', { text: ` ${step}` }), el('span', { className: 'todo-status', text: plan.status === 'rejected' ? '' : ` · ${TODO_TEXT[status]}` })]);
          }),
        ),
      );
      rows.push(...this.expectations());
    }
    this.element = el('div', { className: `plan-card plan-${plan.status}`, attrs: { 'data-testid': 'plan-card', 'data-status': plan.status, role: 'group', 'aria-label': l10n.t('Plan') } }, rows);
  }

  /** True when the card shows this same plan and progress (its DOM, with what the user typed, is kept). */
  matches(plan: PlanView): boolean {
    return JSON.stringify(plan) === JSON.stringify(this.plan);
  }

  private expectations(): Node[] {
    const out: Node[] = [];
    if (this.plan.files.length > 0) out.push(el('div', { className: 'plan-expect', text: l10n.t('Files: {0}', this.plan.files.join(', ')) }));
    if (this.plan.commands.length > 0) out.push(el('div', { className: 'plan-expect', text: l10n.t('Commands: {0}', this.plan.commands.join('; ')) }));
    return out;
  }
}
