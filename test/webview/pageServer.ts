// Builds the webview bundles as shipped (same esbuild options as the webview entries of esbuild.mjs: the
// page's script and the code highlighter it loads on first use) plus the fake host, and serves them on 127.0.0.1 (port 0) in two pages: one with the strict nonce CSP the
// extension host uses, and one without any CSP, where model output that slipped past the sanitiser
// would really run (so the sanitising tests cannot pass thanks to the CSP alone).
import * as esbuild from 'esbuild';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { codiconSubsetPlugin } from '../../scripts/codiconSubset.mjs';
import { contentSecurityPolicy } from '../../src/extension/webviewHtml';
import { HIGHLIGHTER_SRC_ATTRIBUTE } from '../../src/shared/highlighterScriptAttribute';
import { pageLook } from './pageLook';

const ROOT = path.resolve(__dirname, '../..');

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.ttf': 'font/ttf',
  '.html': 'text/html',
};

export interface PageServer {
  origin: string;
  strictUrl: string;
  openUrl: string;
  close(): Promise<void>;
}

/** The highlighter's bundle, served beside the page as the extension's dist/ serves it. */
export const HIGHLIGHTER_FILE = 'webviewHighlight.js';

const BROWSER_BUNDLE: esbuild.BuildOptions = { bundle: true, platform: 'browser', format: 'iife', target: 'es2022', logLevel: 'warning' };
/** As esbuild.mjs builds the page: markdown-it's `entities` is the browser's own decoding. */
const PAGE_ALIASES = { entities: path.join(ROOT, 'src/webview/browserEntities.ts') };

export async function buildBundles(outDir: string): Promise<void> {
  fs.rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    ...BROWSER_BUNDLE,
    entryPoints: [path.join(ROOT, 'src/webview/main.ts')],
    outfile: path.join(outDir, 'webview.js'),
    assetNames: '[name]',
    alias: PAGE_ALIASES,
    plugins: [codiconSubsetPlugin()],
  });
  await esbuild.build({ ...BROWSER_BUNDLE, entryPoints: [path.join(ROOT, 'src/webview/highlightEntry.ts')], outfile: path.join(outDir, HIGHLIGHTER_FILE) });
  await esbuild.build({ ...BROWSER_BUNDLE, entryPoints: [path.join(ROOT, 'test/webview/fakeHost.ts')], outfile: path.join(outDir, 'fakeHost.js') });
}

/**
 * The page as the extension host writes it (src/extension/webviewHtml.ts): the styles and the script
 * inside it under the nonce, with the fake host's script before them. The styles' `./codicon.ttf` and
 * the script's highlighter resolve against this server, which serves them.
 */
function page(outDir: string, nonce: string, query: URLSearchParams): string {
  const look = pageLook(query);
  const style = fs.readFileSync(path.join(outDir, 'webview.css'), 'utf8');
  const script = fs.readFileSync(path.join(outDir, 'webview.js'), 'utf8');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<style nonce="${nonce}">${look.css}</style>
<style nonce="${nonce}">${style}</style>
<script nonce="${nonce}" src="/fakeHost.js"></script>
</head>
<body${look.body}>
<script nonce="${nonce}" ${HIGHLIGHTER_SRC_ATTRIBUTE}="/${HIGHLIGHTER_FILE}">${script}</script>
</body>
</html>`;
}

export async function startPageServer(outDir: string): Promise<PageServer> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const nonce = randomBytes(16).toString('base64');
    if (url.pathname === '/strict.html' || url.pathname === '/open.html') {
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
      if (url.pathname === '/strict.html') {
        // The extension host's own policy, this server standing for the extension's files.
        headers['content-security-policy'] = contentSecurityPolicy(`http://${request.headers.host ?? '127.0.0.1'}`, nonce);
      }
      response.writeHead(200, headers);
      response.end(page(outDir, nonce, url.searchParams));
      return;
    }
    const file = path.join(outDir, path.basename(url.pathname));
    if (!fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    strictUrl: `${origin}/strict.html`,
    openUrl: `${origin}/open.html`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
