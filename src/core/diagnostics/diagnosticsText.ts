// Diagnostics as the model reads them, one line each ("src/a.ts:3:7: error: message"): the same text for
// the @problems mention and the agent's list_problems tool.
import type { WorkspaceDiagnostic } from './workspaceDiagnostics';

export function diagnosticLine(diagnostic: WorkspaceDiagnostic): string {
  return `${diagnostic.display}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.severity ?? 'problem'}: ${diagnostic.message}`;
}

/** The first `max` diagnostics as lines, and a title that counts them ("3 problems"). */
export function diagnosticsText(diagnostics: readonly WorkspaceDiagnostic[], max: number): { title: string; text: string } {
  const lines = diagnostics.slice(0, max).map(diagnosticLine);
  return { title: `${lines.length} problem${lines.length === 1 ? '' : 's'}`, text: lines.join('\n') };
}
