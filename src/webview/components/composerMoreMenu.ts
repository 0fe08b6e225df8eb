// The composer's "…" menu: the options a message rarely needs (JSON mode, alternative answers), out of
// the toolbar so it stays one line in a narrow sidebar. A disclosure, not a modal: Escape or a click
// elsewhere closes it and gives the focus back to the button.
import { el, icon } from '../dom';
import * as l10n from '../../shared/l10n';

export class ComposerMoreMenu {
  readonly element: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly panel: HTMLElement;

  constructor(items: HTMLElement[]) {
    this.button = el('button', {
      className: 'icon-button',
      attrs: { type: 'button', 'data-testid': 'more-options', 'aria-label': l10n.t('More options'), title: l10n.t('More options (JSON mode, alternatives)'), 'aria-expanded': 'false', 'aria-controls': 'composer-more-panel' },
    }, [icon('ellipsis')]);
    this.panel = el('div', { className: 'composer-more-panel', attrs: { id: 'composer-more-panel', role: 'group', 'aria-label': l10n.t('More options') } }, items);
    this.panel.hidden = true;
    this.element = el('div', { className: 'composer-more' }, [this.button, this.panel]);
    this.button.addEventListener('click', () => this.toggle(this.panel.hidden));
    this.panel.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      this.toggle(false);
      this.button.focus();
    });
    document.addEventListener('mousedown', (event) => {
      if (!this.panel.hidden && !this.element.contains(event.target as Node)) this.toggle(false);
    });
  }

  /** Shows the menu's button only when one of its items is shown. */
  refresh(): void {
    this.element.hidden = [...this.panel.children].every((item) => (item as HTMLElement).hidden);
    if (this.element.hidden) this.toggle(false);
  }

  private toggle(open: boolean): void {
    this.panel.hidden = !open;
    this.button.setAttribute('aria-expanded', String(open));
    if (open) (this.panel.querySelector('input, select') as HTMLElement | null)?.focus();
  }
}
