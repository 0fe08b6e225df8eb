// The message and code-block buttons: copy, insert at the cursor, apply to a file, open a link.
import { applyCodeBlock, copyText, insertAtCursor, openLink } from '../../codeBlockActions';
import type { ProposedContentProvider } from '../../proposedContent';
import type { WebviewHandlerGroup } from '../webviewMessageRouter';

export function codeBlockHandlers(proposals: ProposedContentProvider): WebviewHandlerGroup<'copy' | 'insertAtCursor' | 'applyCodeBlock' | 'openLink'> {
  return {
    copy: (message) => copyText(message.text),
    insertAtCursor: (message) => insertAtCursor(message.text),
    applyCodeBlock: (message) => applyCodeBlock(message.code, proposals),
    openLink: (message) => openLink(message.href),
  };
}
