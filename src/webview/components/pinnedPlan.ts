// The live to-do list of the approved plan whose task is running, pinned above the composer so the
// progress stays in sight while the steps scroll by (the plan card itself sits far above the work).
// It follows the conversation shown and goes away when the task ends.
import type { ConversationView, PlanView } from '../../shared/protocol';
import { el, icon } from '../dom';
import * as l10n from '../../shared/l10n';
import { awaitingApproval, onAwaitingApproval } from './approvalWaiting';

const TODO_ICON = { pending: 'circle-large-outline', in_progress: 'loading', done: 'pass-filled' } as const;

/** The approved plan a task is carrying out right now: a reply after it is still streaming. */
export function runningPlan(conversation: ConversationView | null): PlanView | undefined {
  const messages = conversation?.messages ?? [];
  const at = messages.findLastIndex((m) => m.role === 'assistant' && m.plan?.status === 'approved');
  if (at < 0) return undefined;
  const running = messages.slice(at + 1).some((m) => m.role === 'assistant' && m.status === 'streaming');
  const entry = messages[at];
  return running && entry?.role === 'assistant' ? entry.plan : undefined;
}

/** A view this short has no room for the whole list and the conversation: the list shows its summary line. */
const SHORT_VIEW = '(max-height: 520px)';

export class PinnedPlan {
  readonly element = el('details', { className: 'pinned-plan', attrs: { 'data-testid': 'pinned-plan', open: '', 'aria-label': l10n.t('Plan in progress') } });
  private shown = '';
  /** Folded to its summary line for want of room (an approval asks, or the view is short). */
  private folded = false;
  /** The user folded the list themselves while it had room: it stays folded. */
  private closedByUser = false;

  constructor() {
    this.element.hidden = true;
    // An approval card and the whole list left the conversation a sliver in a narrow side bar: while an
    // approval asks, or the view is short, the list is its one summary line, which opens it on a click.
    const short = window.matchMedia(SHORT_VIEW);
    const fit = (): void => this.fold(awaitingApproval() || short.matches);
    short.addEventListener('change', fit);
    onAwaitingApproval(fit);
    this.element.addEventListener('click', (event) => {
      if (!this.folded && event.target instanceof Element && event.target.closest('summary')) this.closedByUser = this.element.open;
    });
    fit();
  }

  private fold(folded: boolean): void {
    if (folded === this.folded) return;
    this.folded = folded;
    this.element.open = !folded && !this.closedByUser;
  }

  show(conversation: ConversationView | null): void {
    const plan = runningPlan(conversation);
    const key = plan ? JSON.stringify([plan.steps, plan.todo]) : '';
    if (key === this.shown) return;
    this.shown = key;
    this.element.hidden = plan === undefined;
    if (!plan) {
      this.element.replaceChildren();
      return;
    }
    const todo = plan.steps.map((_, i) => plan.todo?.[i] ?? 'pending');
    const done = todo.filter((s) => s === 'done').length;
    const current = todo.findIndex((s) => s === 'in_progress');
    const heading = current >= 0 ? l10n.t('Step {0} of {1}: {2}', current + 1, plan.steps.length, plan.steps[current] ?? '') : l10n.t('Plan: {0} of {1} done', done, plan.steps.length);
    this.element.replaceChildren(
      el('summary', { className: 'pinned-plan-summary', attrs: { 'data-testid': 'pinned-plan-summary' } }, [icon('checklist'), el('span', { text: ` ${heading}` })]),
      el(
        'ol',
        { className: 'plan-todo', attrs: { 'data-testid': 'pinned-plan-todo' } },
        plan.steps.map((step, i) => {
          const status = todo[i] ?? 'pending';
          return el('li', { className: `todo-${status}`, attrs: { 'data-status': status } }, [icon(TODO_ICON[status]), el('span', { text: ` ${step}` })]);
        }),
      ),
    );
  }
}
