// The files and images of a sent user message as the chat shows them: a chip per file and, for an image
// that went inline, its picture (the data URI that was sent). An uploaded image (ms://) has no picture
// here: fetching it back would cost a download per view, so it shows as a chip.
import type { MessageContent } from '../../api/index';
import type { SentAttachment } from '../../core/conversations/conversation';
import type { SentAttachmentView } from '../../shared/protocol';

/** Only pictures a browser draws; anything else (an SVG could carry script) stays a chip. */
const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;

export function sentAttachmentsView(attachments: readonly SentAttachment[] | undefined, sent: MessageContent | undefined): { attachments?: SentAttachmentView[] } {
  if (!attachments || attachments.length === 0) return {};
  // The images' parts follow the text part in attachment order (ContextBuilder.compose).
  const pictures = (Array.isArray(sent) ? sent : []).flatMap((part) => (part.type === 'image_url' ? [part.image_url.url] : []));
  let image = 0;
  return {
    attachments: attachments.map((a) => {
      if (a.kind !== 'image') return { name: a.name, kind: a.kind };
      const url = pictures[image++];
      return url !== undefined && INLINE_IMAGE.test(url) ? { name: a.name, kind: a.kind, thumbnail: url } : { name: a.name, kind: a.kind };
    }),
  };
}
