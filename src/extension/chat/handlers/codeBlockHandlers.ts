// The message and code-block buttons: copy, insert at the cursor, apply to a file, open a link.
import { applyCodeBlock, copyText, insertAtCursor, openLink } from '../../codeBlockActions';
import type { ProposedContentProvider } from '../../proposedContent';
import type { WebviewMessageRouter } from '../webviewMessageRouter';

export function registerCodeBlockHandlers(router: WebviewMessageRouter, proposals: ProposedContentProvider): void {
  router
    .on('copy', (message) => copyText(message.text))
    .on('insertAtCursor', (message) => insertAtCursor(message.text))
    .on('applyCodeBlock', (message) => applyCodeBlock(message.code, proposals))
    .on('openLink', (message) => openLink(message.href));
}
