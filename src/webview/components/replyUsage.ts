// A reply's usage, out of the way: a quiet icon beside the reply's actions (then "$0.0003" once a price
// table gives its cost) whose tooltip and accessible name hold every figure (prompt, cached, completion,
// reasoning, first token, tokens per second, cost); token counts are shown as text only in the composer's
// meter. An agent's steps show none: the task's summary counts them all.
import type { ReplySpeedView, UsageView } from '../../shared/protocol';
import { icon } from '../dom';
import { speedDetails, tokensSummary, usageDetails } from './usageLine';
import * as l10n from '../../shared/l10n';

/** Where the usage's element keeps its figures, for the cost to add its own (the element is rebuilt with the reply). */
const DETAILS_KEY = 'details';
const SUMMARY_KEY = 'summary';

export function showReplyUsage(line: HTMLElement, usage: UsageView | undefined, speed: ReplySpeedView | undefined, options: { agentStep: boolean }): void {
  const shown = usage !== undefined && !options.agentStep;
  line.hidden = !shown;
  if (!shown) {
    line.replaceChildren();
    for (const name of ['title', 'aria-label', 'role']) line.removeAttribute(name);
    return;
  }
  line.replaceChildren(icon('graph'));
  line.setAttribute('role', 'img');
  line.dataset[SUMMARY_KEY] = tokensSummary(usage);
  line.dataset[DETAILS_KEY] = [...usageDetails(usage), ...(speed ? speedDetails(speed) : [])].join('\n');
  describeUsage(line, []);
}

/** The usage's tooltip and accessible name: its figures, then `extra` lines (the cost). */
export function describeUsage(line: HTMLElement, extra: string[]): void {
  const details = [line.dataset[DETAILS_KEY] ?? '', ...extra].join('\n');
  line.title = details;
  line.setAttribute('aria-label', l10n.t('Usage: {0}. {1}', line.dataset[SUMMARY_KEY] ?? '', details.split('\n').join('. ')));
}
