// The chat view's side of attachments: chips, drops, pastes and pickers from the composer, and the cost
// of each reply. It handles the protocol messages of the attachments block
// (src/shared/protocol.ts); the chips themselves reach the view through chatFileNotices.ts.
import * as vscode from 'vscode';
import type { AttachmentChip } from '../../core/files/attachmentSession';
import type { ReplyCost } from '../../core/billing/replyCost';
import type { HostMessage } from '../../shared/protocol';
import type { WebviewHandlerGroup } from '../chat/webviewMessageRouter';
import type { FileFeatures } from './chatFilesBridge';
import { decodePasted } from './pastedFile';

/** The composer's chips as the view shows them. */
export function attachmentsMessage(chips: readonly AttachmentChip[]): HostMessage {
  return {
    type: 'attachments',
    chips: chips.map((c) => ({
      id: c.id,
      name: c.name,
      size: c.size,
      sizeLabel: c.sizeLabel,
      kind: c.kind ?? null,
      status: c.status,
      ...(c.statusDetails !== undefined ? { statusDetails: c.statusDetails } : {}),
    })),
  };
}

export class AttachmentController {
  constructor(
    private readonly files: FileFeatures,
    private readonly post: (message: HostMessage) => void,
  ) {}

  handlers(): WebviewHandlerGroup<'removeAttachment' | 'attachPasted' | 'attachUris' | 'pickAttachments'> {
    return {
      removeAttachment: (message) => this.files.removeAttachment(message.chipId),
      attachPasted: (message) => this.files.attach(message.files.map((file, index) => decodePasted(file, index))),
      attachUris: async (message) => {
        // The same path as the explorer's "svc: Add File to Chat" on a multi-selection.
        const uris = message.uris.map((text) => vscode.Uri.parse(text, true));
        await vscode.commands.executeCommand('svc.addFileToChat', uris[0], uris);
      },
      pickAttachments: async (message) => {
        if (message.from === 'workspace') await vscode.commands.executeCommand('svc.addFileToChat');
        else await this.pickFromDisk();
      },
    };
  }

  /** A chat view that was closed and opened again gets the chips still attached. */
  async restore(): Promise<void> {
    this.post(attachmentsMessage(await this.files.attachments()));
  }

  showCost(conversationId: string, messageId: string, cost: ReplyCost): void {
    this.post({ type: 'replyCost', conversationId, messageId, label: cost.label, usd: cost.usd ?? null });
  }

  private async pickFromDisk(): Promise<void> {
    const picked = await vscode.window.showOpenDialog({
      title: vscode.l10n.t('svc: Attach Images or Files'),
      canSelectMany: true,
      openLabel: vscode.l10n.t('Attach'),
      filters: { [vscode.l10n.t('Images')]: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'], [vscode.l10n.t('All files')]: ['*'] },
    });
    if (picked && picked.length > 0) await vscode.commands.executeCommand('svc.addFileToChat', picked[0], picked);
  }
}
