// The HostWindow port on VS Code's dialogs and file system.
import * as vscode from 'vscode';
import type { HostWindow, NoticeLevel, SaveDialogRequest } from '../../core/host/hostWindow';

const SHOW: Record<NoticeLevel, (message: string, ...items: string[]) => Thenable<string | undefined>> = {
  info: (message, ...items) => vscode.window.showInformationMessage(message, ...items),
  warning: (message, ...items) => vscode.window.showWarningMessage(message, ...items),
  error: (message, ...items) => vscode.window.showErrorMessage(message, ...items),
};

export const vscodeHostWindow: HostWindow = {
  async confirm(message, confirmLabel, detail) {
    return (await vscode.window.showWarningMessage(message, { modal: true, ...(detail !== undefined ? { detail } : {}) }, confirmLabel)) === confirmLabel;
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
