// The status-bar item: which backend the chat uses (the local emulator says so plainly) and the model.
import * as vscode from 'vscode';
import type { Connection } from '../shared/protocol';

export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('svc.connection', vscode.StatusBarAlignment.Right, 100);

  constructor() {
    this.item.name = 'svc connection';
    this.item.command = 'svc.focusChat';
  }

  update(connection: Connection, model: string): void {
    if (connection.mode === 'emulator') {
      this.item.text = `$(beaker) svc: local emulator`;
      this.item.tooltip = `Using the local emulator: ${connection.detail ?? ''}\nModel: ${model}`;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else {
      this.item.text = `$(comment-discussion) svc: ${model}`;
      this.item.tooltip = `svc service at ${connection.baseUrl}${connection.detail ? `\n${connection.detail}` : ''}`;
      this.item.backgroundColor = undefined;
    }
    this.item.accessibilityInformation = { label: this.item.text.replace(/\$\([a-z-]+\) /, '') };
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
