// Loads the chat host (dist/chatHost.js, see chatHost.ts) on first use instead of at activation:
// requiring it (zod, the client, the core, the agent, the file features) is most of the cost of
// starting the extension. Until then the view and the commands VS Code shows are stand-ins that load
// it and hand over: the view's page starts loading at once and the host takes it over once loaded, a
// command runs again once the real one exists.
import * as vscode from 'vscode';
import type { ChatHost } from './chatHost';
import { CHAT_VIEW_ID } from './chatViewId';
import { markChatView } from './chatViewMarks';
import { ChatViewPage } from './chatViewPage';

/**
 * Commands that end by showing the chat view: it opens first, and the host loads once the view's page
 * is set (resolveWebviewView) or the view is shown, so the page loads in the browser meanwhile.
 */
const VIEW_COMMANDS = new Set(['svc.focusChat', 'svc.newChat']);

interface Manifest {
  contributes?: { commands?: Array<{ command: string }> };
}

export class LazyChatHost implements vscode.WebviewViewProvider {
  private loading: Promise<ChatHost> | undefined;
  private readonly commandStubs: vscode.Disposable[] = [];

  constructor(private readonly context: vscode.ExtensionContext) {}

  /** Every command the manifest contributes: a stand-in that loads the host, then runs the real command. */
  registerCommandStubs(): vscode.Disposable {
    const contributed = (this.context.extension.packageJSON as Manifest).contributes?.commands ?? [];
    for (const { command } of contributed) {
      this.commandStubs.push(
        vscode.commands.registerCommand(command, async (...args: unknown[]) => {
          if (VIEW_COMMANDS.has(command)) await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
          await this.load();
          return vscode.commands.executeCommand(command, ...args);
        }),
      );
    }
    return new vscode.Disposable(() => this.releaseCommandStubs());
  }

  /** The loaded chat host; loads it on the first call. */
  load(): Promise<ChatHost> {
    this.loading ??= import('./chatHost')
      .then((host) => host.startChatHost(this.context, () => this.releaseCommandStubs()))
      .then((host) => {
        markChatView('hostStarted');
        return host;
      });
    return this.loading;
  }

  async resolveWebviewView(view: vscode.WebviewView): Promise<void> {
    const page = new ChatViewPage(view, this.context.extensionUri);
    const host = await this.load();
    host.provider.attach(page);
  }

  /** Ends the host if it was loaded; there is nothing to end otherwise. */
  async deactivate(): Promise<void> {
    if (this.loading) await (await this.loading).deactivate();
  }

  private releaseCommandStubs(): void {
    for (const stub of this.commandStubs.splice(0)) stub.dispose();
  }
}
