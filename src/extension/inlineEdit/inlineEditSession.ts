// One inline edit in an editor: core's InlineEditReview over the document, painted. The document holds
// what the review shows (the proposed lines of each open hunk, marked added; the lines they replace are
// not in it, a marker "−N" shows where they were and its hover shows them), so saving, auto-save
// included, writes only what is on the screen and leaves the review open. The user may keep typing
// elsewhere in the file: the region moves with their edits; an edit inside the region ends the review
// and leaves their text as they wrote it.
import * as vscode from 'vscode';
import type { HunkDecision } from '../../core/edits/hunks';
import { InlineEditReview, type ReviewEnd, type ReviewPhase } from '../../core/edits/inlineEditReview';
import type { ShownHunk } from '../../core/edits/reviewRender';
import { EditorReviewDocument } from './editorReviewDocument';
import { lineRange } from './lineRange';

export interface SessionDecorations {
  added: vscode.TextEditorDecorationType;
  removed: vscode.TextEditorDecorationType;
}

export interface SessionEvents {
  changed(session: InlineEditSession): void;
  ended(session: InlineEditSession, outcome: { message?: string }): void;
}

export class InlineEditSession implements vscode.Disposable {
  private readonly review: InlineEditReview;

  constructor(
    readonly document: vscode.TextDocument,
    lines: { startLine: number; endLine: number },
    private readonly decorations: SessionDecorations,
    private readonly events: SessionEvents,
    private readonly onPainted: () => void = () => undefined,
  ) {
    const range = lineRange(document, lines.startLine, lines.endLine);
    this.review = new InlineEditReview(
      new EditorReviewDocument(document),
      { start: document.offsetAt(range.start), end: document.offsetAt(range.end) },
      {
        changed: () => {
          this.paint();
          this.events.changed(this);
        },
        ended: (how) => {
          this.clearDecorations();
          this.events.ended(this, { message: this.messageFor(how) });
        },
      },
    );
  }

  get phase(): ReviewPhase {
    return this.review.phase;
  }

  get startLine(): number {
    return this.document.positionAt(this.review.start).line;
  }

  /** The region's last line now (its first when the region is empty). */
  get endLine(): number {
    const end = this.document.positionAt(this.review.end);
    return Math.max(this.startLine, end.character === 0 ? end.line - 1 : end.line);
  }

  openHunks(): readonly ShownHunk[] {
    return this.review.openHunks();
  }

  push(delta: string): void {
    this.review.push(delta);
  }

  finishStreaming(): Promise<void> {
    return this.review.finishStreaming();
  }

  restart(): Promise<boolean> {
    return this.review.restart();
  }

  proposedCode(): string {
    return this.review.proposedCode();
  }

  decide(hunkId: string, decision: HunkDecision): Promise<void> {
    return this.review.decide(hunkId, decision);
  }

  decideAll(decision: HunkDecision): Promise<void> {
    return this.review.decideAll(decision);
  }

  cancel(): Promise<void> {
    return this.review.cancel();
  }

  dispose(): void {
    this.review.dispose();
  }

  private messageFor(how: ReviewEnd): string | undefined {
    switch (how) {
      case 'unchanged':
        return vscode.l10n.t('svc proposed no change to these lines.');
      case 'typed':
        return vscode.l10n.t('You edited the lines the inline edit was rewriting, so it stopped there and left the text as it is, your edit included.');
      case 'unwritable':
        return vscode.l10n.t('The inline edit could not write to {0}; it stopped and left the file as it is.', vscode.workspace.asRelativePath(this.document.uri));
      case 'cancelled':
      case 'decided':
      case 'closed':
        return undefined;
    }
  }

  private paint(): void {
    const editors = vscode.window.visibleTextEditors.filter((e) => e.document === this.document);
    if (editors.length === 0) return;
    const view = this.review.view;
    const first = this.startLine;
    const last = this.document.lineCount - 1;
    const line = (n: number) => new vscode.Range(Math.min(first + n, last), 0, Math.min(first + n, last), 0);
    const added = [...view.added].map(line);
    const removed = view.open
      .filter((shown) => shown.removedLines > 0)
      .map((shown) => ({ range: line(shown.line), renderOptions: { after: { contentText: `  −${shown.removedLines}` } } }));
    for (const editor of editors) {
      editor.setDecorations(this.decorations.added, added);
      editor.setDecorations(this.decorations.removed, removed);
    }
    if (added.length > 0) this.onPainted();
  }

  private clearDecorations(): void {
    for (const editor of vscode.window.visibleTextEditors.filter((e) => e.document === this.document)) {
      editor.setDecorations(this.decorations.added, []);
      editor.setDecorations(this.decorations.removed, []);
    }
  }
}
