// The result of a tool call (agent use), folded by default: it is input for the model, not an answer.
import type { ToolMessageView } from '../../shared/protocol';
import { el, icon } from '../dom';
import * as l10n from '../../shared/l10n';

export class ToolResult {
  readonly element: HTMLElement;
  constructor(private readonly view: ToolMessageView) {
    const summary = el('summary', {}, [icon('tools'), el('span', { text: ` ${l10n.t('Result of {0}', view.name)}` })]);
    this.element = el('details', { className: 'message tool', attrs: { 'data-testid': 'message', 'data-role': 'tool', 'data-message-id': view.id } }, [
      summary,
      el('pre', { className: 'tool-output', text: view.content }),
    ]);
  }

  get id(): string {
    return this.view.id;
  }

  update(view: ToolMessageView): boolean {
    return view.content === this.view.content;
  }
}
