// Core's user-facing text goes through VS Code's translator, and shared code's (revealHiddenText.ts, and
// statusItemView.ts, kept free of vscode to be unit-tested) through the shared l10n module given VS Code's
// bundle, as the view's is. extension.js, chatHost.js and mcpServers.js are separate bundles with a copy
// of core and shared each, so each one installs them when it starts.
import * as vscode from 'vscode';
import { useTranslator } from '../core/l10n';
import { useBundle } from '../shared/l10n';

export function translateCoreText(): void {
  useTranslator((message, args) => vscode.l10n.t(message, ...args));
  useBundle(vscode.l10n.bundle ?? {});
}
