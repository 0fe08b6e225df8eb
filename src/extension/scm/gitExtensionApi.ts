// The part of the built-in git extension's API (`vscode.git`, API version 1) this extension uses, typed
// here rather than taken from VS Code's git.d.ts: the repositories VS Code shows in Source Control and
// the text of their commit message input box.
import * as vscode from 'vscode';

export interface GitInputBox {
  value: string;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly inputBox: GitInputBox;
}

export interface GitApi {
  readonly repositories: readonly GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
}

interface GitExtensionExports {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

export class GitExtensionUnavailableError extends Error {
  override readonly name = 'GitExtensionUnavailableError';
}

/** The git extension's API, activating the extension when needed. */
export async function gitApi(): Promise<GitApi> {
  const extension = vscode.extensions.getExtension<GitExtensionExports>('vscode.git');
  if (!extension) throw new GitExtensionUnavailableError(vscode.l10n.t('The built-in Git extension is not installed or is disabled.'));
  const exports = extension.isActive ? extension.exports : await extension.activate();
  if (!exports.enabled) throw new GitExtensionUnavailableError(vscode.l10n.t('Git is disabled in the settings (git.enabled).'));
  return exports.getAPI(1);
}

/**
 * The repository a Source Control title button was pressed for (VS Code passes its SourceControl, whose
 * rootUri is the repository's), else the one of the active editor's file, else the only one open.
 */
export function repositoryFor(api: GitApi, argument: unknown): GitRepository | undefined {
  const rootUri = (argument as { rootUri?: unknown } | undefined)?.rootUri;
  if (rootUri instanceof vscode.Uri) {
    const repository = api.getRepository(rootUri);
    if (repository) return repository;
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  const ofActive = active ? api.getRepository(active) : null;
  if (ofActive) return ofActive;
  return api.repositories.length === 1 ? api.repositories[0] : undefined;
}
