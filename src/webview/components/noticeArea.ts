// Short messages from the host (copied, exported, …), read out by screen readers and gone after a while.
import { el } from '../dom';

const NOTICE_MS = 4000;

export class NoticeArea {
  readonly element = el('div', { className: 'notices', attrs: { role: 'status', 'aria-live': 'polite' } });

  show(level: 'info' | 'warning' | 'error', message: string): void {
    const notice = el('div', { className: `notice ${level}`, text: message });
    this.element.append(notice);
    setTimeout(() => notice.remove(), NOTICE_MS);
  }
}
