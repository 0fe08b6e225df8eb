// One inline edit in an editor: the lines being rewritten are a region of the document that shows the
// proposal as a review (current lines marked removed, proposed lines marked added) while the reply
// streams and until every hunk is accepted or rejected. All its writes are one undo step; cancelling puts
// the region's original text back. The user may keep typing elsewhere in the file: the region moves with
// their edits; an edit inside the region stops the session and leaves their text as they wrote it.
import * as vscode from 'vscode';
import type { HunkDecision } from '../../core/edits/hunks';
import { InlineEditStream } from '../../core/edits/inlineEditStream';
import { renderReview, type ReviewView, type ShownHunk } from '../../core/edits/reviewRender';
import { splitLines } from '../../core/edits/textLines';

export type SessionPhase = 'streaming' | 'review' | 'ended';

export interface SessionDecorations {
  added: vscode.TextEditorDecorationType;
  removed: vscode.TextEditorDecorationType;
}

export interface SessionEvents {
  changed(session: InlineEditSession): void;
  ended(session: InlineEditSession, outcome: { message?: string }): void;
}

export class InlineEditSession implements vscode.Disposable {
  phase: SessionPhase = 'streaming';
  private start: number;
  private shownLines: number;
  private stream: InlineEditStream;
  private decisions = new Map<string, HunkDecision>();
  private view: ReviewView | undefined;
  private writes: Promise<void> = Promise.resolve();
  private writing = 0;
  private firstWrite = true;
  private pendingRender = false;
  private ending = false;
  private readonly listener: vscode.Disposable;

  constructor(
    readonly document: vscode.TextDocument,
    startLine: number,
    readonly original: string,
    private readonly decorations: SessionDecorations,
    private readonly events: SessionEvents,
    private readonly onPainted: () => void = () => undefined,
  ) {
    this.start = startLine;
    this.shownLines = splitLines(original).lines.length;
    this.stream = new InlineEditStream(original);
    this.listener = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document === this.document && this.writing === 0) this.userEdited(event.contentChanges);
    });
  }

  get startLine(): number {
    return this.start;
  }

  openHunks(): readonly ShownHunk[] {
    return this.phase === 'review' ? (this.view?.open ?? []) : [];
  }

  /** Streamed text of the reply; the file shows the proposal as complete lines arrive. */
  push(delta: string): void {
    if (this.phase !== 'streaming' || !this.stream.push(delta)) return;
    this.scheduleRender();
  }

  /** The reply ended: the whole proposal is shown for review (or, with nothing to change, the session ends). */
  async finishStreaming(): Promise<void> {
    if (this.phase !== 'streaming') return;
    this.phase = 'review';
    const proposal = this.stream.final();
    if (proposal.hunks.length === 0) {
      await this.end({ text: this.original, message: vscode.l10n.t('svc proposed no change to these lines.') });
      return;
    }
    await this.show(renderReview(proposal, this.decisions));
  }

  /** A follow-up: the region goes back to its original text and a new reply streams into it. */
  async restart(): Promise<void> {
    this.stream = new InlineEditStream(this.original);
    this.decisions = new Map();
    this.phase = 'streaming';
    await this.show({ text: this.original, marks: new Map(), open: [] });
  }

  proposedCode(): string {
    return this.stream.proposedCode();
  }

  async decide(hunkId: string, decision: HunkDecision): Promise<void> {
    // A button drawn before the last change may name a hunk already decided: the first decision stands.
    if (this.phase !== 'review' || this.ending || !this.openHunks().some((shown) => shown.hunk.id === hunkId)) return;
    this.decisions.set(hunkId, decision);
    const view = renderReview(this.stream.final(), this.decisions);
    if (view.open.length === 0) await this.end({ text: view.text });
    else await this.show(view);
  }

  async decideAll(decision: HunkDecision): Promise<void> {
    if (this.phase !== 'review' || this.ending) return;
    for (const hunk of this.stream.final().hunks) if (!this.decisions.has(hunk.id)) this.decisions.set(hunk.id, decision);
    await this.end({ text: renderReview(this.stream.final(), this.decisions).text });
  }

  /** Escape: the region gets its original text back, whatever was streamed or decided. */
  async cancel(): Promise<void> {
    await this.end({ text: this.original });
  }

  /**
   * The file is being saved (by the user or auto-save) while the review is open: the review's lines must
   * not reach the disk, so the region becomes what was accepted so far (open hunks rejected, a reply still
   * streaming dropped) in the save's own edit, and the session ends.
   */
  endForSave(): vscode.TextEdit {
    const proposal = this.phase === 'review' ? this.stream.final() : undefined;
    const decided = new Map(proposal?.hunks.map((hunk): [string, HunkDecision] => [hunk.id, this.decisions.get(hunk.id) ?? 'rejected']));
    const edit = vscode.TextEdit.replace(this.regionRange(), proposal ? renderReview(proposal, decided).text : this.original);
    this.stop(vscode.l10n.t('The file was saved (or auto-saved) during the inline edit: it holds only the changes you accepted, and the review ended.'));
    return edit;
  }

  /** Ends without touching the text (the user edited the region, or the request failed before any line). */
  stop(message: string): void {
    if (this.phase === 'ended') return;
    this.phase = 'ended';
    this.clearDecorations();
    this.listener.dispose();
    this.events.ended(this, { message });
  }

  dispose(): void {
    this.stop('');
  }

  private scheduleRender(): void {
    if (this.pendingRender) return;
    this.pendingRender = true;
    this.writes = this.writes.then(async () => {
      this.pendingRender = false;
      if (this.phase === 'streaming') await this.write(renderReview(this.stream.partial(), this.decisions), { lastStep: false });
    });
  }

  private async show(view: ReviewView): Promise<void> {
    const done = this.writes.then(() => this.write(view, { lastStep: false }));
    this.writes = done;
    await done;
  }

  /** Writes the final text, then ends: the review's buttons stay until the file holds the result. */
  private async end(result: { text: string; message?: string }): Promise<void> {
    if (this.phase === 'ended' || this.ending) return;
    this.ending = true;
    const done = this.writes.then(() => this.write({ text: result.text, marks: new Map(), open: [] }, { lastStep: true }));
    this.writes = done;
    await done;
    // stop() may have ended the session while the text was written (the user edited the region).
    if ((this.phase as SessionPhase) === 'ended') return;
    this.phase = 'ended';
    this.clearDecorations();
    this.listener.dispose();
    this.events.ended(this, { message: result.message });
  }

  private regionRange(): vscode.Range {
    const end = this.start + this.shownLines;
    if (end < this.document.lineCount) return new vscode.Range(this.start, 0, end, 0);
    const last = this.document.lineAt(this.document.lineCount - 1);
    return new vscode.Range(this.start, 0, last.lineNumber, last.text.length);
  }

  private async write(view: ReviewView, options: { lastStep: boolean }): Promise<void> {
    if (this.phase === 'ended' || (this.ending && !options.lastStep)) return;
    const editor = vscode.window.visibleTextEditors.find((e) => e.document === this.document);
    const range = this.regionRange();
    let applied = true;
    if (this.document.getText(range) !== view.text) {
      this.writing++;
      try {
        const edit = (builder: vscode.TextEditorEdit) => builder.replace(range, view.text);
        const stops = { undoStopBefore: this.firstWrite, undoStopAfter: options.lastStep };
        if (editor) applied = await editor.edit(edit, stops);
        else {
          const workspaceEdit = new vscode.WorkspaceEdit();
          workspaceEdit.replace(this.document.uri, range, view.text);
          applied = await vscode.workspace.applyEdit(workspaceEdit);
        }
      } finally {
        this.writing--;
      }
      this.firstWrite = false;
    }
    if (!applied) {
      this.stop(vscode.l10n.t('The inline edit could not write to {0}; it stopped and left the file as it is.', vscode.workspace.asRelativePath(this.document.uri)));
      return;
    }
    this.shownLines = splitLines(view.text).lines.length;
    this.view = view;
    if (editor && !options.lastStep) this.paint(editor, view);
    this.events.changed(this);
  }

  private paint(editor: vscode.TextEditor, view: ReviewView): void {
    const added: vscode.Range[] = [];
    const removed: vscode.Range[] = [];
    for (const [line, mark] of view.marks) (mark === 'added' ? added : removed).push(new vscode.Range(this.start + line, 0, this.start + line, 0));
    editor.setDecorations(this.decorations.added, added);
    editor.setDecorations(this.decorations.removed, removed);
    if (added.length > 0) this.onPainted();
  }

  private clearDecorations(): void {
    for (const editor of vscode.window.visibleTextEditors.filter((e) => e.document === this.document)) {
      editor.setDecorations(this.decorations.added, []);
      editor.setDecorations(this.decorations.removed, []);
    }
  }

  /** An edit of the user's: above the region it moves the region; inside it, the session stops and leaves their text. */
  private userEdited(changes: readonly vscode.TextDocumentContentChangeEvent[]): void {
    if (this.phase === 'ended') return;
    const regionEnd = this.start + this.shownLines;
    for (const change of changes) {
      const addedLines = change.text.split('\n').length - 1;
      const removedLines = change.range.end.line - change.range.start.line;
      if (change.range.start.line >= regionEnd) continue;
      if (change.range.end.line < this.start) {
        this.start += addedLines - removedLines;
        continue;
      }
      this.stop(vscode.l10n.t('You edited the lines the inline edit was rewriting, so it stopped there and left the text as it is, your edit included.'));
      return;
    }
    this.events.changed(this);
  }
}
