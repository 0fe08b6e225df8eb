// The packaged .vsix (dist/svc-vscode.vsix from `npm run package`) as both stores receive it: one universal
// package whose files are what `vsce ls` lists, a manifest the Marketplace shows well (icon, banner, links that
// work on a web page), and the checks Open VSX makes on upload: ovsx's own (name, version, licence) and the
// registry's metadata rules (openVsxRules.ts), all without the network.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { isLicenseOk, validateManifest } from 'ovsx';
import { codeServerBuilds, makeRunDir, repoRoot, resultsDir, vsixPath } from '../harness/toolPaths';
import { openVsxIssues, type StoreManifest } from './openVsxRules';

interface PackagedManifest extends StoreManifest {
  icon?: string;
  engines: { vscode: string };
  devDependencies: Record<string, string>;
  extensionKind?: string[];
  capabilities?: Record<string, { supported?: unknown; description?: unknown }>;
}

const PREFIX = 'extension/';

function pngSize(png: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  assert.ok(signature.every((byte, i) => png[i] === byte), 'the icon is a PNG');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('the .vsix for the Marketplace and Open VSX', function () {
  let zip: JSZip;
  let manifest: PackagedManifest;
  const text = async (name: string): Promise<string> => {
    const file = zip.file(name);
    assert.ok(file, `${name} is in the package`);
    return file.async('string');
  };

  before(async function () {
    if (!fs.existsSync(vsixPath)) throw new Error(`${path.relative(repoRoot, vsixPath)} is missing: run \`npm run package\` first.`);
    zip = await JSZip.loadAsync(fs.readFileSync(vsixPath));
    manifest = JSON.parse(await text(`${PREFIX}package.json`)) as PackagedManifest;
  });

  it('holds exactly the files `vsce ls` lists, and none of the sources, tests or source maps', async function () {
    this.timeout(60_000);
    const listed = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce'), 'ls', '--no-dependencies'], { cwd: repoRoot, encoding: 'utf8' });
    assert.equal(listed.status, 0, `vsce ls failed:\n${listed.stderr}`);
    const expected = listed.stdout.split('\n').filter(Boolean).sort();
    // vsce renames LICENSE and lower-cases the readme and changelog inside the package.
    const renamed: Record<string, string> = { 'LICENSE.txt': 'LICENSE', 'readme.md': 'README.md', 'changelog.md': 'CHANGELOG.md' };
    const packaged = Object.keys(zip.files)
      .filter((name) => name.startsWith(PREFIX) && !zip.files[name]?.dir)
      .map((name) => name.slice(PREFIX.length))
      .map((name) => renamed[name] ?? name)
      .sort();
    assert.deepEqual(packaged, expected);
    for (const needed of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'media/icon.png', 'dist/extension.js']) assert.ok(expected.includes(needed), `${needed} is packaged`);
    assert.deepEqual(expected.filter((name) => /^(src|test|node_modules|scripts|bench)\/|\.map$|\.ts$/.test(name)), []);
  });

  it('holds every file a packaged bundle requires from beside it: the chat host\'s lazily loaded files and their chunks too', async () => {
    const packaged = new Set(Object.keys(zip.files).filter((name) => name.startsWith(`${PREFIX}dist/`)).map((name) => name.slice(PREFIX.length)));
    const missing: string[] = [];
    for (const name of [...packaged].filter((n) => n.endsWith('.js') || n.endsWith('.js.br'))) {
      const data = await zip.file(`${PREFIX}${name}`)!.async('nodebuffer');
      // A brotli-compressed bundle's requires are in what its loader inflates (esbuild.mjs).
      const code = name.endsWith('.br') ? zlib.brotliDecompressSync(data).toString('utf8') : data.toString('utf8');
      for (const [, required] of code.matchAll(/\brequire\("(\.\.?\/[^"]+)"\)/g)) {
        const target = path.posix.join(path.posix.dirname(name), required as string);
        if (!packaged.has(target)) missing.push(`${name} requires ${target}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('is one universal package: no target platform, so the same file goes to both stores', async () => {
    const identity = /<Identity\b[^>]*>/.exec(await text('extension.vsixmanifest'))?.[0] ?? '';
    assert.match(identity, /Id="svc-vscode"/);
    assert.doesNotMatch(identity, /TargetPlatform=/);
  });

  it('asks for the oldest VS Code the tests run in, and the compiler checks against that version’s API', () => {
    const oldest = codeServerBuilds.oldest.vscode;
    assert.equal(manifest.engines.vscode, `^${oldest}.0`);
    assert.equal(manifest.devDependencies['@types/vscode'], `${oldest}.0`, '@types/vscode is pinned to the engine');
  });

  it('has a square PNG icon of 128 or 256 pixels, declared as the gallery icon, and a banner', async () => {
    assert.ok(manifest.icon, 'package.json names an icon');
    const png = await zip.file(`${PREFIX}${manifest.icon}`)?.async('uint8array');
    assert.ok(png, `${manifest.icon} is in the package`);
    const { width, height } = pngSize(png);
    assert.equal(width, height, 'square');
    assert.ok(width === 128 || width === 256, `${width} pixels wide`);
    assert.match(await text('extension.vsixmanifest'), new RegExp(`<Icon>extension/${manifest.icon}</Icon>`));
    assert.match(String((manifest.galleryBanner as { color?: unknown } | undefined)?.color), /^#[0-9a-f]{6}$/i, 'a gallery banner colour');
  });

  it('passes the checks ovsx makes before it uploads (publisher, name, version, licence)', async () => {
    const dir = makeRunDir(path.join(resultsDir, 'runs'), 'ovsx');
    try {
      await fs.promises.writeFile(path.join(dir, 'package.json'), await text(`${PREFIX}package.json`));
      await fs.promises.writeFile(path.join(dir, 'LICENSE.txt'), await text(`${PREFIX}LICENSE.txt`));
      validateManifest(manifest as Parameters<typeof validateManifest>[0]);
      assert.equal(await isLicenseOk(dir), true);
      // Without the licence file and the field, ovsx would stop and ask (or refuse in CI).
      fs.rmSync(path.join(dir, 'LICENSE.txt'));
      assert.equal(await isLicenseOk(dir, { ...manifest, license: undefined } as Parameters<typeof isLicenseOk>[1]), false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('meets the Open VSX registry’s metadata rules, which refuse a broken manifest', () => {
    assert.deepEqual(openVsxIssues(manifest), []);
    const broken = openVsxIssues({ ...manifest, name: 'svc vscode', version: 'latest', repository: { url: 'svc-vscode.git' }, galleryBanner: { color: '#3b4bc8', theme: 'blue' } });
    assert.deepEqual(broken.map((issue) => issue.split(':')[0]), ['name', 'version', 'repository', 'galleryBanner.theme']);
  });

  it('points its repository at one real project URL, and its README has no relative link a store page would break', async () => {
    assert.equal(typeof manifest.repository === 'object' ? (manifest.repository as { url?: string }).url : undefined, 'https://github.com/svc-labs/svc-vscode.git');
    const readme = await text(`${PREFIX}readme.md`);
    const targets = [...readme.matchAll(/\]\(([^)\s]+)[^)]*\)|^\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1] ?? m[2] ?? '');
    assert.ok(targets.length > 0, 'the README has links');
    assert.deepEqual(targets.filter((target) => !/^(https:\/\/|mailto:|#)/.test(target)), []);
  });

  it('runs where the workspace’s files are, and declares what works in virtual and untrusted workspaces', () => {
    assert.deepEqual(manifest.extensionKind, ['workspace']);
    for (const kind of ['virtualWorkspaces', 'untrustedWorkspaces']) {
      const capability = manifest.capabilities?.[kind];
      assert.equal(capability?.supported, 'limited', kind);
      assert.ok(typeof capability?.description === 'string' && capability.description.length > 20, `${kind} says what is limited`);
    }
  });
});
