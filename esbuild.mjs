// Builds the bundles the extension ships: the host (CommonJS, node, `vscode` external) and the webview
// (browser IIFEs: the page's script, and the code highlighter it loads on first use). Also the stand-alone
// emulator entry, so `node dist/emulator.js` works.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { codiconSubsetPlugin } from './scripts/codiconSubset.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
/** `--analyze`: what each file of the host and the page is made of, largest first (docs/benchmarks.md). */
const analyze = process.argv.includes('--analyze');

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'info',
  legalComments: 'none',
};

// Big libraries that only some runs need are not inlined into the bundles that import them: each is
// emitted once as its own file in dist/ and required from there at run time. The emulator's document
// extractors load on the first file of their kind (src/emulator/files/documentLibraries.ts), and the
// BPE tokenizer's tables (cl100k_base, 1 MB) are shared by the extension (loaded on first local count)
// and the emulator instead of being shipped twice.
const separateLibraries = [
  { specifier: 'unpdf', outfile: 'dist/emulator/extractors/pdf.js', esm: true },
  { specifier: 'mammoth', outfile: 'dist/emulator/extractors/docx.js' },
  // SheetJS's ESM build: its CommonJS one also carries the legacy code-page tables (1 MB more).
  { specifier: '@e965/xlsx', outfile: 'dist/emulator/extractors/spreadsheet.js', esm: true },
  { specifier: 'jszip', outfile: 'dist/emulator/extractors/zip.js' },
  { specifier: 'gpt-tokenizer/encoding/cl100k_base', outfile: 'dist/vendor/gpt-tokenizer.js' },
  // The encoding detector used when VS Code's own jschardet is not found, loaded on the first workspace
  // file the agent meets that is not UTF-8 (src/extension/workspaceTools/editorEncodingDetector.ts).
  { specifier: 'chardet', outfile: 'dist/vendor/chardet.js' },
  // Legacy code pages (GBK, Shift_JIS, windows-1252…): loaded with the detector; UTF-8 and UTF-16 need neither.
  { specifier: 'iconv-lite', outfile: 'dist/vendor/iconv-lite.js' },
  // YAML: the chat host's on the first customization file whose front matter is not plain `field: text` lines
  // (src/core/customizations/frontMatter.ts), and the emulator's, whose extractor reads YAML files.
  { specifier: 'yaml', outfile: 'dist/vendor/yaml.js' },
  // File-type sniffing by content: the chat host's on the first binary attachment or upload whose extension
  // does not say what it is (src/core/files/uploadChecks.ts).
  { specifier: 'magic-bytes.js', outfile: 'dist/vendor/magic-bytes.js' },
];

/** Resolves the separate libraries to their emitted files, relative to the bundle being built. */
function requireSeparateLibraries(outfile) {
  const bySpecifier = new Map(separateLibraries.filter((l) => l.outfile !== outfile).map((l) => [l.specifier, l.outfile]));
  const filter = new RegExp(`^(${[...bySpecifier.keys()].map((k) => k.replace(/[/.]/g, '\\$&')).join('|')})$`);
  return {
    name: 'separate-libraries',
    setup(build) {
      build.onResolve({ filter }, (args) => {
        const relative = path.relative(path.dirname(outfile), bySpecifier.get(args.path)).split(path.sep).join('/');
        return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
      });
    },
  };
}

// zod re-exports every locale as `z.locales` (264 KB of translated error messages) from its classic, mini
// and core entry points, so importing zod at all would ship them in each bundle. We only ever speak
// English: the locale index zod imports is swapped for one that has just `en` (which both zod's own
// default and our `z.config(z.locales.en())` use), in every bundle.
const englishOnlyZodLocales = {
  name: 'english-only-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(args.importer) ? { path: 'zod-locales-en', namespace: 'english-only-zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'english-only-zod-locales' }, () => ({
      contents: 'export { default as en } from "zod/v4/locales/en.js";',
      resolveDir: import.meta.dirname,
    }));
  },
};

// The entry's import() of the chat host stays a require of the chat host's own bundle, never inlined.
const chatHostBesideEntry = {
  name: 'chat-host-beside-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\/chatHost$/ }, () => ({ path: './chatHost.js', external: true }));
  },
};

// The chat host loads some features on first use with import() (chatHostLazyEntries below), as files of
// their own that share every module with it: one copy of each class and each module's state, whichever
// file loaded it. esbuild splits only ESM, so the chat host is built as ESM into SPLIT_DIR (chatHost.js,
// the lazily loaded files, and chatHostShared-<hash>.js chunks with what several of them use), and each
// file is then turned into CommonJS in dist/, its imports of the others becoming require()s of the files
// beside it (source maps followed through).
const SPLIT_DIR = 'dist/split-esm';
const SHARED_CHUNK = /^chatHostShared(-[A-Z0-9]+)?\.js(\.map)?$/;
const splitChatHost = {
  name: 'split-chat-host',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0) return;
      const files = fs.readdirSync(SPLIT_DIR).filter((f) => f.endsWith('.js')).map((f) => path.join(SPLIT_DIR, f));
      // A chunk's name changes with its content: the last build's would otherwise stay in dist/ and be packaged.
      for (const stale of fs.readdirSync('dist').filter((f) => SHARED_CHUNK.test(f))) fs.rmSync(path.join('dist', stale));
      await esbuild.build({
        ...common,
        entryPoints: files,
        outdir: 'dist',
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        ...requireImports,
        plugins: [{ name: 'all-external', setup: (b) => b.onResolve({ filter: /.*/ }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path, external: true })) }],
      });
      fs.rmSync(SPLIT_DIR, { recursive: true, force: true });
    });
  },
};

// import() of those files becomes require(): it resolves beside the bundle, with esbuild's interop, and
// without the ESM loader (whose handling of CommonJS exports differs) in the extension host.
const requireImports = { supported: { 'dynamic-import': false } };

// ESM-only dependencies (QuickJS's loader, pdf.js) read import.meta.url; in these CJS bundles it is the bundle's own URL.
const importMetaUrl = { define: { 'import.meta.url': '__svcImportMetaUrl' }, banner: { js: "const __svcImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" } };

/**
 * What the chat host loads with import() on first use (see splitChatHost), each a file of that name in dist/: the
 * agent's tasks and tools, the review of its edits and inline edit; the completion engines, once completions are
 * on; what the customization commands, the commit message command and the file commands (Explain, Manage Uploaded
 * Files, Show Balance) run; the start-up clean-up of task worktrees; the @ file list of the composer.
 */
const chatHostLazyEntries = {
  agentFeatures: 'src/extension/agent/agentFeatures.ts',
  completionEngines: 'src/extension/completions/completionEngines.ts',
  customizationCommands: 'src/extension/customizations/customizationCommands.ts',
  commitMessageWriting: 'src/extension/scm/commitMessageWriting.ts',
  worktreeCleanUp: 'src/extension/worktrees/worktreeCleanUp.ts',
  workspaceFileList: 'src/extension/context/workspaceFileList.ts',
  fileCommands: 'src/extension/files/fileCommands.ts',
};

// esbuild gives each set of entries that use a piece of code a chunk of its own, so with several lazily loaded
// files what the chat host needs at start would be spread over a dozen chunks, each a require at start and,
// once CommonJS, each call across them longer (`(0,x.f)()`). Each lazily loaded file is therefore built from a
// stand-in that also re-exports the chat host's start (never called through it): all that start uses is then
// used by every entry, so it is one chunk, and dist/chatHost.js is the line that re-exports it from there. The
// chat host's import()s resolve to the same stand-ins. The bench counts chatHost.js and every chunk it requires
// from its top level (bench/support/chatHostStartFiles.ts).
const LAZY_NAMESPACE = 'chat-host-lazy';
const chatHostPath = path.resolve('src/extension/chatHost.ts');
const lazyEntryPaths = new Set(Object.values(chatHostLazyEntries).map((file) => path.resolve(file)));
const chatHostLazyStandIns = {
  name: 'chat-host-lazy-stand-ins',
  setup(build) {
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData?.resolving) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { resolving: true } });
      return lazyEntryPaths.has(resolved.path) ? { path: resolved.path, namespace: LAZY_NAMESPACE } : undefined;
    });
    build.onResolve({ filter: new RegExp(`^${LAZY_NAMESPACE}:`) }, (args) => ({ path: path.resolve(args.path.slice(LAZY_NAMESPACE.length + 1)), namespace: LAZY_NAMESPACE }));
    build.onLoad({ filter: /.*/, namespace: LAZY_NAMESPACE }, (args) => ({
      contents: `export * from ${JSON.stringify(args.path)};\nexport { startChatHost as chatHostStart } from ${JSON.stringify(chatHostPath)};\n`,
      resolveDir: path.dirname(args.path),
      loader: 'ts',
    }));
  },
};

const entries = [
  // The host: the small entry VS Code requires on activation, and the chat host it loads on first use
  // (src/extension/lazyChatHost.ts), required from beside it.
  { ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], ...requireImports, plugins: [chatHostBesideEntry] },
  // The chat host and the features it loads on first use share their modules (see splitChatHost below).
  {
    ...common,
    // What the chat host imports on first use is an entry of its own, so its file keeps its name.
    entryPoints: [
      { in: 'src/extension/chatHost.ts', out: 'chatHost' },
      ...Object.entries(chatHostLazyEntries).map(([out, file]) => ({ in: `${LAZY_NAMESPACE}:${file}`, out })),
    ],
    outdir: SPLIT_DIR,
    splitting: true,
    format: 'esm',
    entryNames: '[name]',
    chunkNames: 'chatHostShared-[hash]',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    plugins: [chatHostLazyStandIns, requireSeparateLibraries('dist/chatHost.js'), splitChatHost],
  },
  { ...common, entryPoints: ['src/emulator/main.ts'], outfile: 'dist/emulator.js', platform: 'node', format: 'cjs', target: 'node20', ...importMetaUrl, ...requireImports, plugins: [requireSeparateLibraries('dist/emulator.js')] },
  // The MCP servers' manager with the SDK's client, required by the chat host only once a server is defined.
  { ...common, entryPoints: ['src/extension/mcp/mcpServers.ts'], outfile: 'dist/mcpServers.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], ...importMetaUrl, ...requireImports },
  // The quickjs formula's worker thread: QuickJS itself lives only here, off the emulator's thread.
  { ...common, entryPoints: ['src/emulator/formulas/quickjsWorker.ts'], outfile: 'dist/quickjsWorker.js', platform: 'node', format: 'cjs', target: 'node20', ...importMetaUrl, ...requireImports },
  ...separateLibraries.map(({ specifier, outfile, esm }) => ({
    ...common,
    // The library's own exports, so the importers' interop sees exactly what importing it directly would.
    stdin: {
      contents: esm ? `export * from ${JSON.stringify(specifier)};` : `module.exports = require(${JSON.stringify(specifier)});`,
      resolveDir: import.meta.dirname,
      sourcefile: `${specifier}.js`,
    },
    outfile,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    ...importMetaUrl,
    plugins: [requireSeparateLibraries(outfile)],
  })),
  // The webview's CSS (imported by main.ts) becomes dist/webview.css; the codicon font it imports, cut down to the
  // icons the view shows (scripts/codiconSubset.mjs), is written beside it as dist/codicon.ttf.
  // markdown-it's `entities` is swapped for the browser's own decoding (src/webview/browserEntities.ts).
  { ...common, entryPoints: ['src/webview/main.ts'], outfile: 'dist/webview.js', platform: 'browser', format: 'iife', target: 'es2022', assetNames: '[name]', alias: { entities: './src/webview/browserEntities.ts' }, plugins: [codiconSubsetPlugin()] },
  // highlight.js and its grammars (a third of the page's script otherwise): the page adds this file as a <script>
  // under its nonce when the first code block is to be highlighted (src/webview/lazyHighlighter.ts), which its
  // idle warm-up after `ready` does when no reply did. The two share nothing but the API handed over on `window`.
  { ...common, entryPoints: ['src/webview/highlightEntry.ts'], outfile: 'dist/webviewHighlight.js', platform: 'browser', format: 'iife', target: 'es2022' },
]
  .filter((e) => e.stdin || fs.existsSync(e.entryPoints[0].in ?? e.entryPoints[0]))
  .map((e) => ({ ...e, plugins: [englishOnlyZodLocales, ...(e.plugins ?? [])] }));

if (watch) {
  const contexts = await Promise.all(entries.map((e) => esbuild.context(e)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  const results = await Promise.all(entries.map((e) => esbuild.build({ ...e, metafile: analyze })));
  const analyzed = ['dist/extension.js', SPLIT_DIR, 'dist/webview.js', 'dist/webviewHighlight.js'];
  for (const [i, result] of results.entries()) {
    if (analyze && analyzed.includes(entries[i].outfile ?? entries[i].outdir)) console.log(await esbuild.analyzeMetafile(result.metafile));
  }
}

// In production the separate libraries ship brotli-compressed (a fifth smaller than the .vsix's own
// deflate): each file becomes a small loader that inflates `<file>.br` and compiles it as that same
// module, so its importers, its __filename and its own relative requires are unchanged. They load
// lazily, so the few milliseconds of inflating are paid on first use only, never at activation.
/**
 * Our own lazily loaded bundles compressed the same way: the MCP SDK's is a fifth of the .vsix otherwise; the
 * local emulator's (required when a window first uses it, or run as `node dist/emulator.js`) takes 146 KB
 * so against 169 KB deflated in the .vsix; the agent's features (required from beside the chat host on their first
 * use, their requires of the chatHostShared-<hash>.js chunks unchanged) 49 KB against 56 KB. The other lazily
 * loaded files of the chat host are a few KB each in the .vsix and stay plain.
 */
const compressedBundles = ['dist/mcpServers.js', 'dist/emulator.js', 'dist/agentFeatures.js'];

if (!watch) {
  for (const outfile of [...separateLibraries.map((l) => l.outfile), ...compressedBundles]) {
    const compressed = `${outfile}.br`;
    if (!production) {
      fs.rmSync(compressed, { force: true });
      continue;
    }
    const source = fs.readFileSync(outfile);
    fs.writeFileSync(compressed, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 24, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
    fs.writeFileSync(
      outfile,
      "'use strict';module._compile(require('node:zlib').brotliDecompressSync(require('node:fs').readFileSync(__filename+'.br')).toString('utf8'),__filename);\n",
    );
  }
}

// QuickJS (the emulator's quickjs formula) loads its .wasm from beside the bundle at run time.
if (entries.some((e) => e.outfile === 'dist/emulator.js')) {
  fs.mkdirSync('dist', { recursive: true });
  const wasm = fs.readFileSync('node_modules/@jitl/quickjs-wasmfile-release-sync/dist/emscripten-module.wasm');
  // In production brotli-compressed like the libraries above: src/emulator/formulas/quickjsSandbox.ts inflates it.
  for (const stale of ['dist/emscripten-module.wasm', 'dist/emscripten-module.wasm.br']) fs.rmSync(stale, { force: true });
  if (production && !watch) fs.writeFileSync('dist/emscripten-module.wasm.br', zlib.brotliCompressSync(wasm, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 24, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: wasm.length } }));
  else fs.writeFileSync('dist/emscripten-module.wasm', wasm);
}
