// Entry point of the extension host side (dist/extension.js). Activation (the chat view or one of the
// commands) only registers the view and the commands; the chat host behind them (chatHost.ts, its own
// bundle) is loaded by lazyChatHost.ts on first use, so activating costs a few milliseconds.
import * as vscode from 'vscode';
import { CHAT_VIEW_ID } from './chatViewId';
import type { SvcTestApi } from './testHarnessApi';
import { registerLanguageModels } from './languageModels/languageModelRegistration';
import { SvcQuickFixes } from './inlineEdit/quickFixes';
import { LazyChatHost } from './lazyChatHost';
import { underTestHarness } from './testHarness';
import { resumePendingDemo } from './demo/demoTask';
import { translateCoreText } from './coreTranslator';
import { registerCompletionsEntry } from './completions/completionsEntry';

export type { SvcTestApi } from './testHarnessApi';

/**
 * The extension's exports under its test harness: integration tests reach the chat host through it.
 * Anywhere else the extension exports nothing, since every other extension can read an extension's
 * exports, and this API answers approvals and reads conversations.
 */
export interface SvcExtensionApi {
  /** The chat host's test API; loads the host first when nothing has used it yet. */
  chatHost(): Promise<SvcTestApi>;
}

let lazyHost: LazyChatHost | undefined;

export function activate(context: vscode.ExtensionContext): SvcExtensionApi | undefined {
  translateCoreText();
  const host = new LazyChatHost(context);
  lazyHost = host;
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, host),
    host.registerCommandStubs(),
    registerLanguageModels(context, host),
    // Offering the light bulb's svc actions costs nothing: their commands load the host when chosen.
    vscode.languages.registerCodeActionsProvider({ scheme: 'file' }, new SvcQuickFixes(), { providedCodeActionKinds: SvcQuickFixes.kinds }),
    registerCompletionsEntry(host),
  );
  void resumePendingDemo(context);
  if (!underTestHarness(context.extensionMode)) return undefined;
  return { chatHost: async () => (await host.load()).testApi };
}

export async function deactivate(): Promise<void> {
  await lazyHost?.deactivate();
  lazyHost = undefined;
}
