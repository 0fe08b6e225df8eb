// The conversation's running totals, out of the way: a small figure in the header ("12k tokens") whose
// tooltip holds every figure, and which opens the conversation's summary (tokens of every reply, cached
// and reasoning among them, how many replies took how long, the last reply's speed) on a click.
import type { ConversationView } from '../../shared/protocol';
import { el, icon } from '../dom';
import { speedText, timeTotalsDetails, tokensSummary, usageDetails } from './usageLine';

function summaryLines(conversation: ConversationView): string[] {
  const lines = usageDetails(conversation.totals);
  if (conversation.time) lines.push(timeTotalsDetails(conversation.time));
  const last = conversation.messages.findLast((m) => m.role === 'assistant' && m.speed !== undefined);
  if (last?.role === 'assistant' && last.speed) lines.push(`Last reply: ${speedText(last.speed)}`);
  return lines;
}

export class ConversationTotals {
  readonly element: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly label = el('span', { className: 'totals-label' });
  private readonly summary: HTMLElement;

  constructor() {
    this.button = el('button', {
      className: 'totals-button',
      attrs: { type: 'button', 'data-testid': 'conversation-totals', 'aria-label': 'Conversation total', 'aria-expanded': 'false', 'aria-controls': 'conversation-summary' },
    }, [icon('graph'), this.label]);
    this.summary = el('div', { className: 'totals-summary', attrs: { id: 'conversation-summary', 'data-testid': 'conversation-summary', role: 'group', 'aria-label': 'Conversation summary' } });
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
    this.label.textContent = tokensSummary(totals);
    this.button.title = `Conversation total: ${tokensSummary(totals)}\n${lines.join('\n')}`;
    this.button.setAttribute('aria-label', `Conversation total: ${tokensSummary(totals)}. Show the summary`);
    this.summary.replaceChildren(el('div', { className: 'totals-heading', text: `Conversation total: ${tokensSummary(totals)}` }), ...lines.map((line) => el('div', { text: line })));
  }

  private toggle(open: boolean): void {
    this.summary.hidden = !open;
    this.button.setAttribute('aria-expanded', String(open));
  }
}
