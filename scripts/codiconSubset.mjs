// The webview's codicons, cut down to the glyphs it shows: the page imports '@vscode/codicons/dist/codicon.css',
// which esbuild resolves here to that stylesheet with the rules of the listed icons only, and its font to a
// subset holding their glyphs only: the view shows about 70 of the package's 649 icon names, and the whole font
// is 123 KB, its rules 25 KB of the page's minified CSS. The list is src/webview/codicons.ts, the one the view's
// `icon()` is typed by.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import subsetFont from 'subset-font';

const packageDir = path.join(import.meta.dirname, '..', 'node_modules', '@vscode', 'codicons', 'dist');
export const codiconListFile = path.join(import.meta.dirname, '..', 'src', 'webview', 'codicons.ts');
const GLYPH_RULE = /^\.codicon-([a-z0-9-]+):before\s*\{\s*content:\s*"\\([0-9a-f]+)"\s*\}\s*$/gm;
const FONT_URL = /url\("\.\/codicon\.ttf(\?[^"]*)?"\)/;

export class CodiconSubsetError extends Error {
  constructor(message) {
    super(message);
    this.name = 'CodiconSubsetError';
  }
}

/**
 * The package's stylesheet split in two: `head`, everything before the first glyph's rule (the @font-face,
 * the `.codicon` base rule, the spin keyframes and modifiers), and each icon name's code point.
 */
export function readCodiconStylesheet(css = fs.readFileSync(path.join(packageDir, 'codicon.css'), 'utf8')) {
  const first = css.search(/^\.codicon-[a-z0-9-]+:before/m);
  if (first < 0 || !FONT_URL.test(css)) throw new CodiconSubsetError('@vscode/codicons/dist/codicon.css has no glyph rules or no ./codicon.ttf font: its layout changed');
  const codePoints = new Map([...css.matchAll(GLYPH_RULE)].map((m) => [m[1], Number.parseInt(m[2], 16)]));
  return { head: css.slice(0, first), codePoints };
}

/** The names listed in src/webview/codicons.ts (a TypeScript module, so it is compiled to be read here). */
export async function readCodiconList(file = codiconListFile) {
  const { code } = await esbuild.transform(fs.readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm' });
  const { codicons } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return codicons;
}

/** The stylesheet for `names` and the subset font it names (TrueType, as the package ships it). */
export async function subsetCodicons(names) {
  const { head, codePoints } = readCodiconStylesheet();
  const unknown = names.filter((name) => !codePoints.has(name));
  if (unknown.length > 0) throw new CodiconSubsetError(`not in @vscode/codicons: ${unknown.join(', ')} (src/webview/codicons.ts lists only the package's icon names)`);
  const text = String.fromCodePoint(...new Set(names.map((name) => codePoints.get(name))));
  const font = await subsetFont(fs.readFileSync(path.join(packageDir, 'codicon.ttf')), text, { targetFormat: 'sfnt' });
  // The font's URL changes with its glyphs, so a webview never pairs the new rules with a cached old font.
  const version = crypto.createHash('sha256').update(font).digest('hex').slice(0, 32);
  const rules = names.map((name) => `.codicon-${name}:before { content: "\\${codePoints.get(name).toString(16)}" }`);
  const css = `${head.replace(FONT_URL, `url("./codicon.ttf?${version}")`)}${rules.join('\n')}\n`;
  return { css, font };
}

/** Resolves the page's import of the codicon stylesheet to the subset's, and its font to the subset font. */
export function codiconSubsetPlugin() {
  const namespace = 'codicon-subset';
  let built;
  return {
    name: namespace,
    setup(build) {
      build.onStart(() => {
        built = undefined;
      });
      const subset = () => (built ??= readCodiconList().then(subsetCodicons));
      build.onResolve({ filter: /^@vscode\/codicons\/dist\/codicon\.css$/ }, () => ({ path: 'codicon.css', namespace }));
      build.onResolve({ filter: /^\.\/codicon\.ttf(\?.*)?$/, namespace }, (args) => ({ path: 'codicon.ttf', namespace, suffix: args.path.slice('./codicon.ttf'.length) }));
      build.onLoad({ filter: /^codicon\.css$/, namespace }, async () => ({ contents: (await subset()).css, loader: 'css', watchFiles: [codiconListFile] }));
      build.onLoad({ filter: /^codicon\.ttf$/, namespace }, async () => ({ contents: (await subset()).font, loader: 'file', watchFiles: [codiconListFile] }));
    },
  };
}
