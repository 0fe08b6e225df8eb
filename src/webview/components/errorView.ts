// An error shown in the conversation, with the action that fixes it. While the host waits to retry a
// rate limit or overload by itself, a countdown shows the wait and Cancel stops that retry; the retry
// itself is the host's alone, so a hidden view or a second view never sends it twice.
import type { ErrorInfo, HostAction } from '../../shared/protocol';
import { el, textButton } from '../dom';
import * as l10n from '../../shared/l10n';
import type { Codicon } from '../codicons';

export interface ErrorActions {
  retry(): void;
  /** Cancels the host's automatic retry (the countdown's Cancel). */
  cancelAutomaticRetry(): void;
  runAction(action: HostAction): void;
  /** Puts the failed prompt back in the composer so it can be shortened or corrected. */
  editInput(): void;
}

const TITLES: Record<ErrorInfo['kind'], string> = {
  authentication: l10n.t('The API key was refused'),
  permission: l10n.t('Not allowed'),
  notFound: l10n.t('Not found'),
  quota: l10n.t('Out of quota'),
  rateLimit: l10n.t('Rate limit reached'),
  overloaded: l10n.t('The service is overloaded'),
  tokenLimit: l10n.t('Too many tokens'),
  invalidRequest: l10n.t('The request was refused'),
  contentFilter: l10n.t('Blocked by the content filter'),
  server: l10n.t('Service error'),
  network: l10n.t('Network error'),
  timeout: l10n.t('The request timed out'),
  interrupted: l10n.t('The reply was interrupted'),
  invalidResponse: l10n.t('Unexpected response from the service'),
  unknown: l10n.t('Something went wrong'),
};

/**
 * The service's own words (when the message says it in ours), its code, the HTTP status and the field it
 * named: what support asks for, not what the user acts on. They wait, folded, under the actions; the text can be selected and copied from there.
 */
function errorDetails(error: ErrorInfo): HTMLElement | undefined {
  const details = [
    error.type !== undefined ? l10n.t('code: {0}', error.type) : '',
    error.status !== undefined ? `HTTP ${error.status}` : '',
    error.field !== undefined ? l10n.t('field: {0}', error.field) : '',
  ].filter((d) => d !== '');
  if (details.length === 0 && error.serviceMessage === undefined) return undefined;
  return el('details', { className: 'error-details', attrs: { 'data-testid': 'error-details' } }, [
    el('summary', { text: l10n.t('Details') }),
    ...(error.serviceMessage !== undefined ? [el('div', { className: 'error-service-message', text: error.serviceMessage })] : []),
    ...(details.length > 0 ? [el('div', { className: 'error-code', text: details.join(' · ') })] : []),
  ]);
}

export class ErrorView {
  readonly element: HTMLElement;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(readonly error: ErrorInfo, private readonly actions: ErrorActions) {
    this.element = el('div', { className: 'error', attrs: { 'data-testid': 'error', role: 'alert', 'data-kind': error.kind } }, [
      el('div', { className: 'error-title', text: TITLES[error.kind] }),
      el('div', { className: 'error-message', text: error.message }),
    ]);
    const buttons = el('div', { className: 'error-actions' });
    this.element.append(buttons);
    this.addButtons(buttons);
    const details = errorDetails(error);
    if (details) this.element.append(details);
  }

  dispose(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private addButtons(buttons: HTMLElement): void {
    const add = (iconName: Codicon, label: string, run: () => void): HTMLButtonElement => {
      const button = textButton(iconName, label, 'error-action');
      button.addEventListener('click', run);
      buttons.append(button);
      return button;
    };
    switch (this.error.action) {
      case 'setKey':
        add('key', l10n.t('Set API Key'), () => this.actions.runAction('setKey'));
        add('vm', l10n.t('Use Local Emulator'), () => this.actions.runAction('useEmulator'));
        break;
      case 'checkBalance':
        add('credit-card', l10n.t('Check Balance'), () => this.actions.runAction('checkBalance'));
        break;
      case 'retry':
        if (this.error.automaticRetry && this.error.retryAfterSeconds !== undefined && this.error.retryAfterSeconds > 0) this.startCountdown(buttons, this.error.retryAfterSeconds);
        add('refresh', l10n.t('Retry Now'), () => this.retry());
        if (this.error.kind === 'network' || this.error.kind === 'timeout') {
          // The message points at the connection and the proxy; these are the buttons for it.
          add('settings-gear', l10n.t('Open Proxy Settings'), () => this.actions.runAction('openProxySettings'));
          add('vm', l10n.t('Use Local Emulator'), () => this.actions.runAction('useEmulator'));
        }
        break;
      case 'shortenInput':
        add('edit', l10n.t('Shorten the Input'), () => this.actions.editInput());
        break;
      case 'fixRequest':
        add('edit', l10n.t('Edit the Message'), () => this.actions.editInput());
        add('settings-gear', l10n.t('Open Settings'), () => this.actions.runAction('openSettings'));
        break;
      case 'useEmulator':
        add('vm', l10n.t('Use Local Emulator'), () => this.actions.runAction('useEmulator'));
        break;
      case 'none':
        break;
    }
  }

  private startCountdown(buttons: HTMLElement, seconds: number): void {
    let remaining = Math.ceil(seconds);
    const label = el('span', { className: 'error-countdown', attrs: { 'aria-live': 'polite' } });
    const show = (): void => {
      label.textContent = l10n.t('Retrying in {0} s', remaining);
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
      label.textContent = l10n.t('Retrying…');
      cancel.remove();
    }, 1000);
    const cancel = textButton('close', l10n.t('Cancel'), 'error-action');
    cancel.addEventListener('click', () => {
      this.dispose();
      label.textContent = l10n.t('Automatic retry cancelled');
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
