// Other windows share the conversation folder when they share the storage folder (windows with no
// folder open all use the global one). Their creations, renames and deletions reach this window's
// list when the index changes on disk, and again whenever this window gets the focus.
import * as vscode from 'vscode';
import type { ConversationStore } from '../core/conversations/conversationStore';
import { INDEX_FILE } from '../core/conversations/conversationIndex';

export function watchOtherWindows(store: ConversationStore, folder: string): vscode.Disposable[] {
  const refresh = () => void store.refresh().catch(() => undefined);
  const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(folder), INDEX_FILE));
  return [
    watcher,
    watcher.onDidChange(refresh),
    watcher.onDidCreate(refresh),
    vscode.window.onDidChangeWindowState((state) => {
      if (state.focused) refresh();
    }),
  ];
}
