// The status-bar item: which backend the chat uses (the local emulator says so plainly) and the model.
import * as vscode from 'vscode';
import type { Connection } from '../shared/protocol';

export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('svc.connection', vscode.StatusBarAlignment.Right, 100);

  constructor() {
    this.item.name = vscode.l10n.t('svc connection');
    this.item.command = 'svc.focusChat';
  }

  update(connection: Connection, model: string): void {
    if (connection.mode === 'emulator') {
      this.item.text = `$(beaker) ${vscode.l10n.t('svc: local emulator')}`;
      this.item.tooltip = `${vscode.l10n.t('Using the local emulator: {0}', connection.detail ?? '')}\n${vscode.l10n.t('Model: {0}', model)}`;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else {
      this.item.text = `$(comment-discussion) svc: ${model}`;
      this.item.tooltip = `${vscode.l10n.t('svc service at {0}', connection.baseUrl)}${connection.detail ? `\n${connection.detail}` : ''}`;
      this.item.backgroundColor = undefined;
    }
    this.item.accessibilityInformation = { label: this.item.text.replace(/\$\([a-z-]+\) /, '') };
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
