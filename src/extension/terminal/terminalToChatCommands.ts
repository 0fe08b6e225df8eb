// The terminal's context menu items "Add Selection to svc Chat" and "Add Last Command and Output to svc
// Chat": the text goes into the chat's message box as a fenced block, where the user sees and can edit
// exactly what will be sent before sending it; nothing is sent by these commands.
import * as vscode from 'vscode';
import { commandContext, selectionContext } from '../../core/terminal/terminalContext';
import type { TerminalCommandLog } from './terminalCommandLog';

export interface TerminalToChatDeps {
  commands: TerminalCommandLog;
  /** Shows the chat view and inserts `text` at the message box's cursor. */
  insertIntoComposer(text: string): Promise<void>;
}

/**
 * The active terminal's selection. The Terminal.selection API is still proposed (VS Code 1.105 and later
 * do not offer it to published extensions), so the selection is copied through VS Code's own command and
 * the clipboard, which is put back as it was (its text; anything else on it is lost).
 */
async function terminalSelection(): Promise<string> {
  const saved = await vscode.env.clipboard.readText();
  await vscode.env.clipboard.writeText('');
  try {
    await vscode.commands.executeCommand('workbench.action.terminal.copySelection');
    return await vscode.env.clipboard.readText();
  } finally {
    await vscode.env.clipboard.writeText(saved);
  }
}

function noTerminal(): void {
  void vscode.window.showWarningMessage(vscode.l10n.t('svc: there is no terminal open.'));
}

async function addLastCommand(deps: TerminalToChatDeps): Promise<void> {
  const terminal = vscode.window.activeTerminal;
  if (!terminal) return noTerminal();
  const record = deps.commands.lastCommand(terminal);
  if (!record) {
    if (!terminal.shellIntegration) {
      const settings = vscode.l10n.t('Open Settings');
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t(
          'svc: this terminal has no shell integration, so its commands and their output cannot be read. Turn on terminal.integrated.shellIntegration.enabled and open a new terminal with bash, zsh, fish or PowerShell (or set up shell integration by hand for other shells).',
        ),
        settings,
      );
      if (choice === settings) await vscode.commands.executeCommand('workbench.action.openSettings', 'terminal.integrated.shellIntegration.enabled');
      return;
    }
    void vscode.window.showWarningMessage(vscode.l10n.t('svc: no command has finished in this terminal since svc started. Run the command again, then add it.'));
    return;
  }
  await deps.insertIntoComposer(commandContext(record));
}

async function addSelection(deps: TerminalToChatDeps): Promise<void> {
  if (!vscode.window.activeTerminal) return noTerminal();
  const selection = await terminalSelection();
  if (selection.trim() === '') {
    void vscode.window.showWarningMessage(vscode.l10n.t('svc: nothing is selected in the terminal.'));
    return;
  }
  await deps.insertIntoComposer(selectionContext(selection));
}

export function registerTerminalToChat(deps: TerminalToChatDeps): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('svc.addTerminalSelectionToChat', () => addSelection(deps)),
    vscode.commands.registerCommand('svc.addTerminalCommandToChat', () => addLastCommand(deps)),
  );
}
