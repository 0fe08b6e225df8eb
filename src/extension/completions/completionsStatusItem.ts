// The completions' own status-bar item: on (with today's tokens), off or snoozed; its menu turns them
// on or off (for all languages or the current one), snoozes them, and opens their settings.
import * as vscode from 'vscode';
import type { CompletionDay } from '../../core/completions/completionUsage';
import { completionStatusView, type CompletionState } from './completionStatusView';

export const COMPLETIONS_MENU_COMMAND = 'svc.completions.menu';

export interface StatusMenuActions {
  toggle(): Promise<void>;
  toggleLanguage(languageId: string): Promise<void>;
  snooze(minutes: number): void;
  state(): CompletionState;
  day(): CompletionDay;
}

const SNOOZES = [15, 60, 240];

export class CompletionsStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('svc.completions', vscode.StatusBarAlignment.Right, 99);

  constructor(private readonly actions: StatusMenuActions) {
    this.item.name = vscode.l10n.t('svc completions');
    this.item.command = COMPLETIONS_MENU_COMMAND;
    this.render();
  }

  render(): void {
    const view = completionStatusView(this.actions.state(), this.actions.day());
    this.item.text = view.text;
    this.item.tooltip = view.tooltip;
    this.item.accessibilityInformation = { label: view.accessibleLabel };
    this.item.show();
  }

  async showMenu(): Promise<void> {
    const state = this.actions.state();
    const languageId = vscode.window.activeTextEditor?.document.languageId;
    const items: (vscode.QuickPickItem & { run: () => Promise<void> | void })[] = [
      state.kind === 'off'
        ? { label: `$(sparkle) ${vscode.l10n.t('Turn Completions On')}`, run: () => this.actions.toggle() }
        : { label: `$(circle-slash) ${vscode.l10n.t('Turn Completions Off')}`, run: () => this.actions.toggle() },
      ...(languageId && state.kind !== 'off' ? [{ label: `$(symbol-file) ${vscode.l10n.t('Turn On or Off for {0}', languageId)}`, run: () => this.actions.toggleLanguage(languageId) }] : []),
      ...(state.kind === 'on' ? SNOOZES.map((minutes) => ({ label: `$(clock) ${vscode.l10n.t('Snooze for {0} minutes', minutes)}`, run: () => this.actions.snooze(minutes) })) : []),
      ...(state.kind === 'snoozed' ? [{ label: `$(play) ${vscode.l10n.t('Resume Completions')}`, run: () => this.actions.snooze(0) }] : []),
      { label: `$(settings-gear) ${vscode.l10n.t('Completion Settings')}`, run: async () => void (await vscode.commands.executeCommand('workbench.action.openSettings', 'svc.completions')) },
    ];
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('svc completions'), placeHolder: this.item.tooltip as string });
    await picked?.run();
    this.render();
  }

  dispose(): void {
    this.item.dispose();
  }
}
