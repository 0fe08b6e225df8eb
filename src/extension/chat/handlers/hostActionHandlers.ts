// What the view asks the host to do through its commands: the fixes an error offers (set the key, use
// the emulator, open the settings, check the balance) and the explain slash commands.
import * as vscode from 'vscode';
import type { SvcClient } from '../../../api/index';
import type { HostWindow } from '../../../core/host/hostWindow';
import type { HostAction } from '../../../shared/protocol';
import type { WebviewHandlerGroup } from '../webviewMessageRouter';

const COMMAND_OF_ACTION: Record<Exclude<HostAction, 'checkBalance'>, readonly [string, ...unknown[]]> = {
  setKey: ['svc.setApiKey'],
  useEmulator: ['svc.useLocalEmulator'],
  openSettings: ['workbench.action.openSettings', 'svc.'],
  openProxySettings: ['workbench.action.openSettings', 'http.proxy'],
  tryDemo: ['svc.tryDemo'],
  explainSelection: ['svc.explainSelection'],
  explainFile: ['svc.explainFile'],
};

/** The balance command when the file features registered it; otherwise the figures in a notification. */
async function checkBalance(client: () => Promise<SvcClient>, window: HostWindow): Promise<void> {
  if ((await vscode.commands.getCommands(true)).includes('svc.showBalance')) {
    await vscode.commands.executeCommand('svc.showBalance');
    return;
  }
  const balance = await (await client()).balance();
  void window.notify(
    'info',
    vscode.l10n.t('Available balance: ${0} (cash ${1}, vouchers ${2})', balance.available_balance.toFixed(2), balance.cash_balance.toFixed(2), balance.voucher_balance.toFixed(2)),
  );
}

export function hostActionHandlers(client: () => Promise<SvcClient>, window: HostWindow): WebviewHandlerGroup<'runAction'> {
  return {
    runAction: async (message) => {
      if (message.action === 'checkBalance') return checkBalance(client, window);
      await vscode.commands.executeCommand(...COMMAND_OF_ACTION[message.action]);
      return undefined;
    },
  };
}
