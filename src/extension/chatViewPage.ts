// The chat view's page, set up as soon as VS Code resolves the view and before the chat host is loaded:
// the browser loads the page (seconds in a fresh window) while the host loads, instead of after it.
// What the page says before the host takes over (its `ready`) is held and handed over in order.
import * as vscode from 'vscode';
import { markChatView } from './chatViewMarks';
import { readWebviewAssets, WebviewAssetError } from './webviewAssets';
import { chatViewErrorHtml, chatViewHtml, createNonce } from './webviewHtml';
import { viewLocalization } from './viewLocalizationSource';

export class ChatViewPage implements vscode.Disposable {
  private readonly held: unknown[] = [];
  private receiver: ((data: unknown) => void) | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    readonly view: vscode.WebviewView,
    extensionUri: vscode.Uri,
  ) {
    view.webview.options = {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
    };
    this.subscription = view.webview.onDidReceiveMessage((data: unknown) => (this.receiver ? this.receiver(data) : this.held.push(data)));
    view.webview.html = pageHtml(view.webview, extensionUri);
    markChatView('resolved');
  }

  /** From now on every message goes to `receiver`, those held so far first. */
  receive(receiver: (data: unknown) => void): void {
    this.receiver = receiver;
    for (const data of this.held.splice(0)) receiver(data);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

function pageHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  try {
    return chatViewHtml(webview, createNonce(), readWebviewAssets(webview, extensionUri), viewLocalization());
  } catch (error) {
    if (error instanceof WebviewAssetError) return chatViewErrorHtml(error);
    throw error;
  }
}
