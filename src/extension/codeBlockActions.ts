// What the chat's message and code-block buttons do in the editor: copy, insert at the cursor, and
// apply a code block to a file. Applying always shows VS Code's diff of the file against the
// proposed text first (a read-only virtual document) and writes only when the user accepts.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ProposedContentProvider } from './proposedContent';

export const CODE_BLOCK_SCHEME = 'svc-codeblock';

export async function copyText(text: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  void vscode.window.setStatusBarMessage(`$(check) ${vscode.l10n.t('Copied')}`, 2000);
}

export async function insertAtCursor(text: string): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Open a file and place the cursor where the text should go, then try again.'));
    return;
  }
  await editor.edit((edit) => {
    for (const selection of editor.selections) edit.replace(selection, text);
  });
  await vscode.window.showTextDocument(editor.document, editor.viewColumn);
}

interface Target {
  document: vscode.TextDocument;
  range: vscode.Range;
  what: string;
}

async function pickTarget(): Promise<Target | undefined> {
  const editor = vscode.window.activeTextEditor;
  type Item = vscode.QuickPickItem & { pick: () => Promise<Target | undefined> };
  const whole = (document: vscode.TextDocument): Target => ({
    document,
    range: new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)),
    what: vscode.l10n.t('the whole file'),
  });
  const items: Item[] = [];
  if (editor && !editor.selection.isEmpty) {
    items.push({
      label: `$(selection) ${vscode.l10n.t('Replace the selection in {0}', path.basename(editor.document.fileName))}`,
      pick: async () => ({ document: editor.document, range: editor.selection, what: vscode.l10n.t('the selection') }),
    });
  }
  if (editor) {
    items.push({ label: `$(file) ${vscode.l10n.t('Replace all of {0}', path.basename(editor.document.fileName))}`, pick: async () => whole(editor.document) });
  }
  items.push({
    label: `$(folder-opened) ${vscode.l10n.t('Choose a file…')}`,
    pick: async () => {
      const [uri] = (await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: vscode.l10n.t('Apply to this file') })) ?? [];
      return uri ? whole(await vscode.workspace.openTextDocument(uri)) : undefined;
    },
  });
  const chosen = items.length === 1 ? items[0] : await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Apply the code block to…') });
  return chosen?.pick();
}

export async function applyCodeBlock(code: string, proposals: ProposedContentProvider): Promise<void> {
  const target = await pickTarget();
  if (!target) return;
  const { document, range } = target;
  const version = document.version;
  const text = document.getText();
  const proposed = text.slice(0, document.offsetAt(range.start)) + code + text.slice(document.offsetAt(range.end));
  const name = path.basename(document.fileName);
  const proposedUri = proposals.add(name, proposed);
  try {
    await vscode.commands.executeCommand('vscode.diff', document.uri, proposedUri, vscode.l10n.t('{0}: current ↔ proposed (svc)', name), { preview: true });
    const apply = vscode.l10n.t('Apply');
    const answer = await vscode.window.showInformationMessage(vscode.l10n.t('Apply the code block to {0} of {1}?', target.what, name), apply, vscode.l10n.t('Discard'));
    if (answer !== apply) return;
    if (document.version !== version) {
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} changed after the diff was shown; nothing was applied. Apply the block again to see a fresh diff.', name));
      return;
    }
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(text.length)), proposed);
    if (!(await vscode.workspace.applyEdit(edit))) {
      void vscode.window.showErrorMessage(vscode.l10n.t('The change could not be applied to {0}.', name));
      return;
    }
    await vscode.window.showTextDocument(document);
  } finally {
    proposals.remove(proposedUri);
  }
}

/** Only web and mail links leave the editor; anything else (javascript:, file:, command:) is refused. */
export async function openLink(href: string): Promise<void> {
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(href, true);
  } catch {
    void vscode.window.showWarningMessage(vscode.l10n.t('Not a valid link: {0}', href));
    return;
  }
  if (!['http', 'https', 'mailto'].includes(uri.scheme)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Links of the form {0}: are not opened from the chat.', uri.scheme));
    return;
  }
  await vscode.env.openExternal(uri);
}
