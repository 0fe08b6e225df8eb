// Writes the commit message for "svc: Write Commit Message" (commitMessageCommand.ts registers the commands
// and refuses in Restricted Mode): the message streams into the repository's commit input box while the
// view shows progress; stopping puts back what the box held. A file of its own (esbuild.mjs), loaded on the
// first write.
import * as vscode from 'vscode';
import type { SvcClient } from '../../api/index';
import type { RequestIdentity } from '../../core/requests/requestIdentity';
import { NothingToDescribeError, OnlySecretFilesError, writeCommitMessage } from '../../core/scm/commitMessageWriter';
import { SecretFileRules } from '../../core/tools/secretFiles';
import { readAgentSettings } from '../settings/settingsReader';
import { WorkspaceGit } from '../git/workspaceGit';
import { gitApi, GitExtensionUnavailableError, repositoryFor } from './gitExtensionApi';

export interface CommitMessageDeps {
  client: () => Promise<SvcClient>;
  /** The chat's model and settings, the safety identifier and the workspace's cache key. */
  identity: RequestIdentity;
  log: vscode.LogOutputChannel;
}

/** Set while a message is being written: the title shows the stop button instead of the write button. */
const WRITING_CONTEXT_KEY = 'svc.writingCommitMessage';

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

export class CommitMessageWriting {
  private readonly git = new WorkspaceGit({ untrustedFolders: workspaceFolderPaths });
  private running: AbortController | undefined;

  constructor(private readonly deps: CommitMessageDeps) {}

  /** Writes the message of the repository `argument` names (or the active file's); once at a time. */
  async write(argument?: unknown): Promise<void> {
    if (this.running) return;
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
    this.running = controller;
    await vscode.commands.executeCommand('setContext', WRITING_CONTEXT_KEY, true);
    try {
      const written = await vscode.window.withProgress({ location: vscode.ProgressLocation.SourceControl, title: vscode.l10n.t('Writing the commit message…') }, async () =>
        writeCommitMessage(
          {
            git: (args) => this.git.run(repository.rootUri.fsPath, args),
            client: this.deps.client,
            settings: this.deps.identity.settings(),
            cacheKey: await this.deps.identity.promptCacheKey(),
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
      this.deps.log.warn(`Commit message: ${error instanceof Error ? error.message : String(error)}`);
      void vscode.window.showErrorMessage(`svc: ${problemText(error)}`);
    } finally {
      this.running = undefined;
      await vscode.commands.executeCommand('setContext', WRITING_CONTEXT_KEY, false);
    }
  }

  stop(): void {
    this.running?.abort();
  }
}
