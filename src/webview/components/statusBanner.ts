// Says where requests go when that is not the real service with the user's key: the local emulator.
import type { Connection, HostAction } from '../../shared/protocol';
import { el, icon, textButton } from '../dom';

export class StatusBanner {
  readonly element: HTMLElement;
  private readonly text: HTMLElement;

  constructor(runAction: (action: HostAction) => void) {
    this.text = el('span', { className: 'status-text' });
    const setKey = textButton('key', 'Set API Key', 'set-key');
    setKey.addEventListener('click', () => runAction('setKey'));
    this.element = el('div', { className: 'status-banner', attrs: { 'data-testid': 'status-banner', role: 'status' } }, [icon('vm'), this.text, setKey]);
    this.element.hidden = true;
  }

  show(connection: Connection): void {
    const emulator = connection.mode === 'emulator';
    this.element.hidden = !emulator;
    // One short line; the why and the address are in the tooltip.
    this.text.textContent = emulator ? 'Using the local emulator' : '';
    this.element.title = [connection.detail, connection.baseUrl].filter((part) => part !== undefined && part !== '').join('\n');
  }
}
