// The chat view's HTML: the page's own script and styles written into it, each under a fresh nonce,
// fonts from the extension's dist/ folder only, and a Content-Security-Policy that allows nothing else
// (no other inline script or style, no eval, no remote origin). Why they are embedded: webviewAssets.ts.
// The page's script names the code highlighter's file, which the page adds as a script of its own under
// the same nonce when it first needs it: the nonce, not an origin, is what lets it in.
import * as crypto from 'node:crypto';
import type * as vscode from 'vscode';
import * as l10n from '../core/l10n';
import type { ViewLocalization } from '../shared/viewLocalization';
import { HIGHLIGHTER_SRC_ATTRIBUTE } from '../shared/highlighterScriptAttribute';
import { VIEW_LOCALIZATION_ATTRIBUTE } from '../shared/viewLocalizationAttribute';
import type { WebviewAssetError, WebviewAssets } from './webviewAssets';

/** 128 random bits, base64: the form CSP nonces are meant to take. */
export function createNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "connect-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function chatViewHtml(webview: Pick<vscode.Webview, 'cspSource'>, nonce: string, assets: WebviewAssets, localization: ViewLocalization): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(localization.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(webview.cspSource, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${nonce}">${assets.style}</style>
<title>svc Chat</title>
</head>
<body ${VIEW_LOCALIZATION_ATTRIBUTE}="${escapeHtml(JSON.stringify(localization))}">
<script nonce="${nonce}" ${HIGHLIGHTER_SRC_ATTRIBUTE}="${escapeHtml(assets.highlighterUri)}">${assets.script}</script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What the view shows when its page cannot be built: the reason, and no script at all. */
export function chatViewErrorHtml(error: WebviewAssetError): string {
  return `<!DOCTYPE html>
<html>
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'">
<title>svc Chat</title>
</head>
<body>
<p>${escapeHtml(l10n.t('The chat view could not start: {0}.', error.message))}</p>
</body>
</html>`;
}
