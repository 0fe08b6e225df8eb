// The chat view's own commands: focus it, start a new chat, stop the reply or task, export the
// conversation, undo the last restore, and read the service's model list again.
import * as vscode from 'vscode';
import type { CheckpointRestorer } from '../../core/checkpoints/checkpointRestore';
import type { ServiceModels } from '../../core/models/serviceModels';
import type { ChatController } from '../chatController';
import type { ChatViewProvider } from '../chatViewProvider';

export interface ChatCommandDeps {
  chat: ChatController;
  provider: ChatViewProvider;
  models: ServiceModels;
  restorer: CheckpointRestorer;
}

async function refreshModels(models: ServiceModels): Promise<void> {
  const listing = await models.refresh();
  const note =
    listing.source === 'service'
      ? vscode.l10n.t('{0} models listed by the service.', listing.models.length)
      : vscode.l10n.t("the service's list could not be read ({0}); the built-in catalogue stands in.", listing.problem ?? vscode.l10n.t('no answer'));
  void vscode.window.showInformationMessage(vscode.l10n.t('svc: {0}', note));
}

async function undoRestore(chat: ChatController, restorer: CheckpointRestorer): Promise<void> {
  const active = chat.activeConversationId;
  const outcome = active ? await restorer.undo(active) : { done: false, message: vscode.l10n.t('There is no conversation open.') };
  if (active) chat.showConversation(active);
  void vscode.window.showInformationMessage(vscode.l10n.t('svc: {0}', outcome.message));
}

export function registerChatCommands({ chat, provider, models, restorer }: ChatCommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('svc.focusChat', async () => {
      await provider.reveal();
      chat.focusComposer();
    }),
    vscode.commands.registerCommand('svc.newChat', async () => {
      await provider.reveal();
      await chat.newConversation();
    }),
    vscode.commands.registerCommand('svc.stop', () => chat.stopActive()),
    vscode.commands.registerCommand('svc.exportConversation', () => chat.exportConversation()),
    vscode.commands.registerCommand('svc.refreshModels', () => refreshModels(models)),
    vscode.commands.registerCommand('svc.undoRestore', () => undoRestore(chat, restorer)),
  ];
}
