// The review of the agent's edits in the editor. Nothing is inserted into the file: the agent's lines
// are marked over the text as it is (green, with "−N" where lines were removed), the removed lines show
// in a hover, and CodeLens buttons keep or undo a hunk, the file or every file. Saving (auto-save
// included) changes nothing of the review, since the review never lives in the document.
import * as vscode from 'vscode';
import { AgentEditReview, type ReviewHunk } from '../../core/review/agentEditReview';

const FILE_CONTEXT = 'svc.agentReviewFile';
const ANY_CONTEXT = 'svc.agentReviewActive';

export class AgentReviewController implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** The hunks last placed in each reviewed file, for the buttons, the hover and the keys. */
  private readonly placed = new Map<string, ReviewHunk[]>();
  private readonly added = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly removed = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    borderStyle: 'solid',
    borderWidth: '2px 0 0 0',
    borderColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly subscriptions: vscode.Disposable[];
  private refreshing: Promise<void> = Promise.resolve();

  constructor(readonly review: AgentEditReview) {
    this.subscriptions = [
      this.changed,
      this.added,
      this.removed,
      review.onDidChange(() => this.refresh()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.refresh()),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (this.review.display(event.document.uri.fsPath) !== undefined) void this.refresh();
      }),
    ];
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  hunksOf(path: string): readonly ReviewHunk[] {
    return this.placed.get(path) ?? [];
  }

  /** Places every reviewed file's hunks again and repaints the editors showing them; resolves once done. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(() => this.place()).catch(() => undefined);
    return this.refreshing;
  }

  async keep(path: string, id: string): Promise<void> {
    this.review.keep(path, id);
    await this.refresh();
  }

  async undo(path: string, id: string): Promise<void> {
    await this.review.undo(path, id);
    await this.refresh();
  }

  async keepFile(path: string): Promise<void> {
    this.review.keepFile(path);
    await this.refresh();
  }

  async undoFile(path: string): Promise<void> {
    await this.review.undoFile(path);
    await this.refresh();
  }

  async keepAll(): Promise<void> {
    this.review.keepAll();
    await this.refresh();
  }

  async undoAll(): Promise<string[]> {
    const { refused } = await this.review.undoAll();
    await this.refresh();
    return refused;
  }

  /** Opens the next file to review after `after` (the first one without), at its first hunk. */
  async openNext(after?: string): Promise<boolean> {
    await this.refresh();
    const paths = this.review.paths();
    if (paths.length === 0) return false;
    const path = paths[(paths.indexOf(after ?? '') + 1) % paths.length]!;
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(path), { preview: false });
    await this.refresh();
    const first = this.hunksOf(path)[0];
    if (first) {
      const at = new vscode.Position(Math.min(first.line, editor.document.lineCount - 1), 0);
      editor.selection = new vscode.Selection(at, at);
      editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
    return true;
  }

  /** The hunk under the cursor of the active editor (the next one below it, else the last one above). */
  hunkAtCursor(): { path: string; hunk: ReviewHunk } | undefined {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return undefined;
    const path = editor.document.uri.fsPath;
    const hunks = this.hunksOf(path);
    const line = editor.selection.active.line;
    const hunk = hunks.find((h) => line < h.line + Math.max(1, h.added.length)) ?? hunks.at(-1);
    return hunk ? { path, hunk } : undefined;
  }

  private async place(): Promise<void> {
    this.placed.clear();
    for (const path of this.review.paths()) this.placed.set(path, await this.review.hunks(path));
    for (const editor of vscode.window.visibleTextEditors) {
      const hunks = this.hunksOf(editor.document.uri.fsPath);
      const last = editor.document.lineCount - 1;
      const line = (n: number) => editor.document.lineAt(Math.min(Math.max(0, n), last)).range;
      editor.setDecorations(
        this.added,
        hunks.flatMap((h) => h.added.map((_, i) => line(h.line + i))),
      );
      editor.setDecorations(
        this.removed,
        hunks
          .filter((h) => h.removed.length > 0)
          .map((h) => ({
            range: line(h.line),
            renderOptions: { after: { contentText: `  −${h.removed.length}`, color: new vscode.ThemeColor('editorOverviewRuler.deletedForeground') } },
          })),
      );
    }
    this.updateContext();
    this.changed.fire();
  }

  private updateContext(): void {
    const active = vscode.window.activeTextEditor?.document.uri.fsPath;
    void vscode.commands.executeCommand('setContext', FILE_CONTEXT, active !== undefined && this.hunksOf(active).length > 0);
    void vscode.commands.executeCommand('setContext', ANY_CONTEXT, this.review.paths().length > 0);
  }
}
