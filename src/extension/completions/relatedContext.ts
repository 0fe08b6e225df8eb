// The context a completion carries besides its own file: the start of the other files open in editors
// (the tabs the user works with) and the last edits made elsewhere than the cursor's line, newest first.
// Files that look like secrets are never read for it. Both change only when the user switches files or
// leaves a line, so the prompt's stable prefix stays the same while they type.
import * as vscode from 'vscode';
import type { RecentEdit, RelatedSnippet } from '../../core/completions/completionTypes';
import { SecretFileRules } from '../../core/tools/secretFiles';

const SNIPPET_LINES = 60;
const KEPT_EDITS = 8;
const OTHER_FILES = 4;

export class RelatedContext implements vscode.Disposable {
  private edits: RecentEdit[] = [];
  /** The text of the line the cursor entered, before any change of it: an edit's "before". */
  private entered: { uri: string; line: number; text: string } | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly protectedFiles: () => readonly string[]) {
    this.subscriptions = [
      vscode.workspace.onDidChangeTextDocument((event) => this.record(event)),
      vscode.window.onDidChangeTextEditorSelection((event) => this.enter(event.textEditor.document, event.selections[0]?.active.line)),
    ];
  }

  snippets(current: vscode.TextDocument): RelatedSnippet[] {
    const rules = new SecretFileRules(this.protectedFiles());
    const seen = new Set<string>([current.uri.toString()]);
    const snippets: RelatedSnippet[] = [];
    for (const editor of vscode.window.visibleTextEditors) {
      const document = editor.document;
      if (seen.has(document.uri.toString()) || document.uri.scheme !== 'file' || snippets.length >= OTHER_FILES) continue;
      seen.add(document.uri.toString());
      const path = vscode.workspace.asRelativePath(document.uri, false);
      if (rules.match(path)) continue;
      const end = Math.min(document.lineCount, SNIPPET_LINES);
      snippets.push({ path, kind: 'open-tab', text: document.getText(new vscode.Range(0, 0, end, 0)) });
    }
    return snippets;
  }

  /** The recent edits other than on the cursor's line of `current`, newest first. */
  recentEdits(current: vscode.TextDocument, line: number): RecentEdit[] {
    const path = vscode.workspace.asRelativePath(current.uri, false);
    return this.edits.filter((edit) => edit.before !== edit.after && !(edit.path === path && edit.line === line + 1));
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private enter(document: vscode.TextDocument, line: number | undefined): void {
    if (line === undefined || line >= document.lineCount) return;
    const uri = document.uri.toString();
    if (this.entered?.uri === uri && this.entered.line === line) return;
    this.entered = { uri, line, text: document.lineAt(line).text };
  }

  private record(event: vscode.TextDocumentChangeEvent): void {
    if (event.document.uri.scheme !== 'file' || event.contentChanges.length !== 1) return;
    const change = event.contentChanges[0]!;
    const line = change.range.start.line;
    const entered = this.entered;
    if (change.range.end.line !== line || change.text.includes('\n') || entered?.uri !== event.document.uri.toString() || entered.line !== line) return;
    const path = vscode.workspace.asRelativePath(event.document.uri, false);
    if (new SecretFileRules(this.protectedFiles()).match(path)) return;
    const edit: RecentEdit = { path, line: line + 1, before: entered.text, after: event.document.lineAt(line).text };
    this.edits = [edit, ...this.edits.filter((e) => !(e.path === path && e.line === edit.line))].slice(0, KEPT_EDITS);
  }
}
