// Entry point of the file, image and balance features: registers the extracted-content documents and
// returns what the chat view calls (see chatFilesBridge.ts); the file commands, which send through the
// chat, are registered once the chat exists (registerFileCommands), all but "Add File to Chat" as stand-ins
// until the first of them loads their code (fileCommands.ts).
import * as vscode from 'vscode';
import type { BalanceView } from '../../core/billing/balanceView';
import { NetworkError, type Usage } from '../../api/index';
import { DEFAULT_BALANCE_WARNING_THRESHOLD } from '../../core/billing/balanceView';
import { errorMessage } from '../../core/files/filesClient';
import { parsePriceTable, replyCost, type PriceTable } from '../../core/billing/replyCost';
import { attachSources, registerAddFileToChat } from './addFileToChatCommand';
import type { CommandArgumentTrust } from '../commandArguments';
import { registerCommandsOnFirstUse } from '../commandsOnFirstUse';
import type { ChatFilesNotices, ChatFilesTarget, FileFeatures } from './chatFilesBridge';
import { tellEvicted } from './evictionNotice';
import { FileServices, type FilesConnection } from './fileServices';
import { registerUploadContentProvider } from './uploadContentProvider';
import { uploadRecords } from './uploadRecords';
import { onDidChangeSettings, settingValue } from '../settings/settingsReader';

export interface FileFeatureDeps {
  /** The client in use and the base URL + key that identify its account; rejects when none is set up. */
  connection(): Promise<FilesConnection>;
  /** Fires when the key, base URL or emulator choice changes. */
  onDidChangeConnection: vscode.Event<unknown>;
  /** The chat's model now. */
  currentModel(): string;
  /** Where the balance is shown (the svc status-bar item). */
  balanceDisplay: { showBalance(view: BalanceView): void; balanceUnavailable(reason: string): void; serviceUnreachable(reason: string): void };
  notices: ChatFilesNotices;
  /** How far the file commands trust their arguments (commandArguments.ts). */
  commandArguments: CommandArgumentTrust;
}

/** The features and what their commands share; see registerFileCommands. */
export interface FileFeatureSet {
  features: FileFeatures;
  services: FileServices;
  deps: FileFeatureDeps;
}

function warningThreshold(): number {
  const value = settingValue('balanceWarningThreshold');
  return typeof value === 'number' && Number.isFinite(value) ? value : DEFAULT_BALANCE_WARNING_THRESHOLD;
}

function priceTable(): PriceTable {
  try {
    return parsePriceTable(settingValue('priceTable'));
  } catch (err) {
    void vscode.window.showErrorMessage(errorMessage(err));
    return {};
  }
}

export function registerFileFeatures(context: vscode.ExtensionContext, deps: FileFeatureDeps): FileFeatureSet {
  const services = new FileServices(uploadRecords(context.globalStorageUri.fsPath, context.globalState), deps.connection, warningThreshold);
  const statusBar = deps.balanceDisplay;
  const refreshBalance = () => {
    services
      .get()
      .then((s) => s.balance.refresh())
      .catch((err: unknown) => {
        statusBar.balanceUnavailable(errorMessage(err));
        if (err instanceof NetworkError) statusBar.serviceUnreachable(errorMessage(err));
      });
  };
  services.onDidCreate((s) => {
    s.balance.onDidChange((view) => statusBar.showBalance(view));
    s.attachments.onDidChange((chips) => deps.notices.showAttachments(chips));
    s.attachments.onNotice((notice) => tellEvicted(deps.notices, notice.evicted));
  });

  const attachDeps = { services, chat: deps.notices, currentModel: deps.currentModel, commandArguments: deps.commandArguments };
  context.subscriptions.push(
    registerUploadContentProvider(services),
    deps.onDidChangeConnection(refreshBalance),
    onDidChangeSettings((changed) => changed('balanceWarningThreshold') && refreshBalance()),
  );
  // The balance is first read when the connection is made (the view's first answer with a key, the first
  // request with the emulator), not here: with no key, reading it would start the local emulator while the
  // chat view opens.

  const features: FileFeatures = {
    attach: (files) => attachSources(attachDeps, files),
    removeAttachment: (chipId) => {
      void services.get().then((s) => s.attachments.remove(chipId));
    },
    // Attachments live with the services: none were made before the first connection, so there is nothing to connect for.
    attachments: async () => services.peek()?.attachments.chips() ?? [],
    attachedText: () => services.peek()?.attachments.readySystemMessages() ?? [],
    takeTurn: async (input) => (await services.get()).attachments.take(input),
    assertCanSend: async () => (await services.get()).balance.assertCanSend(),
    replyFinished: (usage: Usage, model: string) => {
      refreshBalance();
      return replyCost(usage, model, priceTable());
    },
  };
  return { features, services, deps };
}

/** The commands fileCommands.ts registers once the first of them runs (a unit test checks the list against them). */
export const FILE_COMMANDS = ['svc.explainFile', 'svc.explainSelection', 'svc.manageUploads', 'svc.showBalance'] as const;

/** The file commands ("Explain This File", "Add File to Chat", uploads, balance), which send through the chat. */
export function registerFileCommands(context: vscode.ExtensionContext, set: FileFeatureSet, chat: ChatFilesTarget): void {
  const { services, deps } = set;
  context.subscriptions.push(
    registerAddFileToChat({ services, chat, currentModel: deps.currentModel, commandArguments: deps.commandArguments }),
    registerCommandsOnFirstUse(FILE_COMMANDS, async () => {
      const { registerLoadedFileCommands } = await import('./fileCommands');
      return () => registerLoadedFileCommands(set, chat);
    }),
  );
}
