// VS Code's own chat (1.139) does its side tasks (titles, commit messages, summaries) with a "utility
// model"; without a Copilot plan it shows a "Set BYOK utility models" banner whose button only opens the
// settings. "svc: Use an svc Model for VS Code's Chat Tasks" sets both utility settings to a quick svc
// model in one step, and the first time VS Code's chat uses an svc model while neither is set, a
// notification offers the same, once.
import * as vscode from 'vscode';
import { utilityModelOf } from '../../core/languageModels/utilityModel';
import type { ServiceModels } from '../../core/models/serviceModels';

/** VS Code's settings, holding "vendor/id". */
const UTILITY_SETTINGS = ['chat.utilityModel', 'chat.utilitySmallModel'] as const;
/** Global-state key: the notification has been shown once. */
const OFFERED = 'svc.vsCodeUtilityModel.offered';

export class VsCodeUtilityModel {
  constructor(
    private readonly models: ServiceModels,
    private readonly vendor: string,
    private readonly state: vscode.Memento,
  ) {}

  /** Whether this VS Code has the utility-model settings at all (1.105 does not). */
  static available(): boolean {
    const chat = vscode.workspace.getConfiguration();
    return UTILITY_SETTINGS.every((key) => chat.inspect(key)?.defaultValue !== undefined);
  }

  /** The command: sets both settings, or says why it cannot. */
  async use(): Promise<void> {
    if (!VsCodeUtilityModel.available()) {
      void vscode.window.showInformationMessage(vscode.l10n.t('svc: this VS Code has no utility-model settings for its chat.'));
      return;
    }
    const model = utilityModelOf((await this.models.current()).models);
    if (model === undefined) {
      void vscode.window.showWarningMessage(vscode.l10n.t('svc: your account lists no quick svc model without reasoning to use for VS Code\'s chat tasks.'));
      return;
    }
    await this.set(model);
    void vscode.window.showInformationMessage(vscode.l10n.t("svc: VS Code's chat now names chats and writes commit messages and summaries with {0}.", model));
  }

  /** After VS Code's chat used an svc model: offers the utility model once, if neither setting is set. */
  async offer(): Promise<void> {
    if (this.state.get<boolean>(OFFERED) === true || !VsCodeUtilityModel.available()) return;
    const config = vscode.workspace.getConfiguration();
    if (UTILITY_SETTINGS.some((key) => (config.get<string>(key) ?? '') !== '')) return;
    const model = utilityModelOf((await this.models.current()).models);
    if (model === undefined) return;
    await this.state.update(OFFERED, true);
    const use = vscode.l10n.t('Use {0}', model);
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t("VS Code's chat needs a small model to name chats and write commit messages and summaries. Use the svc model {0} for that?", model),
      use,
      vscode.l10n.t('Not Now'),
    );
    if (choice === use) await this.set(model);
  }

  private async set(model: string): Promise<void> {
    const config = vscode.workspace.getConfiguration();
    for (const key of UTILITY_SETTINGS) await config.update(key, `${this.vendor}/${model}`, vscode.ConfigurationTarget.Global);
  }
}
