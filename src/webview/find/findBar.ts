// Find in conversation (Ctrl/Cmd+F, or the toolbar's search button): counts matches in every message of
// the conversation, mounted or not, steps through them (Enter, Shift+Enter, the arrows), brings each one's
// row into the virtualised list, opens the folded section that holds it (reasoning, a tool result), and
// marks matches with the CSS Custom Highlight API, so the rendered DOM is never rewritten to show them.
import type { MessageView } from '../../shared/protocol';
import { el, iconButton } from '../dom';
import { conversationMatches, type ConversationMatch } from './conversationMatches';
import { textRanges } from './textRanges';
import * as l10n from '../../shared/l10n';

/** What find needs of the message list. */
export interface FindTarget {
  /** The scrolling list. */
  readonly element: HTMLElement;
  readonly messageViews: MessageView[];
  reveal(messageId: string): HTMLElement | undefined;
  mountedRows(): HTMLElement[];
}

const ALL = 'svc-find';
const CURRENT = 'svc-find-current';

export class FindBar {
  readonly element: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly count: HTMLElement;
  private matches: ConversationMatch[] = [];
  private current = -1;

  constructor(private readonly target: FindTarget, private readonly restoreFocus: () => void) {
    this.input = el('input', { className: 'find-input', attrs: { type: 'text', 'aria-label': l10n.t('Find in conversation'), placeholder: l10n.t('Find'), 'data-testid': 'find-input' } });
    this.count = el('span', { className: 'find-count', attrs: { 'aria-live': 'polite', 'data-testid': 'find-count' } });
    const previous = iconButton('arrow-up', l10n.t('Previous match (Shift+Enter)'), 'find-previous');
    const next = iconButton('arrow-down', l10n.t('Next match (Enter)'), 'find-next');
    const close = iconButton('close', l10n.t('Close (Escape)'), 'find-close');
    previous.addEventListener('click', () => this.step(-1));
    next.addEventListener('click', () => this.step(1));
    close.addEventListener('click', () => this.close());
    this.input.addEventListener('input', () => this.search());
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.step(event.shiftKey ? -1 : 1);
      else if (event.key === 'Escape') this.close();
      else return;
      event.preventDefault();
      event.stopPropagation();
    });
    this.element = el('div', { className: 'find-bar', attrs: { role: 'search', 'data-testid': 'find-bar' } }, [this.input, this.count, previous, next, close]);
    this.element.hidden = true;
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Ctrl/Cmd+F: the list is virtualised, so the browser's own find would miss what is not mounted. */
  openOnShortcut(event: KeyboardEvent): void {
    if (event.key.toLowerCase() !== 'f' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    event.preventDefault();
    this.open();
  }

  open(): void {
    this.element.hidden = false;
    this.input.focus();
    this.input.select();
    if (this.input.value !== '') this.search();
  }

  close(): void {
    this.element.hidden = true;
    this.matches = [];
    this.current = -1;
    CSS.highlights.delete(ALL);
    CSS.highlights.delete(CURRENT);
    this.restoreFocus();
  }

  /** The conversation changed: count again, keeping the current match where it still exists. */
  refresh(): void {
    if (!this.isOpen) return;
    const was = this.matches[this.current];
    this.matches = conversationMatches(this.target.messageViews, this.input.value);
    const same = was ? this.matches.findIndex((m) => m.messageId === was.messageId && m.ordinal === was.ordinal) : -1;
    this.current = same >= 0 ? same : Math.min(this.current, this.matches.length - 1);
    this.showCount();
    this.highlight();
  }

  /** Marks the matches in the rows now in the DOM (after rows were mounted). */
  highlight(): void {
    if (!this.isOpen || this.matches.length === 0) {
      CSS.highlights.delete(ALL);
      CSS.highlights.delete(CURRENT);
      return;
    }
    const all = new Highlight();
    for (const row of this.target.mountedRows()) for (const range of textRanges(row, this.input.value)) all.add(range);
    CSS.highlights.set(ALL, all);
    const current = this.currentRange();
    if (current) CSS.highlights.set(CURRENT, new Highlight(current));
    else CSS.highlights.delete(CURRENT);
  }

  private search(): void {
    this.matches = conversationMatches(this.target.messageViews, this.input.value);
    // Start at a match on screen if there is one, else at the newest.
    const shown = new Set(this.target.mountedRows().map((row) => row.dataset.row));
    const onScreen = this.matches.findIndex((m) => shown.has(m.messageId));
    this.current = onScreen >= 0 ? onScreen : this.matches.length - 1;
    this.showCount();
    if (this.current >= 0) this.go(this.current);
    else this.highlight();
  }

  private step(delta: number): void {
    if (this.matches.length === 0) return;
    this.current = (this.current + delta + this.matches.length) % this.matches.length;
    this.showCount();
    this.go(this.current);
  }

  /** Brings match `index` into view: its row mounted, its folded section open, the text centred. */
  private go(index: number): void {
    const match = this.matches[index];
    if (!match) return;
    const row = this.target.reveal(match.messageId);
    if (row) this.unfoldIfHidden(row, match.messageId);
    const range = row ? this.rangeIn(row, match) : undefined;
    if (range) {
      for (let node = range.startContainer.parentElement; node && node !== row; node = node.parentElement) {
        if (node instanceof HTMLDetailsElement && !node.open) node.open = true;
      }
      // Centred by the range itself: the block holding it may be taller than the view.
      const list = this.target.element;
      const box = range.getBoundingClientRect();
      const view = list.getBoundingClientRect();
      list.scrollTop += box.top + box.height / 2 - (view.top + view.height / 2);
    }
    this.highlight();
  }

  private currentRange(): Range | undefined {
    const match = this.matches[this.current];
    if (!match) return undefined;
    const row = this.target.mountedRows().find((r) => r.dataset.row === match.messageId);
    return row ? this.rangeIn(row, match) : undefined;
  }

  /**
   * Opens the row's folded sections when its DOM holds fewer matches than its message: a folded reasoning
   * is rendered only when opened. The synthetic toggle renders it now (the real one comes a task later),
   * so the ranges can be found at once.
   */
  private unfoldIfHidden(row: HTMLElement, messageId: string): void {
    const expected = this.matches.filter((m) => m.messageId === messageId).length;
    if (textRanges(row, this.input.value).length >= expected) return;
    for (const details of row.querySelectorAll('details')) {
      if (details.open) continue;
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    }
  }

  /** The match's occurrence in its row's text (the last one there if rendering merged some away). */
  private rangeIn(row: HTMLElement, match: ConversationMatch): Range | undefined {
    const ranges = textRanges(row, this.input.value);
    return ranges[Math.min(match.ordinal, ranges.length - 1)];
  }

  private showCount(): void {
    const query = this.input.value;
    this.count.textContent = query === '' ? '' : this.matches.length === 0 ? l10n.t('No results') : l10n.t('{0} of {1}', this.current + 1, this.matches.length);
    this.input.classList.toggle('no-results', query !== '' && this.matches.length === 0);
  }
}
