// The light bulb's svc actions. On a problem: "Fix with svc" (an inline edit of the lines around it,
// seeded with the problem) and "Explain this problem" (to the chat). On a selection: "Edit with svc" and
// "Explain". Computing them costs nothing: no request is made until one is chosen.
import * as vscode from 'vscode';

/** Lines of context on each side of a problem that a fix may rewrite. */
const FIX_CONTEXT_LINES = 2;

export class SvcQuickFixes implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.RefactorRewrite];

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics.slice(0, 3)) {
      const startLine = Math.max(0, diagnostic.range.start.line - FIX_CONTEXT_LINES);
      const endLine = Math.min(document.lineCount - 1, diagnostic.range.end.line + FIX_CONTEXT_LINES);
      const fix = new vscode.CodeAction(vscode.l10n.t('Fix with svc'), vscode.CodeActionKind.QuickFix);
      fix.diagnostics = [diagnostic];
      fix.command = {
        title: fix.title,
        command: 'svc.inlineEdit.fix',
        arguments: [document.uri, startLine, endLine, `Fix this problem reported on line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`],
      };
      const explain = new vscode.CodeAction(vscode.l10n.t('Explain this problem with svc'), vscode.CodeActionKind.QuickFix);
      explain.diagnostics = [diagnostic];
      explain.command = { title: explain.title, command: 'svc.explainProblem', arguments: [document.uri, startLine, endLine, diagnostic.message] };
      actions.push(fix, explain);
    }
    if (!range.isEmpty) {
      actions.push(
        { title: vscode.l10n.t('Edit with svc'), kind: vscode.CodeActionKind.RefactorRewrite, command: { title: vscode.l10n.t('Edit with svc'), command: 'svc.inlineEdit' } },
        { title: vscode.l10n.t('Explain with svc'), kind: vscode.CodeActionKind.RefactorRewrite, command: { title: vscode.l10n.t('Explain with svc'), command: 'svc.explainSelection' } },
      );
    }
    return actions;
  }
}
