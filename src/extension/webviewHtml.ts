// The chat view's HTML: one script with a fresh nonce, styles and fonts from the extension's own
// dist/ and media/ folders only, and a Content-Security-Policy that allows nothing else (no inline
// script or style, no eval, no remote origin).
import * as crypto from 'node:crypto';
import * as vscode from 'vscode';

/** 128 random bits, base64: the form CSP nonces are meant to take. */
export function createNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "connect-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function chatViewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, nonce: string): string {
  const asset = (...parts: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...parts)).toString();
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(webview.cspSource, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('dist', 'webview.css')}">
<title>svc Chat</title>
</head>
<body>
<script nonce="${nonce}" src="${asset('dist', 'webview.js')}"></script>
</body>
</html>`;
}
