// Read-only documents holding a proposed change's "before" and "after" text, so VS Code's own diff
// editor can show a change the agent has not applied yet.
import * as vscode from 'vscode';

export const PROPOSED_SCHEME = 'svc-proposed';

export class ProposedContentProvider implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private next = 0;

  /** A URI whose document shows `text`; the file name keeps the language mode right in the diff. */
  add(fileName: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: PROPOSED_SCHEME, path: `/${this.next++}/${fileName}` });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  remove(uri: vscode.Uri): void {
    this.texts.delete(uri.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}
