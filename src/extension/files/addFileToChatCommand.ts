// "svc: Add File to Chat": the current file, files picked from the workspace, or the explorer's
// selection, attached to the message being written. Each starts uploading at once and shows as a chip.
import * as vscode from 'vscode';
import { assertModelCanSee } from '../../core/files/visionSupport';
import { SEND_FILE } from '../../core/tools/givenPathGate';
import type { CommandArgumentTrust } from '../commandArguments';
import type { ChatFilesNotices } from './chatFilesBridge';
import { reportFileCommandError } from './fileCommandErrors';
import type { FileServices } from './fileServices';
import { readFileForUpload } from './workspaceFileReader';
import { pickWorkspaceFiles } from './workspaceFilePicker';

export interface AttachDeps {
  services: FileServices;
  chat: ChatFilesNotices;
  currentModel(): string;
  commandArguments: CommandArgumentTrust;
}

/** Attaches already-read files (drag and drop, paste, or a command) and reports what needs the user. */
export async function attachSources(deps: AttachDeps, files: readonly { name: string; data: Uint8Array; source?: string }[]): Promise<void> {
  const services = await deps.services.get();
  const added = files.map((f) => services.attachments.add({ source: f.source ?? `pasted:${f.name}`, name: f.name, data: f.data }));
  const settled = await Promise.all(added.map((a) => a.settled));
  if (settled.some((chip) => chip.kind === 'image' || chip.kind === 'video')) {
    try {
      assertModelCanSee(deps.currentModel());
    } catch (err) {
      void reportFileCommandError(err, deps.chat);
    }
  }
}

export function registerAddFileToChat(deps: AttachDeps): vscode.Disposable {
  return vscode.commands.registerCommand('svc.addFileToChat', async (uri?: vscode.Uri, uris?: vscode.Uri[]) => {
    try {
      const passed = uris && uris.length > 0 ? uris : uri instanceof vscode.Uri ? [uri] : undefined;
      const given = passed && (await deps.commandArguments.admitFiles(passed, vscode.l10n.t('Add File to Chat'), SEND_FILE));
      const chosen = given ?? (await pickWorkspaceFiles(vscode.l10n.t('svc: Add Files to Chat')));
      if (chosen.length === 0) return;
      await vscode.commands.executeCommand('svc.focusChat');
      const read = await Promise.allSettled(chosen.map(readFileForUpload));
      for (const r of read) if (r.status === 'rejected') void reportFileCommandError(r.reason, deps.chat);
      const files = read.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      if (files.length > 0) await attachSources(deps, files);
    } catch (err) {
      await reportFileCommandError(err, deps.chat);
    }
  });
}
