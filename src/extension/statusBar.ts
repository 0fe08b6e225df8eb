// The one svc status-bar item (wording in statusItemView.ts). A click opens a quick pick, not a modal:
// the balance, switching between the local emulator and the service, the key and the settings.
import * as vscode from 'vscode';
import type { BalanceView } from '../core/billing/balanceView';
import type { Connection } from '../shared/protocol';
import { statusItemView, type StatusFacts } from './statusItemView';

export const STATUS_MENU_COMMAND = 'svc.statusMenu';

const BACKGROUND = { normal: undefined, warning: 'statusBarItem.warningBackground', error: 'statusBarItem.errorBackground' } as const;

export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('svc.connection', vscode.StatusBarAlignment.Right, 100);
  private readonly command: vscode.Disposable;
  private facts: StatusFacts;

  constructor(currentModel: () => string) {
    this.facts = { connection: undefined, model: currentModel(), balance: undefined, balanceFailure: undefined };
    this.item.name = vscode.l10n.t('svc');
    this.item.command = STATUS_MENU_COMMAND;
    this.command = vscode.commands.registerCommand(STATUS_MENU_COMMAND, () => this.showMenu());
  }

  update(connection: Connection, model: string): void {
    // Another connection (key, address, emulator) has not failed yet.
    const moved = connection.mode !== this.facts.connection?.mode || connection.baseUrl !== this.facts.connection.baseUrl;
    this.facts = { ...this.facts, connection, model, ...(moved ? { unreachable: undefined } : {}) };
    this.render();
  }

  showBalance(balance: BalanceView): void {
    this.facts = { ...this.facts, balance, balanceFailure: undefined, unreachable: undefined };
    this.render();
  }

  balanceUnavailable(reason: string): void {
    this.facts = { ...this.facts, balance: undefined, balanceFailure: reason };
    this.render();
  }

  /** A request could not reach the service: the item says so until one does. */
  serviceUnreachable(reason: string): void {
    this.facts = { ...this.facts, unreachable: reason };
    this.render();
  }

  serviceReached(): void {
    if (this.facts.unreachable === undefined) return;
    this.facts = { ...this.facts, unreachable: undefined };
    this.render();
  }

  dispose(): void {
    this.command.dispose();
    this.item.dispose();
  }

  private render(): void {
    const view = statusItemView(this.facts);
    this.item.text = view.text;
    this.item.tooltip = view.tooltip;
    const background = BACKGROUND[view.level];
    this.item.backgroundColor = background ? new vscode.ThemeColor(background) : undefined;
    this.item.accessibilityInformation = { label: view.accessibleLabel };
    this.item.show();
  }

  private async showMenu(): Promise<void> {
    const emulator = this.facts.connection?.mode === 'emulator';
    const balance = this.facts.balance;
    const items: (vscode.QuickPickItem & { command: readonly [string, ...unknown[]] })[] = [
      {
        label: `$(credit-card) ${balance ? vscode.l10n.t('Balance: {0} available', balance.label) : vscode.l10n.t('Balance')}`,
        description: balance?.blockedReason ?? balance?.warning ?? this.facts.balanceFailure ?? '',
        detail: vscode.l10n.t('Cash, vouchers and what they mean'),
        command: ['svc.showBalance'],
      },
      emulator
        ? { label: `$(key) ${vscode.l10n.t('Use the svc Service')}`, detail: vscode.l10n.t('Set your API key; requests then go to the service'), command: ['svc.setApiKey'] }
        : { label: `$(beaker) ${vscode.l10n.t('Use Local Emulator')}`, detail: vscode.l10n.t('Offline, no key and no cost'), command: ['svc.useLocalEmulator'] },
      ...(emulator ? [] : [{ label: `$(key) ${vscode.l10n.t('Set API Key')}`, command: ['svc.setApiKey'] as const }]),
      { label: `$(comment-discussion) ${vscode.l10n.t('Open Chat')}`, command: ['svc.focusChat'] },
      { label: `$(settings-gear) ${vscode.l10n.t('Open Settings')}`, command: ['workbench.action.openSettings', 'svc.'] },
    ];
    const picked = await vscode.window.showQuickPick(items, { title: this.item.accessibilityInformation?.label ?? vscode.l10n.t('svc'), placeHolder: vscode.l10n.t('Model: {0}', this.facts.model) });
    if (picked) await vscode.commands.executeCommand(...picked.command);
  }
}
