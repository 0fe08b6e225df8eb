// The inline edit's review document (core's ReviewDocument) over a VS Code document. A write goes
// through the editor showing the document (so its undo stops apply), else as a workspace edit; both
// carry the document's version, and VS Code refuses them when the document changed since, so a write
// lands only on the text it was computed from. Only the lines that differ are replaced, so the cursor
// and folds elsewhere stay.
import * as vscode from 'vscode';
import { changedLines } from '../../core/edits/changedLines';
import type { DocumentChange, ReplaceRequest, ReplaceResult, ReviewDocument, UndoStops } from '../../core/edits/reviewDocument';

export class EditorReviewDocument implements ReviewDocument {
  constructor(readonly document: vscode.TextDocument) {}

  get eol(): '\n' | '\r\n' {
    return this.document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  }

  getText(): string {
    return this.document.getText();
  }

  async replace(request: ReplaceRequest, undo: UndoStops): Promise<ReplaceResult> {
    const version = this.document.version;
    if (this.document.getText().slice(request.start, request.end) !== request.expected) return 'stale';
    const span = changedLines(request.expected, request.text);
    const range = new vscode.Range(this.document.positionAt(request.start + span.start), this.document.positionAt(request.start + span.end));
    const editor = vscode.window.visibleTextEditors.find((e) => e.document === this.document);
    let applied = false;
    try {
      applied = editor ? await editor.edit((builder) => builder.replace(range, span.insert), undo) : await this.applyAsWorkspaceEdit(range, span.insert);
    } catch {
      // The editor closed meanwhile: the document still takes a workspace edit, version-checked the same way.
      if (this.document.version === version) applied = await this.applyAsWorkspaceEdit(range, span.insert);
    }
    if (applied) return 'applied';
    return this.document.version === version ? 'refused' : 'stale';
  }

  onDidChange(listener: (changes: readonly DocumentChange[]) => void): vscode.Disposable {
    return vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document !== this.document || event.contentChanges.length === 0) return;
      listener(event.contentChanges.map((change) => ({ start: change.rangeOffset, end: change.rangeOffset + change.rangeLength, text: change.text })));
    });
  }

  private async applyAsWorkspaceEdit(range: vscode.Range, text: string): Promise<boolean> {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(this.document.uri, range, text);
    return vscode.workspace.applyEdit(edit);
  }
}
