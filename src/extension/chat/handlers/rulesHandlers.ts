// The rules files listed above the composer: the view opens one, and only one this window listed.
import * as vscode from 'vscode';
import type { WorkspaceRules } from '../../rules/workspaceRules';
import type { WebviewHandlerGroup } from '../webviewMessageRouter';

export function rulesHandlers(rules: WorkspaceRules): WebviewHandlerGroup<'openRules'> {
  return {
    openRules: async (message) => {
      if (!rules.isRulesFile(message.path)) throw new Error(vscode.l10n.t('{0} is not a rules file of this window.', message.path));
      await vscode.window.showTextDocument(vscode.Uri.file(message.path));
    },
  };
}
