import type * as vscode from 'vscode';
import type { WebviewMessage } from '../shared/protocol';

/** The chat view's page as the controller sees it: its messages, and when one is attached or gone. */
export interface ChatViewEvents {
  readonly onDidReceiveMessage: vscode.Event<WebviewMessage>;
  readonly onDidChangePage: vscode.Event<'attached' | 'detached'>;
}
