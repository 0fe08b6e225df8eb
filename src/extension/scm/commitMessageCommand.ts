// "svc: Write Commit Message", the button in the Source Control view's title for a git repository: the
// message streams into the repository's commit input box (through the built-in git extension's API)
// while the view shows progress; the stop button that replaces it cancels and puts back what the box
// held. It uses the chat's model and settings and the workspace's prompt cache key. The writing itself
// (commitMessageWriting.ts) loads on the first write.
import * as vscode from 'vscode';
import type { CommitMessageDeps, CommitMessageWriting } from './commitMessageWriting';

export function registerCommitMessage(deps: CommitMessageDeps): vscode.Disposable {
  let writing: Promise<CommitMessageWriting> | undefined;
  let loaded: CommitMessageWriting | undefined;
  const load = () =>
    (writing ??= import('./commitMessageWriting').then(
      ({ CommitMessageWriting }) => (loaded = new CommitMessageWriting(deps)),
      (error: unknown) => {
        writing = undefined;
        throw error;
      },
    ));

  const write = async (argument?: unknown): Promise<void> => {
    // git reads the repository's own config and the diff goes to the service: neither in Restricted Mode.
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(vscode.l10n.t('svc: writing a commit message runs git and sends the diff, which Restricted Mode does not allow. Trust the folder to use it.'));
      return;
    }
    await (await load()).write(argument);
  };

  return vscode.Disposable.from(
    vscode.commands.registerCommand('svc.writeCommitMessage', write),
    // Nothing is being written before the first write loaded the writer.
    vscode.commands.registerCommand('svc.stopCommitMessage', () => loaded?.stop()),
  );
}
