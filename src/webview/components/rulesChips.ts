// Which project rules the next request carries (the user's setting and file, the workspace's AGENTS.md,
// instruction files), above the composer; a rules file opens on click. A customization file with a problem
// (invalid front matter, hidden characters) shows marked, with what is wrong in its title.
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
      const standing = rule.scope === 'workspace' ? l10n.t("{0}: the workspace's standing instructions, sent with every request", rule.label) : l10n.t('{0}: your standing instructions', rule.label);
      const title = rule.warning ? l10n.t('{0}: {1}', rule.label, rule.warning) : standing;
      const className = rule.warning ? 'rules-chip rules-chip-warning' : 'rules-chip';
      const text = rule.warning ? `⚠ ${rule.label}` : rule.label;
      if (!rule.path) return el('span', { className, text, attrs: { title } });
      const path = rule.path;
      const button = el('button', { className: `${className} link-button`, text, attrs: { type: 'button', title: l10n.t('{0} (click to open)', title), 'data-testid': 'rules-chip' } });
      button.addEventListener('click', () => this.post({ type: 'openRules', path }));
      return button;
    });
    this.element.replaceChildren(icon('law'), el('span', { className: 'rules-title', text: ` ${l10n.t('Rules:')}` }), ...chips);
  }
}
