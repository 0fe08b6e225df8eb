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
 * is set (resolveWebviewView), so the page loads in the browser meanwhile. Loading the host takes the
 * extension host's thread for a few hundred milliseconds, and VS Code asks for the page after the focus
 * command returned: loading at once would hold the page back by that long.
 */
const VIEW_COMMANDS = new Set(['svc.focusChat', 'svc.newChat']);

/** How long such a command waits for VS Code to ask for the page before loading the host anyway (a view VS Code never resolves must not hold the command). */
const PAGE_WAIT_MS = 2_000;

interface Manifest {
  contributes?: { commands?: Array<{ command: string }> };
}

/**
 * Resolves after the messages this extension host queued for VS Code have been sent: it sends them on a
 * zero-delay timer, and Node runs timers of one delay in the order they were set. Requiring the chat host
 * holds the thread for a few hundred milliseconds; the view's HTML, set just before, must not wait for it.
 */
function afterQueuedMessages(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class LazyChatHost implements vscode.WebviewViewProvider {
  private loading: Promise<ChatHost> | undefined;
  private readonly commandStubs: vscode.Disposable[] = [];
  private pageSet = false;
  private readonly pageWaiters: Array<() => void> = [];
  private hostLoaded = false;

  constructor(private readonly context: vscode.ExtensionContext) {}

  /** Every command the manifest contributes: a stand-in that loads the host, then runs the real command. */
  registerCommandStubs(): vscode.Disposable {
    const contributed = (this.context.extension.packageJSON as Manifest).contributes?.commands ?? [];
    for (const { command } of contributed) {
      this.commandStubs.push(
        vscode.commands.registerCommand(command, async (...args: unknown[]) => {
          if (VIEW_COMMANDS.has(command)) {
            await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
            await this.pageOrTimeout();
          }
          await this.load();
          return vscode.commands.executeCommand(command, ...args);
        }),
      );
    }
    return new vscode.Disposable(() => this.releaseCommandStubs());
  }

  /** Whether the host has finished loading (a call to load() then costs nothing). */
  get isLoaded(): boolean {
    return this.hostLoaded;
  }

  /** The loaded chat host; loads it on the first call. */
  load(): Promise<ChatHost> {
    this.loading ??= afterQueuedMessages()
      .then(() => import('./chatHost'))
      .then((host) => host.startChatHost(this.context, () => this.releaseCommandStubs()))
      .then((host) => {
        markChatView('hostStarted');
        this.hostLoaded = true;
        return host;
      });
    return this.loading;
  }

  async resolveWebviewView(view: vscode.WebviewView): Promise<void> {
    const page = new ChatViewPage(view, this.context.extensionUri);
    this.pageSet = true;
    for (const resume of this.pageWaiters.splice(0)) resume();
    const host = await this.load();
    host.provider.attach(page);
  }

  /** Ends the host if it was loaded; there is nothing to end otherwise. */
  async deactivate(): Promise<void> {
    if (this.loading) await (await this.loading).deactivate();
  }

  /** Resolves once the view's page is set, or after PAGE_WAIT_MS. */
  private pageOrTimeout(): Promise<void> {
    if (this.pageSet) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, PAGE_WAIT_MS);
      this.pageWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private releaseCommandStubs(): void {
    for (const stub of this.commandStubs.splice(0)) stub.dispose();
  }
}
