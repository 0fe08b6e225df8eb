import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { codicons } from '../../../src/webview/codicons';

const mappingFile = path.join(__dirname, '..', '..', '..', 'node_modules', '@vscode', 'codicons', 'src', 'template', 'mapping.json');

/** The package's own table of every icon name by code point, the one its font and stylesheet are built from. */
function packageCodePoints(): Map<string, number> {
  const byCodePoint = JSON.parse(fs.readFileSync(mappingFile, 'utf8')) as Record<string, string[]>;
  return new Map(Object.entries(byCodePoint).flatMap(([codePoint, names]) => names.map((name) => [name, Number(codePoint)] as const)));
}

async function fontCodePoints(font: Uint8Array): Promise<number[]> {
  const hb = await import('harfbuzzjs');
  return [...new hb.Face(new hb.Blob(font)).collectUnicodes()].sort((a, b) => a - b);
}

const subsetModule = (): Promise<typeof import('../../../scripts/codiconSubset.mjs')> => import('../../../scripts/codiconSubset.mjs');

describe('the codicons the view ships', () => {
  const mapping = packageCodePoints();

  it('lists each name once, and every name is an icon of @vscode/codicons', () => {
    assert.equal(new Set(codicons).size, codicons.length, 'no name twice');
    assert.deepEqual(codicons.filter((name) => !mapping.has(name)), []);
  });

  it("lists every icon the view's styles and code name by class", () => {
    const webview = path.join(__dirname, '..', '..', '..', 'src', 'webview');
    const files = fs.readdirSync(webview, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(ts|css)$/.test(file));
    // `codicon-modifier-*` classes and the `codicon-spin` keyframes are the stylesheet's own, not glyphs.
    const named = files.flatMap((file) => [...fs.readFileSync(path.join(webview, file), 'utf8').matchAll(/codicon-([a-z0-9-]+)/g)].map((m) => m[1] ?? ''));
    const glyphs = named.filter((name) => !name.startsWith('modifier-') && name !== 'spin');
    assert.ok(glyphs.includes('loading'), 'the styles name .codicon-loading');
    assert.deepEqual(glyphs.filter((name) => !(codicons as readonly string[]).includes(name)), []);
  });

  it('is the list the build reads', async () => {
    const { readCodiconList } = await subsetModule();
    assert.deepEqual(await readCodiconList(), codicons);
  });

  it('reads the same code point for each name from the package stylesheet as its mapping gives', async () => {
    const { readCodiconStylesheet } = await subsetModule();
    const { codePoints } = readCodiconStylesheet();
    for (const name of codicons) assert.equal(codePoints.get(name), mapping.get(name), name);
  });

  describe('the subset', () => {
    let subset: { css: string; font: Buffer };
    before(async () => {
      const { subsetCodicons } = await subsetModule();
      subset = await subsetCodicons(codicons);
    });

    it("has exactly the listed icons' glyphs in its font", async () => {
      const expected = [...new Set(codicons.map((name) => mapping.get(name)))].sort((a, b) => (a ?? 0) - (b ?? 0));
      assert.deepEqual(await fontCodePoints(subset.font), expected);
      assert.ok(subset.font.length < 30_000, `the subset font is ${subset.font.length} bytes`);
    });

    it('has one glyph rule for each listed icon, with its code point, and no other', () => {
      const rules = [...subset.css.matchAll(/^\.codicon-([a-z0-9-]+):before \{ content: "\\([0-9a-f]+)" \}$/gm)].map((m) => [m[1], Number.parseInt(m[2] ?? '', 16)]);
      assert.deepEqual(rules, codicons.map((name) => [name, mapping.get(name)]));
    });

    it('keeps the font face, the base rule and the spin modifier, and names the subset font by its content', async () => {
      const { subsetCodicons } = await subsetModule();
      assert.match(subset.css, /@font-face \{[^}]*font-family: "codicon";[^}]*src: url\("\.\/codicon\.ttf\?[0-9a-f]{32}"\) format\("truetype"\);/);
      assert.match(subset.css, /\.codicon\[class\*='codicon-'\] \{/);
      assert.match(subset.css, /@keyframes codicon-spin/);
      assert.match(subset.css, /\.codicon-loading\.codicon-modifier-spin/);
      const fewer = await subsetCodicons(['close']);
      assert.notEqual(/codicon\.ttf\?([0-9a-f]+)/.exec(fewer.css)?.[1], /codicon\.ttf\?([0-9a-f]+)/.exec(subset.css)?.[1], 'another set of glyphs, another URL');
      assert.deepEqual(await fontCodePoints(fewer.font), [mapping.get('close')]);
    });

    it('refuses a name that is not an icon of the package, naming it', async () => {
      const { subsetCodicons, CodiconSubsetError } = await subsetModule();
      await assert.rejects(subsetCodicons(['close', 'no-such-icon']), (error: unknown) => error instanceof CodiconSubsetError && /no-such-icon/.test(error.message));
    });
  });
});
