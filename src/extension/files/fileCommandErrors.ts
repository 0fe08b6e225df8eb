// How a file command's failure reaches the user: each typed error with its own wording and the action
// that fixes it (switch model, show the balance), anything else as a plain error message.
import * as vscode from 'vscode';
import { BalanceBlockedError } from '../../core/billing/balanceView';
import { UploadLimitError } from '../../core/files/uploadCache';
import { UploadRefusedError } from '../../core/files/uploadChecks';
import { VisionUnsupportedError } from '../../core/files/visionSupport';
import type { ChatFilesNotices } from './chatFilesBridge';

export async function reportFileCommandError(err: unknown, chat: ChatFilesNotices): Promise<void> {
  if (err instanceof VisionUnsupportedError) {
    const buttons = err.suggestions.slice(0, 3).map((id) => ({ title: vscode.l10n.t('Use {0}', id), id }));
    const choice = await vscode.window.showWarningMessage(err.message, ...buttons);
    if (choice) chat.selectModel(choice.id);
    return;
  }
  if (err instanceof BalanceBlockedError) {
    const choice = await vscode.window.showErrorMessage(err.message, vscode.l10n.t('Show Balance'));
    if (choice) await vscode.commands.executeCommand('svc.showBalance');
    return;
  }
  if (err instanceof UploadRefusedError || err instanceof UploadLimitError) {
    await vscode.window.showWarningMessage(`svc: ${err.message}`);
    return;
  }
  await vscode.window.showErrorMessage(`svc: ${err instanceof Error ? err.message : String(err)}`);
}
