// Lasting lines about files under the conversation: an extraction failure with the service's reason,
// a file left out of a message, our old uploads deleted to stay within the limits. Unlike the short
// notices they stay until dismissed, and go when another conversation is shown.
import { el, iconButton } from '../dom';
import * as l10n from '../../shared/l10n';

export class FileNotices {
  readonly element = el('ul', { className: 'file-notices', attrs: { 'aria-label': l10n.t('File notices'), 'aria-live': 'polite' } });

  constructor() {
    this.element.hidden = true;
  }

  show(level: 'info' | 'warning' | 'error', message: string): void {
    const dismiss = iconButton('close', l10n.t('Dismiss'), 'dismiss-file-notice');
    const line = el('li', { className: `file-notice ${level}`, attrs: { 'data-testid': 'file-notice', 'data-level': level, ...(level === 'error' ? { role: 'alert' } : {}) } }, [
      el('span', { text: message }),
      dismiss,
    ]);
    dismiss.addEventListener('click', () => {
      line.remove();
      this.element.hidden = this.element.childElementCount === 0;
    });
    this.element.append(line);
    this.element.hidden = false;
  }

  clear(): void {
    this.element.replaceChildren();
    this.element.hidden = true;
  }
}
