// Read-only documents holding proposed text (a code block to apply, an agent's edit not applied yet),
// so VS Code's own diff editor can show it against the file before anything is written.
import * as vscode from 'vscode';

export class ProposedContentProvider implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private next = 0;

  constructor(readonly scheme: string) {}

  /** A URI whose document shows `text`; the file name keeps the language mode right in the diff. */
  add(fileName: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${this.next++}/${fileName}` });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  /**
   * A URI whose document shows `text`, on the same path as `file`: the changes editor marks an entry
   * whose two sides have different paths as renamed, so an older version of a file keeps its path.
   */
  addVersionOf(file: vscode.Uri, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: file.path, query: `version=${this.next++}` });
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
