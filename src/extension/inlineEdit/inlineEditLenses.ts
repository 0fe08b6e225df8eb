// The review's buttons over the file: Accept / Reject This Change over each hunk still to decide, and over
// the edited lines Accept / Reject All Changes and Follow-up (or Cancel while the reply streams), each naming
// its key. Where the first hunk starts the region both share one row, so each says which it acts on.
import * as vscode from 'vscode';
import type { InlineEditController } from './inlineEditController';

export class InlineEditLenses implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly controller: InlineEditController) {
    this.onDidChangeCodeLenses = controller.onDidChange;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const session = this.controller.session;
    if (!session || session.document !== document) return [];
    const top = new vscode.Range(session.startLine, 0, session.startLine, 0);
    if (session.phase === 'streaming') {
      return [new vscode.CodeLens(top, { title: vscode.l10n.t('$(loading~spin) svc is editing… Cancel (Escape)'), command: 'svc.inlineEdit.cancel' })];
    }
    const lenses = [
      new vscode.CodeLens(top, { title: vscode.l10n.t('Accept All Changes (Ctrl+Enter)'), command: 'svc.inlineEdit.acceptAll' }),
      new vscode.CodeLens(top, { title: vscode.l10n.t('Reject All Changes (Ctrl+Backspace)'), command: 'svc.inlineEdit.rejectAll' }),
      new vscode.CodeLens(top, { title: vscode.l10n.t('Follow-up… (Ctrl+I)'), command: 'svc.inlineEdit.followUp' }),
    ];
    for (const shown of session.openHunks()) {
      const at = new vscode.Range(session.startLine + shown.line, 0, session.startLine + shown.line, 0);
      lenses.push(
        new vscode.CodeLens(at, { title: vscode.l10n.t('Accept This Change (Ctrl+Alt+Y)'), command: 'svc.inlineEdit.acceptHunk', arguments: [shown.hunk.id] }),
        new vscode.CodeLens(at, { title: vscode.l10n.t('Reject This Change (Ctrl+Alt+N)'), command: 'svc.inlineEdit.rejectHunk', arguments: [shown.hunk.id] }),
      );
    }
    return lenses;
  }
}
