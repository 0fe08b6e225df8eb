// "svc: Set API Key", "svc: Clear API Key" and "svc: Use Local Emulator": where the chat's replies come
// from. The key goes to SecretStorage only; the commands that throw something away ask first.
import * as vscode from 'vscode';
import { apiKeyProblem, ENV_KEY, type ApiKeyStore } from '../apiKeyStore';
import type { CommandArgumentTrust } from '../commandArguments';
import { readSettings } from '../settings/settingsReader';

export interface ApiKeyCommandDeps {
  keys: ApiKeyStore;
  /** How far the commands trust their arguments: svc.setApiKey takes a key as its argument only under the test harness. */
  commandArguments: CommandArgumentTrust;
}

async function setApiKey(deps: ApiKeyCommandDeps, given: unknown): Promise<void> {
  const passed = deps.commandArguments.key(given);
  const key =
    passed !== undefined
      ? passed
      : await vscode.window.showInputBox({
          title: vscode.l10n.t('svc: Set API Key'),
          prompt: vscode.l10n.t("The key is kept in VS Code's secret storage (your OS keychain), never in settings."),
          password: true,
          ignoreFocusOut: true,
          validateInput: (value) => apiKeyProblem(value),
        });
  if (key === undefined) return;
  const problem = apiKeyProblem(key);
  if (problem) {
    void vscode.window.showErrorMessage(vscode.l10n.t('svc: {0}.', problem));
    return;
  }
  await deps.keys.store(key.trim(), readSettings().baseUrl);
  void vscode.window.showInformationMessage(vscode.l10n.t('svc: API key stored in secret storage; the chat now uses the service.'));
}

async function clearApiKey(deps: ApiKeyCommandDeps): Promise<void> {
  const question = vscode.l10n.t('Remove the svc API key from secret storage?');
  const detail = vscode.l10n.t('You would have to enter it again to use the svc service.');
  if (!(await deps.commandArguments.confirmEffect(question, detail, vscode.l10n.t('Remove Key')))) return;
  await deps.keys.clear();
  const fallback = process.env[ENV_KEY]
    ? vscode.l10n.t('The {0} environment variable is still set and is used.', ENV_KEY)
    : vscode.l10n.t('The chat uses the local emulator.');
  void vscode.window.showInformationMessage(vscode.l10n.t('svc: API key removed from secret storage. {0}', fallback));
}

async function useLocalEmulator(deps: ApiKeyCommandDeps): Promise<void> {
  const question = vscode.l10n.t('Switch svc to the local emulator?');
  const detail = vscode.l10n.t('Replies then come from the local emulator on this computer, not from the svc service, until you set an API key again.');
  if (!(await deps.commandArguments.confirmEffect(question, detail, vscode.l10n.t('Use Local Emulator')))) return;
  await deps.keys.chooseEmulator();
  const setKey = vscode.l10n.t('Set API Key');
  void vscode.window.showInformationMessage(vscode.l10n.t('svc: using the local emulator. "svc: Set API Key" switches back to the service.'), setKey).then((choice) => {
    if (choice === setKey) void vscode.commands.executeCommand('svc.setApiKey');
  });
}

export function registerApiKeyCommands(deps: ApiKeyCommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('svc.setApiKey', (given?: unknown) => setApiKey(deps, given)),
    vscode.commands.registerCommand('svc.clearApiKey', () => clearApiKey(deps)),
    vscode.commands.registerCommand('svc.useLocalEmulator', () => useLocalEmulator(deps)),
  ];
}
