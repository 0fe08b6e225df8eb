// Saving a conversation as Markdown where the user chooses. The outcome goes back to whoever asked
// (the view shows it beside its export button) and, as a notification, to the user.
import * as path from 'node:path';
import type { HostWindow } from '../host/hostWindow';
import * as l10n from '../l10n';
import type { Conversation } from './conversation';
import { conversationToMarkdown } from './conversationMarkdown';

export interface ExportOutcome {
  ok: boolean;
  message: string;
  /** Where the file was written, when it was. */
  filePath?: string;
}

const FILE_NAME_LENGTH = 60;

/**
 * The title as a file name every platform accepts and a shell need not quote: letters, digits, dots,
 * underscores and single dashes; anything else (separators, reserved characters, spaces, an ellipsis
 * of a cut title) becomes a dash.
 */
export function exportFileName(title: string): string {
  const safe = title
    .replace(/[^\p{L}\p{N}._]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, FILE_NAME_LENGTH)
    .replace(/[-.]+$/, '');
  return `${safe || 'conversation'}.md`;
}

export async function exportConversation(window: HostWindow, conversation: Conversation | undefined): Promise<ExportOutcome> {
  if (!conversation) {
    const message = l10n.t('There is no conversation to export yet.');
    void window.notify('info', message);
    return { ok: false, message };
  }
  const filePath = await window.chooseSaveLocation({
    title: l10n.t('Export conversation as Markdown'),
    filterName: 'Markdown',
    extensions: ['md'],
    suggestedName: exportFileName(conversation.title),
  });
  if (filePath === undefined) return { ok: false, message: l10n.t('Export cancelled.') };
  await window.writeTextFile(filePath, conversationToMarkdown(conversation));
  const open = l10n.t('Open');
  void window.notify('info', l10n.t('Conversation exported to {0}', filePath), open).then((choice) => {
    if (choice === open) return window.openTextFile(filePath);
    return undefined;
  });
  return { ok: true, message: l10n.t('Exported to {0}.', path.basename(filePath)), filePath };
}
