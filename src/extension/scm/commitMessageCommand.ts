// "svc: Write Commit Message", the button in the Source Control view's title for a git repository: the
// message streams into the repository's commit input box (through the built-in git extension's API)
// while the view shows progress; the stop button that replaces it cancels and puts back what the box
// held. It uses the chat's model and settings and the workspace's prompt cache key.
import * as vscode from 'vscode';
import type { SvcClient } from '../../api/index';
import { NothingToDescribeError, OnlySecretFilesError, writeCommitMessage } from '../../core/scm/commitMessageWriter';
import { SecretFileRules } from '../../core/tools/secretFiles';
import type { RequestIdentity } from '../../core/requests/requestIdentity';
import { readAgentSettings } from '../settings/settingsReader';
import { WorkspaceGit } from '../git/workspaceGit';
import { gitApi, GitExtensionUnavailableError, repositoryFor } from './gitExtensionApi';

/** Set while a message is being written: the title shows the stop button instead of the write button. */
const WRITING_CONTEXT_KEY = 'svc.writingCommitMessage';

export interface CommitMessageDeps {
  client: () => Promise<SvcClient>;
  /** The chat's model and settings, the safety identifier and the workspace's cache key. */
  identity: RequestIdentity;
  log: vscode.LogOutputChannel;
}

function workspaceFolderPaths(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').map((folder) => folder.uri.fsPath);
}

function problemText(error: unknown): string {
  if (error instanceof NothingToDescribeError) return vscode.l10n.t('There are no changes to describe: nothing is staged and no tracked file is changed.');
  if (error instanceof OnlySecretFilesError) {
    return vscode.l10n.t('Every changed file looks like it holds secrets ({0}), so nothing was sent to write a message from.', error.files.join(', '));
  }
  if (error instanceof GitExtensionUnavailableError) return error.message;
  return vscode.l10n.t('The commit message could not be written: {0}', error instanceof Error ? error.message : String(error));
}

export function registerCommitMessage(deps: CommitMessageDeps): vscode.Disposable {
  const git = new WorkspaceGit({ untrustedFolders: workspaceFolderPaths });
  let running: AbortController | undefined;

  const write = async (argument?: unknown): Promise<void> => {
    if (running) return;
    // git reads the repository's own config and the diff goes to the service: neither in Restricted Mode.
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(vscode.l10n.t('svc: writing a commit message runs git and sends the diff, which Restricted Mode does not allow. Trust the folder to use it.'));
      return;
    }
    let repository;
    try {
      repository = repositoryFor(await gitApi(), argument);
    } catch (error) {
      void vscode.window.showWarningMessage(`svc: ${problemText(error)}`);
      return;
    }
    if (!repository) {
      void vscode.window.showWarningMessage(vscode.l10n.t('svc: open a file of the git repository to write a commit message for, or press the button in its Source Control title.'));
      return;
    }
    const box = repository.inputBox;
    const before = box.value;
    const controller = new AbortController();
    running = controller;
    await vscode.commands.executeCommand('setContext', WRITING_CONTEXT_KEY, true);
    try {
      const written = await vscode.window.withProgress({ location: vscode.ProgressLocation.SourceControl, title: vscode.l10n.t('Writing the commit message…') }, async () =>
        writeCommitMessage(
          {
            git: (args) => git.run(repository.rootUri.fsPath, args),
            client: deps.client,
            settings: deps.identity.settings(),
            cacheKey: await deps.identity.promptCacheKey(),
            secrets: SecretFileRules.forRepository(readAgentSettings().protectedFiles, repository.rootUri.fsPath, workspaceFolderPaths()),
          },
          (text) => {
            if (!controller.signal.aborted) box.value = text;
          },
          controller.signal,
        ),
      );
      box.value = controller.signal.aborted ? before : written.message;
      if (written.secretFilesLeftOut.length > 0) {
        void vscode.window.showInformationMessage(vscode.l10n.t('svc: left out of what was sent, as they may hold secrets: {0}.', written.secretFilesLeftOut.join(', ')));
      }
    } catch (error) {
      box.value = before;
      if (controller.signal.aborted) return;
      deps.log.warn(`Commit message: ${error instanceof Error ? error.message : String(error)}`);
      void vscode.window.showErrorMessage(`svc: ${problemText(error)}`);
    } finally {
      running = undefined;
      await vscode.commands.executeCommand('setContext', WRITING_CONTEXT_KEY, false);
    }
  };

  return vscode.Disposable.from(
    vscode.commands.registerCommand('svc.writeCommitMessage', write),
    vscode.commands.registerCommand('svc.stopCommitMessage', () => running?.abort()),
  );
}
