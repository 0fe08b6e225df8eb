// The docs name real files: every `src/...` path in docs/*.md, README.md and CONTRIBUTING.md exists, so a
// file renamed or moved takes its mentions along. A path may leave out `.ts`, as an import does.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const LAYERS = ['api', 'core', 'emulator', 'extension', 'shared', 'webview'];
/** A path into one of the layers (examples such as "src/app.ts" in a message format are no paths of ours). */
const SOURCE_PATH = new RegExp(`(?<![\\w./-])src/(?:${LAYERS.join('|')})(?:/[\\w.-]+)*`, 'g');

function docs(): string[] {
  const folder = path.join(ROOT, 'docs');
  return [...fs.readdirSync(folder).filter((name) => name.endsWith('.md')).map((name) => path.join('docs', name)), 'README.md', 'CONTRIBUTING.md'];
}

function exists(named: string): boolean {
  const trimmed = named.replace(/[.]+$/, '');
  return [trimmed, `${trimmed}.ts`].some((candidate) => fs.existsSync(path.join(ROOT, candidate)));
}

function missingPaths(text: string): string[] {
  return [...new Set(text.match(SOURCE_PATH) ?? [])].filter((named) => !exists(named));
}

describe('paths the docs name', () => {
  it('finds a path that does not exist, and accepts one without its .ts', () => {
    assert.deepEqual(missingPaths('See `src/core/noSuchFile.ts` and src/api/schemas, and `src/extension/chatHost.ts`.'), ['src/core/noSuchFile.ts']);
  });

  it('every src/ path in the docs exists', () => {
    const missing = docs().flatMap((doc) => missingPaths(fs.readFileSync(path.join(ROOT, doc), 'utf8')).map((named) => `${doc}: ${named}`));
    assert.deepEqual(missing, []);
  });
});
