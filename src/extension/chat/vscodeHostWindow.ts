// The HostWindow port on VS Code's dialogs and file system. Every question shows what it asks about with
// hidden characters made visible and blank runs folded (revealHiddenText.ts): a file name with a U+202E or
// sixty newlines in it must not disguise itself, or push the rest of a restore's list off the dialog.
import * as vscode from 'vscode';
import type { HostWindow, NoticeLevel, SaveDialogRequest } from '../../core/host/hostWindow';
import { revealApproval } from '../../shared/revealHiddenText';

const SHOW: Record<NoticeLevel, (message: string, ...items: string[]) => Thenable<string | undefined>> = {
  info: (message, ...items) => vscode.window.showInformationMessage(message, ...items),
  warning: (message, ...items) => vscode.window.showWarningMessage(message, ...items),
  error: (message, ...items) => vscode.window.showErrorMessage(message, ...items),
};

export const vscodeHostWindow: HostWindow = {
  async confirm(message, confirmLabel, detail) {
    const shown = revealApproval({ title: message, detail: detail ?? '' });
    const shownDetail = [...shown.warnings, ...(detail !== undefined ? [shown.detail] : [])].join('\n\n');
    return (await vscode.window.showWarningMessage(shown.title, { modal: true, ...(shownDetail !== '' ? { detail: shownDetail } : {}) }, confirmLabel)) === confirmLabel;
  },
  async notify(level, message, ...actions) {
    return SHOW[level](message, ...actions);
  },
  async chooseSaveLocation(request: SaveDialogRequest) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      title: request.title,
      filters: { [request.filterName]: request.extensions },
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, request.suggestedName) } : {}),
    });
    return target?.fsPath;
  },
  async writeTextFile(filePath, text) {
    await vscode.workspace.fs.writeFile(vscode.Uri.file(filePath), new TextEncoder().encode(text));
  },
  async openTextFile(filePath) {
    await vscode.window.showTextDocument(vscode.Uri.file(filePath));
  },
};
