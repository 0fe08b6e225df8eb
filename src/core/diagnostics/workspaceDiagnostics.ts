// The diagnostics port of the workspace host: the problems the editor's language services report (VS
// Code's Problems view in the extension, vscodeDiagnostics.ts).

export type DiagnosticSeverity = 'error' | 'warning' | 'info' | 'hint';

export interface WorkspaceDiagnostic {
  /** Absolute file-system path of the file, or undefined for a document that is no file (an unsaved one). */
  path: string | undefined;
  /** Where it is as the user reads it: relative to the workspace when inside it. */
  display: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  /** Undefined when the editor reports a severity this does not know. */
  severity: DiagnosticSeverity | undefined;
  message: string;
}

export interface WorkspaceDiagnostics {
  /** Every diagnostic the editor holds, in its order. */
  all(): readonly WorkspaceDiagnostic[];
}
