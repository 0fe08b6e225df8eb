// The review's buttons and hover over a file the agent changed: Keep / Undo over each hunk, and over
// the first line how many changes are left with Keep File / Undo File / Next File, each naming its key;
// the hover over a hunk shows the lines the agent removed there.
import * as vscode from 'vscode';
import type { AgentReviewController } from './agentReviewController';

export class AgentReviewLenses implements vscode.CodeLensProvider, vscode.HoverProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly controller: AgentReviewController) {
    this.onDidChangeCodeLenses = controller.onDidChange;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const path = document.uri.fsPath;
    const hunks = this.controller.hunksOf(path);
    if (hunks.length === 0) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const others = this.controller.review.paths().length - 1;
    const lenses = [
      new vscode.CodeLens(top, { title: hunks.length === 1 ? vscode.l10n.t('svc: 1 agent change to review') : vscode.l10n.t('svc: {0} agent changes to review', hunks.length), command: '' }),
      new vscode.CodeLens(top, { title: vscode.l10n.t('Keep File (Ctrl+Shift+Alt+Y)'), command: 'svc.agentReview.keepFile', arguments: [path] }),
      new vscode.CodeLens(top, { title: vscode.l10n.t('Undo File (Ctrl+Shift+Alt+N)'), command: 'svc.agentReview.undoFile', arguments: [path] }),
    ];
    if (others > 0) lenses.push(new vscode.CodeLens(top, { title: vscode.l10n.t('Next File ({0} more)', others), command: 'svc.agentReview.nextFile', arguments: [path] }));
    for (const hunk of hunks) {
      const at = new vscode.Range(Math.min(hunk.line, document.lineCount - 1), 0, Math.min(hunk.line, document.lineCount - 1), 0);
      lenses.push(
        new vscode.CodeLens(at, { title: vscode.l10n.t('Keep (Ctrl+Alt+Y)'), command: 'svc.agentReview.keepHunk', arguments: [path, hunk.id] }),
        new vscode.CodeLens(at, { title: vscode.l10n.t('Undo (Ctrl+Alt+N)'), command: 'svc.agentReview.undoHunk', arguments: [path, hunk.id] }),
      );
    }
    return lenses;
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const hunk = this.controller.hunksOf(document.uri.fsPath).find((h) => position.line >= h.line && position.line < h.line + Math.max(1, h.added.length));
    if (!hunk || hunk.removed.length === 0) return undefined;
    const text = new vscode.MarkdownString(vscode.l10n.t('The agent removed these lines here:'));
    text.appendCodeblock(hunk.removed.join('\n'), document.languageId);
    return new vscode.Hover(text);
  }
}
