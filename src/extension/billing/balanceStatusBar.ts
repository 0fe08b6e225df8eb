// The available balance in the status bar, in the warning colour below the threshold and the error
// colour when sending is blocked; clicking it runs "svc: Show Balance". The model in use is already on
// the connection item beside it, so here it is only in the tooltip.
import * as vscode from 'vscode';
import type { BalanceView } from '../../core/billing/balanceView';

export class BalanceStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('svc.balance', vscode.StatusBarAlignment.Right, 100);
  private view: BalanceView | undefined;
  private failure: string | undefined;

  constructor(private readonly currentModel: () => string) {
    this.item.name = 'svc Balance';
    this.item.command = 'svc.showBalance';
    this.render();
    this.item.show();
  }

  update(view: BalanceView): void {
    this.view = view;
    this.failure = undefined;
    this.render();
  }

  unavailable(reason: string): void {
    this.failure = reason;
    this.render();
  }

  /** Also called when the model changes (it is in the tooltip). */
  render(): void {
    const model = this.currentModel();
    const view = this.view;
    if (!view || this.failure) {
      this.item.text = '$(credit-card) –';
      this.item.tooltip = `${this.failure ? vscode.l10n.t('Balance unavailable: {0}', this.failure) : vscode.l10n.t('Balance not read yet')}\n${vscode.l10n.t('Model: {0}', model)}`;
      this.item.backgroundColor = undefined;
      return;
    }
    this.item.text = `$(credit-card) ${view.label}`;
    this.item.tooltip = [vscode.l10n.t('Available balance {0}', view.label), view.blockedReason ?? view.warning, view.negativeCashExplanation, vscode.l10n.t('Model: {0}', model), vscode.l10n.t('Click for details')]
      .filter(Boolean)
      .join('\n');
    this.item.backgroundColor = view.blockedReason
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : view.warning
        ? new vscode.ThemeColor('statusBarItem.warningBackground')
        : undefined;
  }

  dispose(): void {
    this.item.dispose();
  }
}
