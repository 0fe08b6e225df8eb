// The line under the messages with the conversation's running totals: tokens of every reply, and how
// many replies took how long (its tooltip splits waiting for first tokens from streaming).
import type { ConversationView } from '../../shared/protocol';
import { el } from '../dom';
import { timeTotalsDetails, timeTotalsText, usageText } from './usageLine';

export class ConversationTotals {
  readonly element = el('div', { className: 'totals', attrs: { 'aria-label': 'Conversation totals' } });

  constructor() {
    this.element.hidden = true;
  }

  show(conversation: ConversationView | null): void {
    const totals = conversation?.totals;
    const used = totals && totals.promptTokens + totals.completionTokens > 0;
    this.element.hidden = !used;
    const time = conversation?.time;
    this.element.replaceChildren(...(used ? [`Conversation total: ${usageText(totals)}`] : []));
    if (!used || !time) return;
    const details = timeTotalsDetails(time);
    this.element.append(el('span', { className: 'time-totals', text: ` · ${timeTotalsText(time)}`, attrs: { 'data-testid': 'time-totals', role: 'note', title: details, 'aria-label': details } }));
  }
}
