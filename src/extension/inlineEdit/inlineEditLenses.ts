// The review's buttons over the file: Accept / Reject This Change over each hunk still to decide, and over
// the edited lines Accept / Reject All Changes and Follow-up (or Cancel while the reply streams), each naming
// its key. Where the first hunk starts the region both share one row, so each says which it acts on. The
// hover over an open hunk shows the current lines it replaces (they are not in the file during the review).
import * as vscode from 'vscode';
import type { InlineEditController } from './inlineEditController';

export class InlineEditLenses implements vscode.CodeLensProvider, vscode.HoverProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly controller: InlineEditController) {
    this.onDidChangeCodeLenses = controller.onDidChange;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const session = this.controller.session;
    if (!session || session.document !== document) return [];
    const at = (line: number) => {
      const clamped = Math.min(line, document.lineCount - 1);
      return new vscode.Range(clamped, 0, clamped, 0);
    };
    const top = at(session.startLine);
    if (session.phase === 'streaming') {
      return [new vscode.CodeLens(top, { title: vscode.l10n.t('$(loading~spin) svc is editing… Cancel (Escape)'), command: 'svc.inlineEdit.cancel' })];
    }
    const lenses = [
      new vscode.CodeLens(top, { title: vscode.l10n.t('Accept All Changes (Ctrl+Enter)'), command: 'svc.inlineEdit.acceptAll' }),
      new vscode.CodeLens(top, { title: vscode.l10n.t('Reject All Changes (Ctrl+Backspace)'), command: 'svc.inlineEdit.rejectAll' }),
      new vscode.CodeLens(top, { title: vscode.l10n.t('Follow-up… (Ctrl+I)'), command: 'svc.inlineEdit.followUp' }),
    ];
    for (const shown of session.openHunks()) {
      const range = at(session.startLine + shown.line);
      lenses.push(
        new vscode.CodeLens(range, { title: vscode.l10n.t('Accept This Change (Ctrl+Alt+Y)'), command: 'svc.inlineEdit.acceptHunk', arguments: [shown.hunk.id] }),
        new vscode.CodeLens(range, { title: vscode.l10n.t('Reject This Change (Ctrl+Alt+N)'), command: 'svc.inlineEdit.rejectHunk', arguments: [shown.hunk.id] }),
      );
    }
    return lenses;
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const session = this.controller.session;
    if (!session || session.document !== document) return undefined;
    const line = position.line - session.startLine;
    const shown = session.openHunks().find((h) => h.removedLines > 0 && line >= h.line && line < h.line + Math.max(1, h.addedLines));
    if (!shown) return undefined;
    const text = new vscode.MarkdownString(vscode.l10n.t('svc replaces these lines here (Reject keeps them):'));
    text.appendCodeblock(shown.hunk.removed.join('\n'), document.languageId);
    return new vscode.Hover(text);
  }
}
