// The files and images sent with a user message, kept in it as they looked in the composer: a chip per
// file, and a thumbnail for an image that went inline (its name in the tooltip and as its text alternative).
import type { SentAttachmentView } from '../../shared/protocol';
import { el, icon } from '../dom';
import * as l10n from '../../shared/l10n';
import type { Codicon } from '../codicons';

const KIND_ICONS: Record<SentAttachmentView['kind'], Codicon> = { text: 'file-code', document: 'file-pdf', image: 'file-media', video: 'device-camera-video' };

export function sentAttachments(attachments: readonly SentAttachmentView[]): HTMLElement {
  return el('ul', { className: 'sent-attachments', attrs: { 'aria-label': l10n.t('Attached files'), 'data-testid': 'sent-attachments' } }, attachments.map((attachment) => {
    if (attachment.thumbnail !== undefined) {
      return el('li', { className: 'sent-image', attrs: { 'data-testid': 'sent-image', title: attachment.name } }, [el('img', { attrs: { src: attachment.thumbnail, alt: attachment.name } })]);
    }
    return el('li', { className: 'attachment-chip sent', attrs: { 'data-testid': 'sent-attachment', 'data-kind': attachment.kind, title: attachment.name } }, [
      icon(KIND_ICONS[attachment.kind]),
      el('span', { className: 'attachment-name', text: attachment.name }),
    ]);
  }));
}
