// Each reply's cost beside its usage icon: the money, when a price table gives it, and the whole label in
// the tooltip and accessible name. The host sends it once, after the reply; it is kept here by message id
// so a re-rendered message shows it again.
import { el } from '../dom';
import { describeUsage } from './replyUsage';
import * as l10n from '../../shared/l10n';

interface Cost {
  label: string;
  usd: number | null;
}

/** Dollars with two significant digits below a cent ("$0.00012"), else cents ("$0.42"). */
export function dollars(usd: number): string {
  return usd >= 0.01 ? `$${usd.toFixed(2)}` : `$${usd.toPrecision(2)}`;
}

export class ReplyCosts {
  private readonly costs = new Map<string, Cost>();

  constructor(private readonly root: HTMLElement) {}

  record(messageId: string, label: string, usd: number | null): void {
    this.costs.set(messageId, { label, usd });
    this.apply();
  }

  /**
   * Puts the known costs on the usage of the replies in the DOM (after rows were mounted). Walks those few
   * rows, not every cost: a long conversation has thousands of priced replies, and the list mounts rows on scrolls.
   */
  apply(): void {
    for (const usage of this.root.querySelectorAll<HTMLElement>('[data-message-id] > .message-footer .usage')) {
      const messageId = usage.closest<HTMLElement>('[data-message-id]')?.dataset.messageId;
      const cost = messageId === undefined ? undefined : this.costs.get(messageId);
      if (!cost || usage.hidden) continue;
      describeUsage(usage, [l10n.t('Cost: {0}', cost.label)]);
      if (cost.usd === null) continue;
      const text = dollars(cost.usd);
      const existing = usage.querySelector('[data-testid="reply-cost"]');
      if (existing) existing.textContent = text;
      else usage.append(el('span', { className: 'reply-cost', attrs: { 'data-testid': 'reply-cost' }, text }));
    }
  }
}
