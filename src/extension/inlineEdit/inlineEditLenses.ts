// The review's buttons in the file: over each hunk still to decide, its own Accept and Reject, naming the
// lines they act on and their key; nothing else shares that row, so a hunk's Accept is never mistaken for
// the whole edit's. The whole edit's Accept All / Reject All / Follow-up are in the editor's title bar
// (package.json's editor/title menu). While the reply streams, one button over the lines cancels. The
// hover over an open hunk shows the current lines it replaces (they are not in the file during the review).
import * as vscode from 'vscode';
import { shownLineSpan } from '../../core/edits/reviewRender';
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
    if (session.phase === 'streaming') {
      return [new vscode.CodeLens(at(session.startLine), { title: vscode.l10n.t('$(loading~spin) svc is editing… Cancel (Escape)'), command: 'svc.inlineEdit.cancel' })];
    }
    return session.openHunks().flatMap((shown) => {
      const range = at(session.startLine + shown.line);
      const { first, last } = shownLineSpan(shown, session.startLine);
      const lines = first === last ? vscode.l10n.t('line {0}', first) : vscode.l10n.t('lines {0}-{1}', first, last);
      return [
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('Accept {0} (Ctrl+Alt+Y)', lines),
          tooltip: vscode.l10n.t("Keep svc's change to {0}", lines),
          command: 'svc.inlineEdit.acceptHunk',
          arguments: [shown.hunk.id],
        }),
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('Reject {0} (Ctrl+Alt+N)', lines),
          tooltip: vscode.l10n.t('Put back the lines this change replaces at {0}', lines),
          command: 'svc.inlineEdit.rejectHunk',
          arguments: [shown.hunk.id],
        }),
      ];
    });
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
