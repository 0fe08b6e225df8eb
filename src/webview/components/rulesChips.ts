// Which project rules the next request carries (the user's setting and file, the workspace's AGENTS.md),
// above the composer; a rules file opens on click.
import type { HostMessageOf, WebviewMessage } from '../../shared/protocol';
import { el, icon } from '../dom';
import * as l10n from '../../shared/l10n';

export class RulesChips {
  readonly element: HTMLElement;

  constructor(private readonly post: (message: WebviewMessage) => void) {
    this.element = el('div', { className: 'rules-chips', attrs: { 'data-testid': 'rules', 'aria-label': l10n.t('Project rules sent with every request') } });
    this.element.hidden = true;
  }

  set(rules: HostMessageOf<'rules'>['rules']): void {
    this.element.hidden = rules.length === 0;
    const chips = rules.map((rule) => {
      const title = rule.scope === 'workspace' ? l10n.t("{0}: the workspace's standing instructions, sent with every request", rule.label) : l10n.t('{0}: your standing instructions', rule.label);
      if (!rule.path) return el('span', { className: 'rules-chip', text: rule.label, attrs: { title } });
      const path = rule.path;
      const button = el('button', { className: 'rules-chip link-button', text: rule.label, attrs: { type: 'button', title: l10n.t('{0} (click to open)', title), 'data-testid': 'rules-chip' } });
      button.addEventListener('click', () => this.post({ type: 'openRules', path }));
      return button;
    });
    this.element.replaceChildren(icon('law'), el('span', { className: 'rules-title', text: ` ${l10n.t('Rules:')}` }), ...chips);
  }
}
