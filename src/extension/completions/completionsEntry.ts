// The inline completion provider as VS Code sees it from activation: while completions are off (the
// default) it answers nothing and loads nothing; once on, it loads the chat host and hands each ask to
// its provider (registerCompletions.ts). Reading the one setting here keeps activation cheap.
import * as vscode from 'vscode';
import type { ChatHost } from '../chatHost';

/** The user's own `svc.completions.enabled`: a repository's settings cannot turn completions on. */
function completionsOn(): boolean {
  const inspected = vscode.workspace.getConfiguration('svc').inspect<boolean>('completions.enabled');
  return (inspected?.globalValue ?? inspected?.defaultValue) === true;
}

export function registerCompletionsEntry(host: { load(): Promise<ChatHost> }): vscode.Disposable {
  // On at start: the host loads now, so the status item shows and the first pause is not slowed by it.
  if (completionsOn()) void host.load();
  const provider: vscode.InlineCompletionItemProvider = {
    provideInlineCompletionItems: async (document, position, context, token) => {
      if (!completionsOn()) return undefined;
      return (await host.load()).completions.provider.provideInlineCompletionItems(document, position, context, token);
    },
  };
  return vscode.Disposable.from(
    vscode.languages.registerInlineCompletionItemProvider({ pattern: '**' }, provider),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('svc.completions.enabled') && completionsOn()) void host.load();
    }),
  );
}
