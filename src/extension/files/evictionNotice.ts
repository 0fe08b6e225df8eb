// Tells the user which of this extension's uploads were deleted to stay within the service's file limits:
// in the chat view and in a notification.
import * as vscode from 'vscode';
import { formatBytes } from '../../core/files/byteSize';
import type { OwnedUpload } from '../../core/files/uploadCache';
import type { ChatFilesNotices } from './chatFilesBridge';

export function tellEvicted(chat: ChatFilesNotices, evicted: readonly OwnedUpload[]): void {
  if (evicted.length === 0) return;
  const names = evicted.map((u) => `${u.filename} (${formatBytes(u.bytes)})`).join(', ');
  const text = vscode.l10n.t("To stay within the service's file limits, the oldest files this extension uploaded were deleted: {0}.", names);
  chat.showNotice({ severity: 'info', text });
  void vscode.window.showInformationMessage(`svc: ${text}`);
}
