// Holds back a message the meter says is over the model's context length: the service would refuse it
// for too many tokens. The draft stays in the box with a warning that says what to do; a second Send
// of the same draft goes anyway (the figure is an estimate, and the user may know better).
import { el, formatCount } from '../dom';

export interface OverLimit {
  tokens: number;
  limit: number;
  model: string;
}

export class ContextLimitGuard {
  readonly element: HTMLElement;
  private over: OverLimit | undefined;
  /** The user has seen the warning for this draft: the next Send goes. */
  private warned = false;

  constructor() {
    this.element = el('div', { className: 'context-limit-warning', attrs: { 'data-testid': 'context-limit-warning', role: 'alert' } });
    this.element.hidden = true;
  }

  /** The latest estimate: over the limit, or not (undefined). */
  measured(over: OverLimit | undefined): void {
    this.over = over;
    if (!over) this.hide();
  }

  draftChanged(): void {
    this.warned = false;
    this.hide();
  }

  /** True when this Send is held back (and the warning is shown); false when it may go. */
  holdBack(): boolean {
    if (!this.over || this.warned) {
      this.hide();
      return false;
    }
    this.warned = true;
    const { tokens, limit, model } = this.over;
    this.element.textContent = `Too long for ${model}: about ${formatCount(tokens)} tokens, and it takes ${formatCount(limit)}. Shorten the message, remove a mention or attachment, or use /compact. Your text is kept; press Send again to send it anyway.`;
    this.element.hidden = false;
    return true;
  }

  private hide(): void {
    this.element.hidden = true;
    this.element.textContent = '';
  }
}
