// A reply's usage as one short, muted line under it ("1.2k tokens", then " · $0.0003" once its cost is
// known); every figure (prompt, cached, completion, reasoning, first token, tokens per second, cost) is
// in its tooltip and accessible name. An agent's steps show none: the task's summary counts them all.
import type { ReplySpeedView, UsageView } from '../../shared/protocol';
import { speedDetails, tokensSummary, usageDetails } from './usageLine';

/** Where the cost's line reads its part of the tooltip (the line is rebuilt when the reply is). */
export const DETAILS_KEY = 'details';

export function showReplyUsage(line: HTMLElement, usage: UsageView | undefined, speed: ReplySpeedView | undefined, options: { agentStep: boolean }): void {
  const shown = usage !== undefined && !options.agentStep;
  line.hidden = !shown;
  if (!shown) {
    line.replaceChildren();
    line.removeAttribute('title');
    return;
  }
  const details = [...usageDetails(usage), ...(speed ? speedDetails(speed) : [])].join('\n');
  line.textContent = tokensSummary(usage);
  line.dataset[DETAILS_KEY] = details;
  line.title = details;
  line.setAttribute('aria-label', `Usage: ${tokensSummary(usage)}. ${details.split('\n').join('. ')}`);
}
