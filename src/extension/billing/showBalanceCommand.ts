// "svc: Show Balance": cash, voucher and available balance read fresh, with what a negative cash
// balance means and why sending is blocked when it is.
import * as vscode from 'vscode';
import { formatUsd } from '../../core/billing/balanceView';
import type { ChatFilesTarget } from '../files/chatFilesBridge';
import { reportFileCommandError } from '../files/fileCommandErrors';
import type { FileServices } from '../files/fileServices';

export function registerShowBalance(services: FileServices, chat: ChatFilesTarget): vscode.Disposable {
  return vscode.commands.registerCommand('svc.showBalance', async () => {
    try {
      const { balance } = await services.get();
      const view = await balance.refresh();
      const detail = [
        `Cash balance: ${formatUsd(view.cash)}`,
        `Voucher balance: ${formatUsd(view.voucher)}`,
        `Available balance: ${formatUsd(view.available)} (cash plus vouchers)`,
        view.negativeCashExplanation,
        view.blockedReason ?? view.warning,
      ]
        .filter(Boolean)
        .join('\n');
      const show = view.blockedReason ? vscode.window.showErrorMessage : view.warning ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
      // Not modal: the figures are for reading, and nothing waits on an answer.
      await show(vscode.l10n.t('svc balance: {0} available. {1}', view.label, detail.replace(/\n/g, ' ')));
    } catch (err) {
      await reportFileCommandError(err, chat);
    }
  });
}
