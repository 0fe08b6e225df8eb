// Core's user-facing text goes through VS Code's translator. extension.js and chatHost.js are separate
// bundles with a copy of core each, so each one installs it when it starts.
import * as vscode from 'vscode';
import { useTranslator } from '../core/l10n';

export function translateCoreText(): void {
  useTranslator((message, args) => vscode.l10n.t(message, ...args));
}
