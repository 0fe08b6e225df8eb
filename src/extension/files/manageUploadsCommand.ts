// "svc: Manage Uploaded Files": every file of the account with name, size, purpose, status and date,
// the totals against the service's limits, its extracted content on request, and deletion of one,
// several, or all files this extension uploaded (files it did not upload are deleted only when picked).
import * as vscode from 'vscode';
import type { UploadCache } from '../../core/files/uploadCache';
import { loadUploadsOverview, type UploadRow } from '../../core/files/uploadsOverview';
import type { CommandArgumentTrust } from '../commandArguments';
import type { ChatFilesTarget } from './chatFilesBridge';
import { reportFileCommandError } from './fileCommandErrors';
import type { FileServices } from './fileServices';
import { uploadContentUri } from './uploadContentProvider';

export interface UploadItem extends vscode.QuickPickItem {
  row: UploadRow;
}

/**
 * The command's optional argument, for integration tests: the quick pick is the real one, but a test
 * cannot press Enter in it or answer a modal dialog, so it gets the pick with what Enter runs.
 */
export interface ManageUploadsSeam {
  /** Called once the files are listed. */
  shown(pick: vscode.QuickPick<UploadItem>, accept: () => Promise<void>): void;
  /** Answers the "Delete …?" confirmation in place of the modal dialog. */
  confirm(message: string): Promise<boolean>;
}

function isSeam(value: unknown): value is ManageUploadsSeam {
  return typeof value === 'object' && value !== null && typeof (value as Partial<ManageUploadsSeam>).shown === 'function' && typeof (value as Partial<ManageUploadsSeam>).confirm === 'function';
}

async function confirmModal(message: string): Promise<boolean> {
  const remove = vscode.l10n.t('Delete');
  return (await vscode.window.showWarningMessage(message, { modal: true }, remove)) === remove;
}

const openButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('go-to-file'), tooltip: vscode.l10n.t('Open extracted content') };
const deleteButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('trash'), tooltip: vscode.l10n.t('Delete this file') };
const refreshButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('refresh'), tooltip: vscode.l10n.t('Refresh') };
const deleteOursButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('clear-all'), tooltip: vscode.l10n.t('Delete all files uploaded by this extension') };

async function confirmAndDelete(cache: UploadCache, rows: readonly UploadRow[], confirm: (message: string) => Promise<boolean>): Promise<boolean> {
  if (rows.length === 0) return false;
  const notOurs = rows.filter((r) => !r.owned).length;
  const question = rows.length === 1 ? vscode.l10n.t('Delete "{0}" from the service?', rows[0]?.label ?? '') : vscode.l10n.t('Delete {0} files from the service?', rows.length);
  const warning = notOurs > 0 ? ` ${vscode.l10n.t('{0} of them were not uploaded by this extension.', notOurs)}` : '';
  if (!(await confirm(`${question}${warning}`))) return false;
  const { failed } = await cache.delete(rows.map((r) => r.file.id));
  if (failed.length > 0) void vscode.window.showErrorMessage(vscode.l10n.t('svc: could not delete {0}', failed.map((f) => `${f.fileId} (${f.reason})`).join(', ')));
  return true;
}

export function registerManageUploads(services: FileServices, chat: ChatFilesTarget, commandArguments: CommandArgumentTrust): vscode.Disposable {
  return vscode.commands.registerCommand('svc.manageUploads', async (given?: unknown) => {
    const seam = commandArguments.seam(given, isSeam);
    const confirm = seam ? (message: string) => seam.confirm(message) : confirmModal;
    try {
      const { client, cache } = await services.get();
      const pick = vscode.window.createQuickPick<UploadItem>();
      pick.canSelectMany = true;
      pick.ignoreFocusOut = true;
      pick.matchOnDescription = true;
      pick.matchOnDetail = true;
      pick.buttons = [refreshButton, deleteOursButton];
      pick.placeholder = vscode.l10n.t('Select files and press Enter to delete them');
      const reload = async () => {
        pick.busy = true;
        const overview = await loadUploadsOverview(client, cache);
        pick.title = vscode.l10n.t('svc: Uploaded Files · {0}', overview.totals.label);
        pick.items = overview.rows.map((row) => ({
          row,
          label: `${row.owned ? '$(cloud-upload) ' : ''}${row.label}`,
          description: row.description,
          detail: row.detail,
          buttons: row.file.purpose === 'file-extract' && row.file.status === 'ok' ? [openButton, deleteButton] : [deleteButton],
        }));
        pick.busy = false;
      };
      const guarded = (action: () => Promise<void>) => () => {
        action().catch((err: unknown) => reportFileCommandError(err, chat));
      };
      pick.onDidTriggerButton((button) =>
        guarded(async () => {
          if (button === deleteOursButton && (await confirmAndDelete(cache, pick.items.filter((i) => i.row.owned).map((i) => i.row), confirm))) await reload();
          if (button === refreshButton) await reload();
        })(),
      );
      pick.onDidTriggerItemButton(({ button, item }) =>
        guarded(async () => {
          if (button === openButton) await vscode.window.showTextDocument(uploadContentUri(item.row.file.id, item.row.file.filename), { preview: true });
          if (button === deleteButton && (await confirmAndDelete(cache, [item.row], confirm))) await reload();
        })(),
      );
      const deleteSelected = async () => {
        if (await confirmAndDelete(cache, pick.selectedItems.map((i) => i.row), confirm)) await reload();
      };
      pick.onDidAccept(guarded(deleteSelected));
      pick.onDidHide(() => pick.dispose());
      pick.show();
      await reload();
      if (seam) seam.shown(pick, deleteSelected);
    } catch (err) {
      await reportFileCommandError(err, chat);
    }
  });
}
