// Says where requests go when that is not the real service with the user's key: the local emulator,
// with the way to see the agent work offline (the built-in demo) and the way to the service (a key).
import type { Connection, HostAction } from '../../shared/protocol';
import { el, icon, textButton } from '../dom';

export class StatusBanner {
  readonly element: HTMLElement;
  private readonly text: HTMLElement;

  constructor(runAction: (action: HostAction) => void) {
    this.text = el('span', { className: 'status-text' });
    const setKey = textButton('key', 'Set API Key', 'set-key');
    setKey.addEventListener('click', () => runAction('setKey'));
    const demo = textButton('play', 'Try a demo', 'try-demo', { title: 'Try the agent on a sample project: two edits, a command, approvals and checkpoints, offline' });
    demo.addEventListener('click', () => runAction('tryDemo'));
    this.element = el('div', { className: 'status-banner', attrs: { 'data-testid': 'status-banner', role: 'status' } }, [icon('vm'), this.text, demo, setKey]);
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
