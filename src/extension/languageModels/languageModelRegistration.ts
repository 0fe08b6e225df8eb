// Registers the svc models and formula tools with VS Code at activation, as stand-ins that load the
// chat host (lazyChatHost.ts) on their first use: VS Code's language-model API wants them registered
// early, and most sessions never call them, so activation stays cheap.
//
// The extension also activates when start-up has finished, and while VS Code's own chat is on it tells
// VS Code its models changed: VS Code's Chat view (1.139) lists only the models of providers VS Code has
// already asked, and opening it asks none. VS Code then asks at every start; until the host is loaded
// that question is answered with the list the service gave last time (kept in the global state), so a
// start-up loads nothing and sends nothing; the first start ever, with no list kept, loads the host.
import * as vscode from 'vscode';
import type { ChatHost } from '../chatHost';
import { LANGUAGE_MODEL_VENDOR } from './languageModelVendor';

/** The global-state key of the model list last given to VS Code. */
const KEPT_MODELS = 'svc.languageModels.lastList';

interface Manifest {
  contributes?: { languageModelTools?: Array<{ name: string }> };
}

/** Whether VS Code's own chat (and so its model picker) is switched on. */
function vsCodeChatOn(): boolean {
  return vscode.workspace.getConfiguration('chat').get<boolean>('disableAIFeatures') !== true;
}

export interface LazyHost {
  load(): Promise<ChatHost>;
  readonly isLoaded: boolean;
}

export function registerLanguageModels(context: vscode.ExtensionContext, lazy: LazyHost): vscode.Disposable {
  const changed = new vscode.EventEmitter<void>();
  let forwarding: vscode.Disposable | undefined;
  let answeredFromKeptList = false;
  const host = async (): Promise<ChatHost> => {
    const loaded = await lazy.load();
    if (!forwarding) {
      forwarding = loaded.languageModels.onDidChangeLanguageModelChatInformation(() => changed.fire());
      // VS Code holds the kept list: it asks again now that the service's own list can answer.
      if (answeredFromKeptList) changed.fire();
    }
    return loaded;
  };
  const provider: vscode.LanguageModelChatProvider = {
    onDidChangeLanguageModelChatInformation: changed.event,
    provideLanguageModelChatInformation: async () => {
      const kept = context.globalState.get<vscode.LanguageModelChatInformation[]>(KEPT_MODELS);
      if (!lazy.isLoaded && !forwarding && kept && kept.length > 0) {
        answeredFromKeptList = true;
        return kept;
      }
      const models = await (await host()).languageModels.provideLanguageModelChatInformation();
      await context.globalState.update(KEPT_MODELS, models);
      return models;
    },
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
  const registration = vscode.lm.registerLanguageModelChatProvider(LANGUAGE_MODEL_VENDOR, provider);
  if (vsCodeChatOn()) changed.fire();
  const chatSwitchedOn = vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('chat.disableAIFeatures') && vsCodeChatOn()) changed.fire();
  });
  return vscode.Disposable.from(changed, registration, chatSwitchedOn, ...tools, {
    dispose: () => forwarding?.dispose(),
  });
}
