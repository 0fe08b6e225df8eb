// The chat view's side of attachments: chips, drops, pastes and pickers from the composer, and the cost
// of each reply. The chat controller hands it the protocol messages of the attachments block
// (src/shared/protocol.ts) and forwards the ChatFilesTarget calls that concern it.
import * as vscode from 'vscode';
import type { AttachmentChip } from '../../core/files/attachmentSession';
import type { ReplyCost } from '../../core/billing/replyCost';
import type { HostMessage, WebviewMessage, WebviewMessageOf } from '../../shared/protocol';
import type { FileFeatures } from './chatFilesBridge';
import { decodePasted } from './pastedFile';

type AttachmentMessageType = 'removeAttachment' | 'attachPasted' | 'attachUris' | 'pickAttachments';
export type AttachmentMessage = WebviewMessageOf<AttachmentMessageType>;

const ATTACHMENT_MESSAGES: ReadonlySet<string> = new Set<AttachmentMessageType>(['removeAttachment', 'attachPasted', 'attachUris', 'pickAttachments']);

export function isAttachmentMessage(message: WebviewMessage): message is AttachmentMessage {
  return ATTACHMENT_MESSAGES.has(message.type);
}

export class AttachmentController {
  constructor(
    private readonly files: FileFeatures,
    private readonly post: (message: HostMessage) => void,
  ) {}

  async handle(message: AttachmentMessage): Promise<void> {
    switch (message.type) {
      case 'removeAttachment':
        this.files.removeAttachment(message.chipId);
        return;
      case 'attachPasted':
        await this.files.attach(message.files.map((file, index) => decodePasted(file, index)));
        return;
      case 'attachUris': {
        // The same path as the explorer's "svc: Add File to Chat" on a multi-selection.
        const uris = message.uris.map((text) => vscode.Uri.parse(text, true));
        await vscode.commands.executeCommand('svc.addFileToChat', uris[0], uris);
        return;
      }
      case 'pickAttachments':
        if (message.from === 'workspace') await vscode.commands.executeCommand('svc.addFileToChat');
        else await this.pickFromDisk();
        return;
    }
  }

  showChips(chips: readonly AttachmentChip[]): void {
    this.post({
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
    });
  }

  /** A chat view that was closed and opened again gets the chips still attached. */
  async restore(): Promise<void> {
    this.showChips(await this.files.attachments());
  }

  showCost(conversationId: string, messageId: string, cost: ReplyCost): void {
    this.post({ type: 'replyCost', conversationId, messageId, label: cost.label, usd: cost.usd ?? null });
  }

  private async pickFromDisk(): Promise<void> {
    const picked = await vscode.window.showOpenDialog({
      title: 'svc: Attach Images or Files',
      canSelectMany: true,
      openLabel: 'Attach',
      filters: { Images: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'], 'All files': ['*'] },
    });
    if (picked && picked.length > 0) await vscode.commands.executeCommand('svc.addFileToChat', picked[0], picked);
  }
}
