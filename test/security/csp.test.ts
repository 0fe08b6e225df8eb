// The chat view's HTML as the extension builds it (src/extension/webviewHtml.ts, called with a fake
// webview): its Content-Security-Policy allows no inline or eval'd script and no remote origin, starts
// from default-src 'none', and every script carries the policy's fresh nonce.
import assert from 'node:assert/strict';
import { fakeVscode, installFakeVscode, type FakeUri } from './fakeVscodeModule';

installFakeVscode();

const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';

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

describe('security: the webview Content-Security-Policy', () => {
  let html: string;
  let html2: string;

  before(async () => {
    const { chatViewHtml, createNonce } = await import('../../src/extension/webviewHtml');
    const extensionUri = fakeVscode.Uri.file('/ext');
    // The host's own types are the real vscode ones; the fake carries only what the function uses.
    const build = chatViewHtml as unknown as (webview: ReturnType<typeof fakeWebview>, uri: FakeUri, nonce: string) => string;
    html = build(fakeWebview(), extensionUri, createNonce());
    html2 = build(fakeWebview(), extensionUri, createNonce());
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

  it('allows no inline script, no eval and no remote origin for scripts', () => {
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

  it('puts the policy nonce on every script, has no inline script, and draws a fresh nonce per page', () => {
    const { map } = policyOf(html);
    const nonce = (map.get('script-src')?.[0] ?? '').slice("'nonce-".length, -1);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    assert.ok(scripts.length >= 1, 'the page has its script');
    for (const [, attributes, body] of scripts) {
      assert.match(attributes as string, new RegExp(`\\bnonce="${nonce.replace(/[+/]/g, '\\$&')}"`), 'script has the nonce');
      assert.match(attributes as string, /\bsrc="[^"]+"/, 'script is loaded from a file');
      assert.equal((body as string).trim(), '', 'no inline script body');
      const src = /\bsrc="([^"]+)"/.exec(attributes as string)?.[1] ?? '';
      assert.ok(src.startsWith(CSP_SOURCE), `script comes from the extension (${src})`);
    }
    assert.doesNotMatch(html, /\son[a-z]+\s*=/i, 'no inline event handler attributes');
    assert.doesNotMatch(html, /<style\b|\sstyle\s*=/i, 'no inline style');
    const other = (policyOf(html2).map.get('script-src')?.[0] ?? '').slice("'nonce-".length, -1);
    assert.notEqual(other, nonce, 'each page gets its own nonce');
  });
});
