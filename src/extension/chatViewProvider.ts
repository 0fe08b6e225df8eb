// The chat WebviewView in the activity-bar container: serves the HTML (strict CSP, nonce), checks
// every message from the page against the protocol before it reaches the controller, and posts
// the controller's messages back.
import * as vscode from 'vscode';
import { type HostMessage } from '../shared/protocol';
import { parseWebviewMessage } from '../shared/messageParsing';
import type { ChatController, ChatViewPort } from './chatController';
import { PartedConversationPoster } from './chat/partedConversationPoster';
import { CHAT_VIEW_ID } from './chatViewId';
import { chatViewHtml, createNonce } from './webviewHtml';

export class ChatViewProvider implements vscode.WebviewViewProvider, ChatViewPort {
  private view: vscode.WebviewView | undefined;
  private readonly initDelivered = new vscode.EventEmitter<void>();
  /** Fires when the page received the whole picture (`init`, the answer to its `ready`): it shows the chat. */
  readonly onDidDeliverInit = this.initDelivered.event;
  private readonly poster = new PartedConversationPoster((message) => this.deliver(message));

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    };
    view.webview.html = chatViewHtml(view.webview, this.extensionUri, createNonce());
    view.webview.onDidReceiveMessage((data: unknown) => {
      const parsed = parseWebviewMessage(data);
      if (!parsed.ok) {
        // A message that breaks the protocol is dropped, never acted on; the log says what was wrong.
        this.log.warn(parsed.error.message);
        return;
      }
      void this.controller.handle(parsed.message);
    });
    view.onDidDispose(() => {
      if (this.view === view) {
        this.view = undefined;
        this.controller.attach(undefined);
      }
    });
    this.controller.attach(this);
  }

  post(message: HostMessage): void {
    this.poster.post(message);
  }

  private deliver(message: HostMessage): void {
    const delivered = this.view?.webview.postMessage(message);
    if (message.type === 'init') void delivered?.then((ok) => ok && this.initDelivered.fire());
  }

  /** Whether the view is on screen (agent approvals are asked inline then, else in a notification). */
  get visible(): boolean {
    return this.view?.visible ?? false;
  }

  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  }
}
