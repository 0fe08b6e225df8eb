// "svc: Explain This File" and "svc: Explain Selection": the file goes up with purpose file-extract and
// its extracted content becomes a system message; a selection goes inline with its file and lines.
import * as vscode from 'vscode';
import { explainFileText, explainSelectionText, type PreparedAttachment } from '../../core/files/contextBuilder';
import { SEND_FILE } from '../../core/tools/givenPathGate';
import type { CommandArgumentTrust } from '../commandArguments';
import type { ChatFilesNotices, ChatFilesTarget } from './chatFilesBridge';
import { tellEvicted } from './evictionNotice';
import { reportFileCommandError } from './fileCommandErrors';
import type { AccountServices, FileServices } from './fileServices';
import { readFileForUpload } from './workspaceFileReader';
import { pickWorkspaceFiles } from './workspaceFilePicker';

export interface ExplainDeps {
  services: FileServices;
  chat: ChatFilesTarget;
  currentModel(): string;
  commandArguments: CommandArgumentTrust;
}

export function tellFailed(chat: ChatFilesNotices, failed: readonly PreparedAttachment[]): void {
  for (const a of failed) chat.showNotice({ severity: 'error', text: vscode.l10n.t('{0} could not be read by the service: {1}', a.name, a.error ?? vscode.l10n.t('extraction failed')) });
}

/** Reads, checks, uploads and extracts one file; a refused file is reported and left out, the others go on. */
async function prepareOne(services: AccountServices, chat: ChatFilesTarget, uri: vscode.Uri): Promise<PreparedAttachment | undefined> {
  try {
    return await services.builder.prepare(await readFileForUpload(uri), 'file-extract');
  } catch (err) {
    void reportFileCommandError(err, chat);
    return undefined;
  }
}

async function explainFiles(deps: ExplainDeps, uris: readonly vscode.Uri[]): Promise<void> {
  const services = await deps.services.get();
  await services.balance.assertCanSend();
  const names = uris.map((u) => vscode.workspace.asRelativePath(u, false));
  const prepared = (
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('svc: reading {0}', names.join(', ')) }, () =>
      Promise.all(uris.map((uri) => prepareOne(services, deps.chat, uri))),
    )
  ).filter((p): p is PreparedAttachment => p !== undefined);
  if (prepared.length === 0) return;
  tellEvicted(deps.chat, prepared.flatMap((p) => p.evicted));
  const model = deps.currentModel();
  const explained = prepared.map((p) => p.name);
  const composed = services.builder.compose({ model, text: explainFileText(explained), attachments: prepared });
  tellFailed(deps.chat, composed.omitted);
  if (composed.systemMessages.length === 0) {
    const reasons = composed.omitted.map((a) => `${a.name}: ${a.error ?? vscode.l10n.t('extraction failed')}`).join('; ');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('svc: the service could not extract {0} ({1}).', explained.join(', '), reasons), vscode.l10n.t('Send Without the File'));
    if (!choice) return;
  }
  await deps.chat.sendTurn({
    model,
    display: vscode.l10n.t('Explain {0}', explained.join(', ')),
    systemMessages: composed.systemMessages,
    userMessage: composed.userMessage,
  });
}

async function explainSelection(deps: ExplainDeps): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) throw new Error(vscode.l10n.t('Explain Selection needs an editor with a selection.'));
  const { document, selection } = editor;
  if (selection.isEmpty) return explainFiles(deps, [document.uri]);
  const services = await deps.services.get();
  await services.balance.assertCanSend();
  // A selection ending at column 0 of a line does not include that line.
  const endLine = selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line : selection.end.line + 1;
  const fileName = vscode.workspace.asRelativePath(document.uri, false);
  const model = deps.currentModel();
  const composed = services.builder.compose({
    model,
    text: explainSelectionText(),
    attachments: [],
    selection: { fileName, startLine: selection.start.line + 1, endLine, text: document.getText(selection), language: document.languageId },
  });
  await deps.chat.sendTurn({
    model,
    display: vscode.l10n.t('Explain {0}', `${fileName}:${selection.start.line + 1}-${endLine}`),
    systemMessages: composed.systemMessages,
    userMessage: composed.userMessage,
  });
}

export function registerExplainCommands(deps: ExplainDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('svc.explainFile', async (uri?: vscode.Uri, uris?: vscode.Uri[]) => {
      try {
        const passed = uris && uris.length > 0 ? uris : uri instanceof vscode.Uri ? [uri] : undefined;
        const targets = passed && (await deps.commandArguments.admitFiles(passed, vscode.l10n.t('Explain This File'), SEND_FILE));
        if (targets?.length === 0) return;
        const editorUri = vscode.window.activeTextEditor?.document.uri;
        const chosen = targets ?? (editorUri ? [editorUri] : await pickWorkspaceFiles(vscode.l10n.t('svc: Explain This File')));
        if (chosen.length > 0) await explainFiles(deps, chosen);
      } catch (err) {
        await reportFileCommandError(err, deps.chat);
      }
    }),
    vscode.commands.registerCommand('svc.explainSelection', async () => {
      try {
        await explainSelection(deps);
      } catch (err) {
        await reportFileCommandError(err, deps.chat);
      }
    }),
  ];
}
