// Each reply's cost (tokens, and money with a price table) on its usage line. The host sends it once,
// after the reply; it is kept here by message id so a re-rendered message shows it again.
import { el } from '../dom';

export class ReplyCosts {
  private readonly labels = new Map<string, string>();

  constructor(private readonly root: HTMLElement) {}

  record(messageId: string, label: string): void {
    this.labels.set(messageId, label);
    this.apply();
  }

  /** Puts every known cost on its message's footer (after a message was rendered anew). */
  apply(): void {
    for (const [messageId, label] of this.labels) {
      const usage = this.root.querySelector(`[data-message-id="${CSS.escape(messageId)}"] .message-footer .usage`);
      if (!usage) continue;
      const text = ` · cost ${label}`;
      const existing = usage.querySelector('[data-testid="reply-cost"]');
      if (existing) existing.textContent = text;
      else usage.append(el('span', { className: 'reply-cost', attrs: { 'data-testid': 'reply-cost', title: 'What this reply cost' }, text }));
    }
  }
}
