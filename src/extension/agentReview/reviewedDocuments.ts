// The review's view of the files in VS Code. A file open with unsaved typing is read from its document
// (the typing counts); otherwise from disk, which is what the agent wrote even before the editor has
// reloaded it. An undone hunk goes into an open document as one edit (one undo step, Ctrl+Z brings it
// back) and is saved only when the document had nothing unsaved; a file that is not open is written
// through the same checked write the agent's edits use, in the file's own encoding and line endings.
import * as vscode from 'vscode';
import type { ReviewedFiles } from '../../core/review/agentEditReview';
import { assertEncodable, decodeTextFile, encodeTextFile } from '../../core/tools/textFileCodec';
import type { WorkspaceHost } from '../../core/tools/workspaceHost';

export class ReviewedFileChangedError extends Error {
  constructor(display: string) {
    super(vscode.l10n.t('{0} changed while the change was being undone; nothing was written. Try again.', display));
    this.name = 'ReviewedFileChangedError';
  }
}

function openDocument(path: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === path);
}

export class ReviewedDocuments implements ReviewedFiles {
  constructor(private readonly workspace: Pick<WorkspaceHost, 'files' | 'encodingDetector'>) {}

  async read(path: string): Promise<string | undefined> {
    const document = openDocument(path);
    if (document?.isDirty) return document.getText();
    return (await this.disk(path))?.decoded.text;
  }

  async replace(path: string, expected: string, text: string): Promise<Uint8Array> {
    const display = vscode.workspace.asRelativePath(path, false);
    const document = openDocument(path);
    if (document && document.getText() === expected) {
      const wasDirty = document.isDirty;
      const edit = new vscode.WorkspaceEdit();
      const { start, end, insert } = changedRange(expected, text);
      edit.replace(document.uri, new vscode.Range(document.positionAt(start), document.positionAt(end)), insert);
      if (!(await vscode.workspace.applyEdit(edit)) || document.getText() !== text) throw new ReviewedFileChangedError(display);
      if (!wasDirty) await document.save();
      return (await this.workspace.files.readFile(path)) ?? new Uint8Array();
    }
    if (document?.isDirty) throw new ReviewedFileChangedError(display);
    const disk = await this.disk(path);
    if (!disk || disk.decoded.text !== expected) throw new ReviewedFileChangedError(display);
    assertEncodable(text, disk.decoded.format, display);
    const bytes = encodeTextFile(text, disk.decoded.format);
    await this.workspace.files.writeFile(path, bytes, disk.bytes);
    return bytes;
  }

  async remove(path: string, expected: string): Promise<void> {
    const display = vscode.workspace.asRelativePath(path, false);
    const document = openDocument(path);
    if ((await this.read(path)) !== expected) throw new ReviewedFileChangedError(display);
    if (document) {
      // Through the editor, so the deletion is one undo step there too.
      const edit = new vscode.WorkspaceEdit();
      edit.deleteFile(document.uri, { ignoreIfNotExists: false });
      if (!(await vscode.workspace.applyEdit(edit))) throw new ReviewedFileChangedError(display);
      return;
    }
    await this.workspace.files.deleteFile(path);
  }

  private async disk(path: string) {
    const bytes = await this.workspace.files.readFile(path).catch(() => undefined);
    if (!bytes) return undefined;
    return { bytes, decoded: await decodeTextFile(bytes, vscode.workspace.asRelativePath(path, false), this.workspace.encodingDetector) };
  }
}

/** The smallest span of `before` to replace to get `after`, so the editor keeps the cursor and folds elsewhere. */
function changedRange(before: string, after: string): { start: number; end: number; insert: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let tail = 0;
  while (tail < before.length - start && tail < after.length - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { start, end: before.length - tail, insert: after.slice(start, after.length - tail) };
}
