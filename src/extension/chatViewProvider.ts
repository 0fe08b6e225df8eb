// The chat WebviewView in the activity-bar container, once the chat host took its page over: checks
// every message from the page against the protocol before it reaches the controller (which listens to
// this view's events), and posts the controller's messages back.
import * as vscode from 'vscode';
import type { HostMessage, WebviewMessage } from '../shared/protocol';
import { parseWebviewMessage } from '../shared/messageParsing';
import type { ChatViewEvents } from './chatViewEvents';
import { PartedConversationPoster } from './chat/partedConversationPoster';
import { CHAT_VIEW_ID } from './chatViewId';
import { markChatView } from './chatViewMarks';
import type { ChatViewPage } from './chatViewPage';

export class ChatViewProvider implements ChatViewEvents {
  private view: vscode.WebviewView | undefined;
  private badge: vscode.ViewBadge | undefined;
  private readonly initDelivered = new vscode.EventEmitter<void>();
  /** Fires when the page received the whole picture (`init`, the answer to its `ready`): it shows the chat. */
  readonly onDidDeliverInit = this.initDelivered.event;
  private readonly poster = new PartedConversationPoster((message) => this.deliver(message));
  /** Whether the page showing now received its `init`; a hidden view's page is discarded and loads again. */
  private pageReady = false;
  private readonly pageWaiters: Array<() => void> = [];
  private readonly received = new vscode.EventEmitter<WebviewMessage>();
  /** Every message of the page that keeps to the protocol. */
  readonly onDidReceiveMessage = this.received.event;
  private readonly pageChanged = new vscode.EventEmitter<'attached' | 'detached'>();
  readonly onDidChangePage = this.pageChanged.event;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  /** Takes over a view whose page is already loading (see chatViewPage.ts). */
  attach(page: ChatViewPage): void {
    const view = page.view;
    this.view = view;
    view.badge = this.badge;
    page.receive((data: unknown) => {
      const parsed = parseWebviewMessage(data);
      if (!parsed.ok) {
        // A message that breaks the protocol is dropped, never acted on; the log says what was wrong.
        this.log.warn(parsed.error.message);
        return;
      }
      if (parsed.message.type === 'ready') markChatView('ready');
      this.received.fire(parsed.message);
    });
    view.onDidChangeVisibility(() => {
      if (!view.visible) this.pageReady = false;
    });
    view.onDidDispose(() => {
      this.pageReady = false;
      page.dispose();
      if (this.view === view) {
        this.view = undefined;
        this.pageChanged.fire('detached');
      }
    });
    this.pageChanged.fire('attached');
  }

  /** The number on the view's icon (sessions waiting for an approval); kept for a view resolved later. */
  setBadge(badge: vscode.ViewBadge | undefined): void {
    this.badge = badge;
    if (this.view) this.view.badge = badge;
  }

  post(message: HostMessage): void {
    this.poster.post(message);
  }

  private deliver(message: HostMessage): void {
    const delivered = this.view?.webview.postMessage(message);
    if (message.type !== 'init' || !delivered) return;
    markChatView('initPosted');
    void delivered.then((ok) => {
      if (!ok) return;
      markChatView('initDelivered');
      this.pageReady = true;
      for (const resume of this.pageWaiters.splice(0)) resume();
      this.initDelivered.fire();
    });
  }

  /** Whether the view is on screen (agent approvals are asked inline then, else in a notification). */
  get visible(): boolean {
    return this.view?.visible ?? false;
  }

  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  }

  /** Shows the view and inserts `text` into its message box once the page is ready for it. */
  async insertIntoComposer(text: string): Promise<void> {
    await this.reveal();
    if (!this.pageReady) await new Promise<void>((resolve) => this.pageWaiters.push(resolve));
    this.post({ type: 'insertIntoComposer', text });
  }
}
