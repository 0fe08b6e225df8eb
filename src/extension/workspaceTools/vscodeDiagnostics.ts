// The diagnostics port in VS Code: what the Problems view holds (vscode.languages.getDiagnostics), each
// with its file's path and the path as the user reads it. The @problems mention and list_problems read it.
import * as vscode from 'vscode';
import type { DiagnosticSeverity, WorkspaceDiagnostic, WorkspaceDiagnostics } from '../../core/diagnostics/workspaceDiagnostics';

/** In the order of vscode.DiagnosticSeverity's values. */
const SEVERITIES: readonly DiagnosticSeverity[] = ['error', 'warning', 'info', 'hint'];

export class VscodeDiagnostics implements WorkspaceDiagnostics {
  all(): WorkspaceDiagnostic[] {
    const all: WorkspaceDiagnostic[] = [];
    for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
      const display = vscode.workspace.asRelativePath(uri);
      const path = uri.scheme === 'file' ? uri.fsPath : undefined;
      for (const d of diagnostics) {
        all.push({ path, display, line: d.range.start.line + 1, column: d.range.start.character + 1, severity: SEVERITIES[d.severity], message: d.message });
      }
    }
    return all;
  }
}
