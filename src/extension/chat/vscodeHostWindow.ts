// The HostWindow port on VS Code's dialogs and file system. Every question shows what it asks about with
// hidden characters made visible and blank runs folded (revealHiddenText.ts): a file name with a U+202E or
// sixty newlines in it must not disguise itself, or push the rest of a restore's list off the dialog.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
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
    const target = await vscode.window.showSaveDialog({
      title: request.title,
      filters: { [request.filterName]: request.extensions },
      defaultUri: vscode.Uri.file(path.join(userSaveFolder(), request.suggestedName)),
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

/**
 * Where a save dialog starts: the user's Downloads folder, or their home folder without one. Never the
 * workspace: an export is the user's copy, not a file to add to (or commit with) the project.
 */
function userSaveFolder(): string {
  const home = os.homedir();
  const downloads = path.join(home, 'Downloads');
  return fs.existsSync(downloads) ? downloads : home;
}
