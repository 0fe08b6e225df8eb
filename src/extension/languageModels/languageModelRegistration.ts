// Registers the svc models and formula tools with VS Code at activation, as stand-ins that load the
// chat host (lazyChatHost.ts) on their first use: VS Code's language-model API wants them registered
// early, and most sessions never call them, so activation stays cheap.
import * as vscode from 'vscode';
import type { ChatHost } from '../chatHost';

export const LANGUAGE_MODEL_VENDOR = 'svc';

interface Manifest {
  contributes?: { languageModelTools?: Array<{ name: string }> };
}

export function registerLanguageModels(context: vscode.ExtensionContext, load: () => Promise<ChatHost>): vscode.Disposable {
  const changed = new vscode.EventEmitter<void>();
  let forwarding: vscode.Disposable | undefined;
  const host = async (): Promise<ChatHost> => {
    const loaded = await load();
    forwarding ??= loaded.languageModels.onDidChangeLanguageModelChatInformation(() => changed.fire());
    return loaded;
  };
  const provider: vscode.LanguageModelChatProvider = {
    onDidChangeLanguageModelChatInformation: changed.event,
    provideLanguageModelChatInformation: async () => (await host()).languageModels.provideLanguageModelChatInformation(),
    provideLanguageModelChatResponse: async (model, messages, options, progress, token) =>
      (await host()).languageModels.provideLanguageModelChatResponse(model, messages, options, progress, token),
    provideTokenCount: async (model, text) => (await host()).languageModels.provideTokenCount(model, text),
  };
  const tools = ((context.extension.packageJSON as Manifest).contributes?.languageModelTools ?? []).map(({ name }) =>
    vscode.lm.registerTool<unknown>(name, {
      prepareInvocation: async (options) => (await host()).formulaTools.prepare(name, options.input),
      invoke: async (options, token) => (await host()).formulaTools.invoke(name, options.input, token),
    }),
  );
  return vscode.Disposable.from(changed, vscode.lm.registerLanguageModelChatProvider(LANGUAGE_MODEL_VENDOR, provider), ...tools, {
    dispose: () => forwarding?.dispose(),
  });
}
