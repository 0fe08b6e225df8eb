// The chat view's language and translations: VS Code's display language and the bundle VS Code loaded
// for it from l10n/ (the same one `vscode.l10n.t` reads), so the host and the view always agree.
import * as vscode from 'vscode';
import type { ViewLocalization } from '../shared/viewLocalization';

export function viewLocalization(): ViewLocalization {
  return { language: vscode.env.language, bundle: vscode.l10n.bundle ?? {} };
}
