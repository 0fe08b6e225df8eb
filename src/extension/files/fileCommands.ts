// The file commands that send through the chat or show the account: "Explain This File", "Explain Selection",
// "Manage Uploaded Files" and "Show Balance". A file of its own (esbuild.mjs), loaded by the first of them
// (registerFileCommands in registerFileFeatures.ts).
import type * as vscode from 'vscode';
import { registerShowBalance } from '../billing/showBalanceCommand';
import type { ChatFilesTarget } from './chatFilesBridge';
import { registerExplainCommands } from './explainCommands';
import { registerManageUploads } from './manageUploadsCommand';
import type { FileFeatureSet } from './registerFileFeatures';

/** Registers FILE_COMMANDS (registerFileFeatures.ts). */
export function registerLoadedFileCommands(set: FileFeatureSet, chat: ChatFilesTarget): vscode.Disposable[] {
  const { services, deps } = set;
  return [
    ...registerExplainCommands({ services, chat, currentModel: deps.currentModel, commandArguments: deps.commandArguments }),
    registerManageUploads(services, chat, deps.commandArguments),
    registerShowBalance(services, chat),
  ];
}
