// The conversation's running totals, out of the way: an icon in the header whose tooltip and accessible name
// hold every figure, and which opens the conversation's summary (tokens of every reply, cached and reasoning
// among them, how many replies took how long, the last reply's speed) on a click. Token counts are shown as
// text only in the composer's meter.
import type { ConversationView } from '../../shared/protocol';
import { el, icon } from '../dom';
import { speedText, timeTotalsDetails, tokensSummary, usageDetails } from './usageLine';
import * as l10n from '../../shared/l10n';

function summaryLines(conversation: ConversationView): string[] {
  const lines = usageDetails(conversation.totals);
  if (conversation.time) lines.push(timeTotalsDetails(conversation.time));
  const last = conversation.messages.findLast((m) => m.role === 'assistant' && m.speed !== undefined);
  if (last?.role === 'assistant' && last.speed) lines.push(l10n.t('Last reply: {0}', speedText(last.speed)));
  return lines;
}

export class ConversationTotals {
  readonly element: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly summary: HTMLElement;

  constructor() {
    this.button = el('button', {
      className: 'totals-button',
      attrs: { type: 'button', 'data-testid': 'conversation-totals', 'aria-label': l10n.t('Conversation total'), 'aria-expanded': 'false', 'aria-controls': 'conversation-summary' },
    }, [icon('graph')]);
    this.summary = el('div', { className: 'totals-summary', attrs: { id: 'conversation-summary', 'data-testid': 'conversation-summary', role: 'group', 'aria-label': l10n.t('Conversation summary') } });
    this.summary.hidden = true;
    this.element = el('div', { className: 'totals' }, [this.button, this.summary]);
    this.element.hidden = true;
    this.button.addEventListener('click', () => this.toggle(this.summary.hidden));
    this.element.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || this.summary.hidden) return;
      event.stopPropagation();
      this.toggle(false);
      this.button.focus();
    });
    document.addEventListener('mousedown', (event) => {
      if (!this.summary.hidden && !this.element.contains(event.target as Node)) this.toggle(false);
    });
  }

  show(conversation: ConversationView | null): void {
    const totals = conversation?.totals;
    const used = conversation && totals && totals.promptTokens + totals.completionTokens > 0;
    this.element.hidden = !used;
    if (!used) {
      this.toggle(false);
      return;
    }
    const lines = summaryLines(conversation);
    const heading = l10n.t('Conversation total: {0}', tokensSummary(totals));
    this.button.title = `${heading}\n${lines.join('\n')}`;
    this.button.setAttribute('aria-label', l10n.t('Conversation total: {0}. Show the summary', tokensSummary(totals)));
    this.summary.replaceChildren(el('div', { className: 'totals-heading', text: heading }), ...lines.map((line) => el('div', { text: line })));
  }

  private toggle(open: boolean): void {
    this.summary.hidden = !open;
    this.button.setAttribute('aria-expanded', String(open));
  }
}
