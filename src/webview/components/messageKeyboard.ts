// Keyboard navigation of the message list: each message (and each card after one) is ONE tab stop, a
// roving one: Up and Down move between messages, Home and End to the first and the last shown; Enter or
// Tab goes into the message's own controls (copy, edit, links, code-block buttons, sections), Escape
// comes back to the message. Tab skips the controls of the other messages, so it crosses the
// conversation in one step instead of stopping on every icon of every turn. The controls keep their
// tab order attributes (model output is never touched): Tab is steered instead.
const ITEM_SELECTOR = '.message-row > *';
const CONTROL_SELECTOR = 'a[href], button, input, select, textarea, summary, [tabindex]';

function isItem(element: Element): boolean {
  return element instanceof HTMLElement && element.matches(ITEM_SELECTOR);
}

/** Reachable by Tab as the browser would have it: in the order, enabled and shown. */
function tabbable(element: HTMLElement): boolean {
  return element.tabIndex >= 0 && !element.matches(':disabled') && element.getClientRects().length > 0 && element.closest('[hidden], [inert]') === null;
}

export class MessageKeyboard {
  /** The message that is the list's tab stop. */
  private current: HTMLElement | undefined;
  /** The message whose controls Tab visits (the user went into it). */
  private entered: HTMLElement | undefined;
  private readonly observer = new MutationObserver((records) => this.added(records));

  constructor(private readonly list: HTMLElement) {
    // `hidden` too: a blank step of a task hides, and must not keep the list's tab stop.
    this.observer.observe(list, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
    list.addEventListener('keydown', (event) => this.key(event));
    list.addEventListener('focusin', (event) => {
      if (event.target === list) this.current?.focus({ preventScroll: true });
      const item = this.itemOf(event.target);
      if (!item) return;
      this.setCurrent(item);
      // A control reached another way (a click) puts the user in its message.
      if (event.target !== item) this.entered = item;
    });
    list.addEventListener('focusout', (event) => {
      if (this.entered && !this.entered.contains(event.relatedTarget as Node | null)) this.entered = undefined;
    });
    document.addEventListener('keydown', (event) => this.tab(event));
  }

  /** The messages and cards shown, in order (a hidden one is no stop: Up and Down step over it). */
  private items(): HTMLElement[] {
    return [...this.list.querySelectorAll<HTMLElement>(ITEM_SELECTOR)].filter((item) => !item.hidden);
  }

  private itemOf(target: EventTarget | null): HTMLElement | undefined {
    if (!(target instanceof Element)) return undefined;
    for (let node: Element | null = target; node && node !== this.list; node = node.parentElement) if (isItem(node)) return node as HTMLElement;
    return undefined;
  }

  /** New messages start out of the tab order; the stop moves to the last message when its own went away or hid. */
  private added(records: MutationRecord[]): void {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const items = node.matches('.message-row') ? [...node.children] : isItem(node) ? [node] : [];
        for (const item of items) if (item instanceof HTMLElement) item.tabIndex = item === this.current ? 0 : -1;
      }
    }
    if (!this.current?.isConnected || this.current.hidden) {
      this.current = undefined;
      this.setCurrent(this.items().at(-1));
    }
  }

  private setCurrent(item: HTMLElement | undefined): void {
    if (item === this.current) return;
    if (this.current) this.current.tabIndex = -1;
    this.current = item;
    if (item) item.tabIndex = 0;
  }

  private controls(item: HTMLElement): HTMLElement[] {
    return [...item.querySelectorAll<HTMLElement>(CONTROL_SELECTOR)].filter(tabbable);
  }

  private key(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof HTMLElement ? event.target : undefined;
    const item = this.itemOf(target ?? null);
    if (!target || !item) return;
    if (target !== item) {
      if (event.key !== 'Escape') return;
      // From a control back to its message (a control with an Escape of its own stops it first).
      event.preventDefault();
      event.stopPropagation();
      this.entered = undefined;
      item.focus();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Home' || event.key === 'End') {
      const items = this.items();
      const at = items.indexOf(item);
      const next = event.key === 'Home' ? items[0] : event.key === 'End' ? items.at(-1) : items[at + (event.key === 'ArrowDown' ? 1 : -1)];
      event.preventDefault();
      next?.focus();
      next?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter' || (event.key === 'Tab' && !event.shiftKey)) {
      const first = this.controls(item)[0];
      if (!first) return;
      event.preventDefault();
      this.entered = item;
      first.focus();
    }
  }

  /** Tab and Shift+Tab anywhere in the view step over the controls of the messages the user is not in. */
  private tab(event: KeyboardEvent): void {
    if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const stops = [...document.querySelectorAll<HTMLElement>(`${CONTROL_SELECTOR}, ${ITEM_SELECTOR}`)].filter((element) => {
      const item = this.itemOf(element);
      return (item === undefined || item === element || item === this.entered) && tabbable(element);
    });
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const at = active ? stops.indexOf(active) : -1;
    if (at === -1) return;
    const next = stops[at + (event.shiftKey ? -1 : 1)];
    // Past the first or the last stop the focus leaves the view, as the browser does it.
    if (!next) return;
    event.preventDefault();
    next.focus();
  }
}
