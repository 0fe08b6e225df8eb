// The span of whole lines an inline edit rewrites or sends.
import * as vscode from 'vscode';

/** Whole lines from `startLine` to `endLine`, with the last one's line break when it has one. */
export function lineRange(document: vscode.TextDocument, startLine: number, endLine: number): vscode.Range {
  if (endLine + 1 < document.lineCount) return new vscode.Range(startLine, 0, endLine + 1, 0);
  return new vscode.Range(startLine, 0, endLine, document.lineAt(endLine).text.length);
}
