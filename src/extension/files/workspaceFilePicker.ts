// Choosing workspace files when a command was not given any: the current editor's file first, then
// every file of the workspace (respecting files.exclude and search.exclude), several at once.
import * as vscode from 'vscode';

const MAX_LISTED = 5000;

interface FileItem extends vscode.QuickPickItem {
  uri: vscode.Uri;
}

export async function pickWorkspaceFiles(title: string): Promise<vscode.Uri[]> {
  const current = vscode.window.activeTextEditor?.document.uri;
  const found = await vscode.workspace.findFiles('**/*', '**/{node_modules,.git}/**', MAX_LISTED);
  const items: FileItem[] = found
    .filter((uri) => uri.toString() !== current?.toString())
    .map((uri) => ({ label: vscode.workspace.asRelativePath(uri, false), uri }))
    .sort((a, b) => a.label.localeCompare(b.label));
  if (current && current.scheme === 'file') {
    items.unshift({ label: vscode.workspace.asRelativePath(current, false), description: vscode.l10n.t('current file'), picked: true, uri: current });
  }
  const picked = await vscode.window.showQuickPick(items, { title, canPickMany: true, matchOnDescription: true, placeHolder: vscode.l10n.t('Files to attach (type to filter)') });
  return (picked ?? []).map((item) => item.uri);
}
