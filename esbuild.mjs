// Builds the two bundles the extension ships: the host (CommonJS, node, `vscode` external) and the
// webview (browser IIFE). Also the stand-alone emulator entry, so `node dist/emulator.js` works.
import * as esbuild from 'esbuild';
import fs from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'info',
  legalComments: 'none',
};

const entries = [
  { ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] },
  // ESM-only dependencies (QuickJS's loader, pdf.js) read import.meta.url; in this CJS bundle it is the bundle's own URL.
  { ...common, entryPoints: ['src/emulator/main.ts'], outfile: 'dist/emulator.js', platform: 'node', format: 'cjs', target: 'node20', define: { 'import.meta.url': '__svcImportMetaUrl' }, banner: { js: "const __svcImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" } },
  // The webview's CSS (imported by main.ts) becomes dist/webview.css; the codicon font it imports is copied beside it.
  { ...common, entryPoints: ['src/webview/main.ts'], outfile: 'dist/webview.js', platform: 'browser', format: 'iife', target: 'es2022', loader: { '.ttf': 'file' }, assetNames: '[name]' },
].filter((e) => fs.existsSync(e.entryPoints[0]));

if (watch) {
  const contexts = await Promise.all(entries.map((e) => esbuild.context(e)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(entries.map((e) => esbuild.build(e)));
}

// QuickJS (the emulator's quickjs formula) loads its .wasm from beside the bundle at run time.
if (entries.some((e) => e.outfile === 'dist/emulator.js')) {
  fs.mkdirSync('dist', { recursive: true });
  fs.copyFileSync('node_modules/@jitl/quickjs-wasmfile-release-sync/dist/emscripten-module.wasm', 'dist/emscripten-module.wasm');
}
