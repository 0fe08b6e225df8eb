// Short messages from the host (copied, exported, …), read out by screen readers and gone after a while.
// A notice that names an action carries its button (a restore's "Undo Restore") and stays until used or
// closed, since the action would otherwise vanish before the user reached it.
import type { WebviewMessage } from '../../shared/protocol';
import { el, iconButton, textButton } from '../dom';

const NOTICE_MS = 4000;

export class NoticeArea {
  readonly element = el('div', { className: 'notices', attrs: { role: 'status', 'aria-live': 'polite' } });

  constructor(private readonly post: (message: WebviewMessage) => void) {}

  show(level: 'info' | 'warning' | 'error', message: string, undoRestoreOf?: string): void {
    const notice = el('div', { className: `notice ${level}`, attrs: { 'data-testid': 'notice' } }, [el('span', { className: 'notice-text', text: message })]);
    this.element.append(notice);
    if (undoRestoreOf === undefined) {
      setTimeout(() => notice.remove(), NOTICE_MS);
      return;
    }
    const undo = textButton('discard', 'Undo Restore', 'undo-restore');
    undo.addEventListener('click', () => {
      notice.remove();
      this.post({ type: 'undoRestore', conversationId: undoRestoreOf });
    });
    const close = iconButton('close', 'Dismiss', 'dismiss-notice');
    close.addEventListener('click', () => notice.remove());
    notice.classList.add('with-actions');
    notice.append(el('span', { className: 'notice-actions' }, [undo, close]));
  }
}
