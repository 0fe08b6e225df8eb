// What the chosen model can do, as icons beside the model picker (a native select cannot show icons in
// its options, and keeps the keyboard and screen-reader behaviour users expect): thinks, sees images,
// and its context length. The same words are the element's accessible name and tooltip.
import type { ModelView } from '../../shared/protocol';
import { el, formatCount, icon } from '../dom';
import * as l10n from '../../shared/l10n';

export function capabilityWords(model: ModelView): string[] {
  return [
    model.thinking === 'always' ? l10n.t('thinks') : model.thinking === 'optional' ? l10n.t('can think') : '',
    model.vision ? l10n.t('sees images') : '',
    model.contextLength !== null ? l10n.t('{0}k context', Math.round(model.contextLength / 1024)) : '',
  ].filter((t) => t !== '');
}

export class ModelCapabilities {
  readonly element: HTMLElement;

  constructor() {
    this.element = el('span', { className: 'model-capabilities', attrs: { 'data-testid': 'model-capabilities', role: 'img' } });
  }

  show(model: ModelView | undefined): void {
    const words = model ? capabilityWords(model) : [];
    const parts: Node[] = [];
    if (model?.thinking === 'always') parts.push(icon('lightbulb'));
    if (model?.thinking === 'optional') parts.push(icon('lightbulb-empty'));
    if (model?.vision) parts.push(icon('eye'));
    if (model?.contextLength != null) parts.push(el('span', { className: 'model-context', text: `${Math.round(model.contextLength / 1024)}k` }));
    this.element.replaceChildren(...parts);
    this.element.hidden = words.length === 0;
    const label = model ? `${model.id}: ${words.join(', ')}${model.contextLength != null ? ` (${l10n.t('{0} tokens', formatCount(model.contextLength))})` : ''}` : '';
    this.element.setAttribute('aria-label', label);
    this.element.title = label;
  }
}
