// The context a completion carries besides its own file: the start of the files it imports (resolved
// and read through the path gate, importedFiles.ts), the start of the other files open in editors (the
// tabs the user works with) and the document's last edits (its edit history), newest first. Files that
// look like secrets are never read for it. All of it changes only when the user switches files, changes
// the imports, saves a file or leaves a line, so the prompt's stable prefix stays the same while they
// type. Each change of a document is reported after it is recorded, for next-edit suggestions.
import * as vscode from 'vscode';
import type { RecentEdit, RelatedSnippet } from '../../core/completions/completionTypes';
import { EditHistory } from '../../core/completions/editHistory';
import { ImportedFiles } from '../../core/completions/importedFiles';
import { WorkspacePathPolicy } from '../../core/tools/pathPolicy';
import { SecretFileRules } from '../../core/tools/secretFiles';
import type { WorkspaceRoot } from '../../core/tools/workspaceFiles';
import { NodeWorkspaceFiles } from '../workspaceTools/nodeWorkspaceFiles';

const SNIPPET_LINES = 60;
const OTHER_FILES = 4;

function workspaceRoots(): WorkspaceRoot[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ name: f.name, path: f.uri.fsPath }));
}

export interface DocumentEdited {
  document: vscode.TextDocument;
  /** The line edit recorded from this change, when it was one (a change within one line). */
  edit: RecentEdit | undefined;
}

export class RelatedContext implements vscode.Disposable {
  readonly history = new EditHistory();
  private readonly edited = new vscode.EventEmitter<DocumentEdited>();
  /** After every change of a file's text, once the history has it. */
  readonly onDidEdit = this.edited.event;
  /** The text of the line the cursor entered, before any change of it: an edit's "before". */
  private entered: { uri: string; line: number; text: string } | undefined;
  private readonly imports: ImportedFiles;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly protectedFiles: () => readonly string[]) {
    const files = new NodeWorkspaceFiles(workspaceRoots, () => []);
    this.imports = new ImportedFiles({ files, policy: () => new WorkspacePathPolicy(files, new SecretFileRules(this.protectedFiles())) });
    const forget = () => this.imports.forget();
    this.subscriptions = [
      vscode.workspace.onDidSaveTextDocument(forget),
      vscode.workspace.onDidCreateFiles(forget),
      vscode.workspace.onDidDeleteFiles(forget),
      vscode.workspace.onDidRenameFiles(forget),
      vscode.workspace.onDidChangeWorkspaceFolders(forget),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.scheme !== 'file' || event.contentChanges.length === 0) return;
        this.edited.fire({ document: event.document, edit: this.record(event) });
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.history.forget(vscode.workspace.asRelativePath(document.uri, false))),
      this.edited,
      vscode.window.onDidChangeTextEditorSelection((event) => this.enter(event.textEditor.document, event.selections[0]?.active.line)),
    ];
  }

  /** The imported files first, then the other files open in editors; each file once. */
  async snippets(current: vscode.TextDocument): Promise<RelatedSnippet[]> {
    // asRelativePath's default names the folder only in a multi-root workspace, as the path gate reads paths.
    const imported = current.uri.scheme === 'file' ? await this.imports.snippets(vscode.workspace.asRelativePath(current.uri), current.languageId, current.getText()) : [];
    const rules = new SecretFileRules(this.protectedFiles());
    const seen = new Set<string>([current.uri.toString()]);
    const importedPaths = new Set(imported.map((snippet) => snippet.path));
    const snippets: RelatedSnippet[] = [...imported];
    let tabs = 0;
    for (const editor of vscode.window.visibleTextEditors) {
      const document = editor.document;
      if (seen.has(document.uri.toString()) || document.uri.scheme !== 'file' || tabs >= OTHER_FILES) continue;
      seen.add(document.uri.toString());
      const path = vscode.workspace.asRelativePath(document.uri, false);
      if (rules.match(path) || importedPaths.has(vscode.workspace.asRelativePath(document.uri))) continue;
      tabs += 1;
      const end = Math.min(document.lineCount, SNIPPET_LINES);
      snippets.push({ path, kind: 'open-tab', text: document.getText(new vscode.Range(0, 0, end, 0)) });
    }
    return snippets;
  }

  /** The recent edits of `current` other than on the cursor's line (0-based `line`), newest first. */
  recentEdits(current: vscode.TextDocument, line: number): RecentEdit[] {
    return this.history.recent(vscode.workspace.asRelativePath(current.uri, false), line + 1);
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

  private record(event: vscode.TextDocumentChangeEvent): RecentEdit | undefined {
    if (event.contentChanges.length !== 1) return undefined;
    const change = event.contentChanges[0]!;
    const line = change.range.start.line;
    const entered = this.entered;
    if (change.range.end.line !== line || change.text.includes('\n') || entered?.uri !== event.document.uri.toString() || entered.line !== line) return undefined;
    const path = vscode.workspace.asRelativePath(event.document.uri, false);
    if (new SecretFileRules(this.protectedFiles()).match(path)) return undefined;
    const edit: RecentEdit = { path, line: line + 1, before: entered.text, after: event.document.lineAt(line).text };
    this.history.record(edit);
    return edit;
  }
}
