// An error shown in the conversation, with the action that fixes it. While the host waits to retry a
// rate limit or overload by itself, a countdown shows the wait and Cancel stops that retry; the retry
// itself is the host's alone, so a hidden view or a second view never sends it twice.
import type { ErrorInfo, HostAction } from '../../shared/protocol';
import { el, textButton } from '../dom';

export interface ErrorActions {
  retry(): void;
  /** Cancels the host's automatic retry (the countdown's Cancel). */
  cancelAutomaticRetry(): void;
  runAction(action: HostAction): void;
  /** Puts the failed prompt back in the composer so it can be shortened or corrected. */
  editInput(): void;
}

const TITLES: Record<ErrorInfo['kind'], string> = {
  authentication: 'The API key was refused',
  permission: 'Not allowed',
  notFound: 'Not found',
  quota: 'Out of quota',
  rateLimit: 'Rate limit reached',
  overloaded: 'The service is overloaded',
  tokenLimit: 'Too many tokens',
  invalidRequest: 'The request was refused',
  contentFilter: 'Blocked by the content filter',
  server: 'Service error',
  network: 'Network error',
  timeout: 'The request timed out',
  interrupted: 'The reply was interrupted',
  invalidResponse: 'Unexpected response from the service',
  unknown: 'Something went wrong',
};

export class ErrorView {
  readonly element: HTMLElement;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(readonly error: ErrorInfo, private readonly actions: ErrorActions) {
    const details = [
      error.status !== undefined ? `HTTP ${error.status}` : '',
      error.type ?? '',
      error.field !== undefined ? `field: ${error.field}` : '',
    ].filter((d) => d !== '');
    this.element = el('div', { className: 'error', attrs: { 'data-testid': 'error', role: 'alert', 'data-kind': error.kind } }, [
      el('div', { className: 'error-title', text: TITLES[error.kind] }),
      el('div', { className: 'error-message', text: error.message }),
    ]);
    if (details.length > 0) this.element.append(el('div', { className: 'error-details', text: details.join(' · ') }));
    const buttons = el('div', { className: 'error-actions' });
    this.element.append(buttons);
    this.addButtons(buttons);
  }

  dispose(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private addButtons(buttons: HTMLElement): void {
    const add = (iconName: string, label: string, run: () => void): HTMLButtonElement => {
      const button = textButton(iconName, label, 'error-action');
      button.addEventListener('click', run);
      buttons.append(button);
      return button;
    };
    switch (this.error.action) {
      case 'setKey':
        add('key', 'Set API Key', () => this.actions.runAction('setKey'));
        add('vm', 'Use Local Emulator', () => this.actions.runAction('useEmulator'));
        break;
      case 'checkBalance':
        add('credit-card', 'Check Balance', () => this.actions.runAction('checkBalance'));
        break;
      case 'retry':
        if (this.error.automaticRetry && this.error.retryAfterSeconds !== undefined && this.error.retryAfterSeconds > 0) this.startCountdown(buttons, this.error.retryAfterSeconds);
        add('refresh', 'Retry Now', () => this.retry());
        if (this.error.kind === 'network' || this.error.kind === 'timeout') {
          // The message points at the connection and the proxy; these are the buttons for it.
          add('settings-gear', 'Open Proxy Settings', () => this.actions.runAction('openProxySettings'));
          add('vm', 'Use Local Emulator', () => this.actions.runAction('useEmulator'));
        }
        break;
      case 'shortenInput':
        add('edit', 'Shorten the Input', () => this.actions.editInput());
        break;
      case 'fixRequest':
        add('edit', 'Edit the Message', () => this.actions.editInput());
        add('settings-gear', 'Open Settings', () => this.actions.runAction('openSettings'));
        break;
      case 'useEmulator':
        add('vm', 'Use Local Emulator', () => this.actions.runAction('useEmulator'));
        break;
      case 'none':
        break;
    }
  }

  private startCountdown(buttons: HTMLElement, seconds: number): void {
    let remaining = Math.ceil(seconds);
    const label = el('span', { className: 'error-countdown', attrs: { 'aria-live': 'polite' } });
    const show = (): void => {
      label.textContent = `Retrying in ${remaining} s`;
    };
    show();
    buttons.append(label);
    this.timer = setInterval(() => {
      remaining -= 1;
      if (remaining > 0) {
        show();
        return;
      }
      // The host's retry replaces this reply as it starts.
      this.dispose();
      label.textContent = 'Retrying…';
      cancel.remove();
    }, 1000);
    const cancel = textButton('close', 'Cancel', 'error-action');
    cancel.addEventListener('click', () => {
      this.dispose();
      label.textContent = 'Automatic retry cancelled';
      cancel.remove();
      this.actions.cancelAutomaticRetry();
    });
    buttons.append(cancel);
  }

  private retry(): void {
    this.dispose();
    this.actions.retry();
  }
}
