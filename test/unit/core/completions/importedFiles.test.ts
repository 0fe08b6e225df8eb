// The files a TypeScript or JavaScript file imports go into the completion prompt's related context:
// resolved as the compilers resolve relative imports, read from real files through the path gate (what
// it refuses is attacked in test/security/completionImportsTrust.test.ts), first within the related
// budget, and the same bytes at every keystroke while the imports stay the same.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { completionMessages, stablePrefix } from '../../../../src/core/completions/completionPrompt';
import { CompletionContextSchema, type RelatedSnippet } from '../../../../src/core/completions/completionTypes';
import { IMPORT_LINES, ImportedFiles, importCandidates, relativeImports } from '../../../../src/core/completions/importedFiles';
import { WorkspacePathPolicy } from '../../../../src/core/tools/pathPolicy';
import { SecretFileRules } from '../../../../src/core/tools/secretFiles';
import { NodeWorkspaceFiles } from '../../../../src/extension/workspaceTools/nodeWorkspaceFiles';

const numbered = (name: string, count: number) => Array.from({ length: count }, (_, i) => `export const ${name}${i + 1} = ${i + 1};`).join('\n');

describe('the imported files of a completion', () => {
  let base: string;
  let root: string;

  async function write(relative: string, text: string): Promise<void> {
    await fs.mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await fs.writeFile(path.join(root, relative), text);
  }

  /** The real reader on the workspace, counting the files read. */
  function reader(): { imports: ImportedFiles; reads: string[] } {
    const files = new NodeWorkspaceFiles(() => [{ name: 'ws', path: root }], () => []);
    const reads: string[] = [];
    const counting = Object.assign(Object.create(files) as NodeWorkspaceFiles, {
      readFile: (p: string, options?: { maxBytes?: number }) => {
        reads.push(path.relative(root, p));
        return files.readFile(p, options);
      },
    });
    return { imports: new ImportedFiles({ files: counting, policy: () => new WorkspacePathPolicy(counting, new SecretFileRules()) }), reads };
  }

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-imports-')));
    root = path.join(base, 'ws');
    await fs.mkdir(root);
  });

  afterEach(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  it('finds the relative imports of TypeScript and JavaScript, in order and once each, and no package', () => {
    const text = [
      "import { a } from './util';",
      'import type {',
      '  Shape,',
      "} from '../lib/shape.js';",
      "import React from 'react';",
      "import './polyfill';",
      "export * from \"./types\";",
      "const legacy = require('./legacy');",
      "const lazy = await import('./lazy');",
      "import { b } from './util';",
    ].join('\n');
    assert.deepEqual(relativeImports('typescript', text), ['./util', '../lib/shape.js', './polyfill', './types', './legacy', './lazy']);
    assert.deepEqual(relativeImports('javascriptreact', text).length, 6);
    assert.deepEqual(relativeImports('python', 'from .util import a'), []);
    assert.deepEqual(importCandidates('src/app.ts', '../lib/shape.js'), ['lib/shape.ts', 'lib/shape.tsx', 'lib/shape.js']);
    assert.deepEqual(importCandidates('src/app.ts', './util').slice(0, 3), ['src/util.ts', 'src/util.tsx', 'src/util.d.ts']);
    assert.ok(importCandidates('src/app.ts', './widgets').includes('src/widgets/index.tsx'));
    assert.deepEqual(importCandidates('src/app.ts', '../../etc/passwd'), [], 'out of the workspace folder: nothing tried');
  });

  it('reads the start of each imported file, resolved as TypeScript does, from real files', async () => {
    await write('src/util.ts', numbered('util', 100));
    await write('lib/shape.ts', 'export interface Shape { area(): number }\n');
    await write('lib/shape.js', 'the compiled file, not the source\n');
    await write('src/widgets/index.tsx', 'export const Button = () => null;\n');
    await write('src/legacy.js', 'module.exports = { old: true };\n');
    const app = ["import { util1 } from './util';", "import type { Shape } from '../lib/shape.js';", "import React from 'react';", "import { nothing } from './missing';", "import { Button } from './widgets';", "const legacy = require('./legacy');", '', 'export const x = 1;'].join('\n');
    await write('src/app.ts', app);
    const { imports } = reader();
    const snippets = await imports.snippets('src/app.ts', 'typescript', app);
    assert.deepEqual(
      snippets.map((s) => [s.path, s.kind]),
      [
        ['src/util.ts', 'import'],
        ['lib/shape.ts', 'import'],
        ['src/widgets/index.tsx', 'import'],
      ],
      'the first four relative imports (./missing resolves to nothing), packages not followed',
    );
    assert.equal(snippets[0]!.text, numbered('util', IMPORT_LINES), `the first ${IMPORT_LINES} lines`);
    assert.equal(snippets[1]!.text, 'export interface Shape { area(): number }\n');
    await write('src/bundle.js', `${'x'.repeat(600 * 1024)}\n`);
    await fs.writeFile(path.join(root, 'src', 'blob.js'), Buffer.from([0x65, 0x78, 0, 0x01]));
    const large = await imports.snippets('src/other.ts', 'typescript', "import './bundle';\nimport './blob';\nimport './util';");
    assert.deepEqual(large.map((s) => s.path), ['src/util.ts'], 'a file over 512 KB and a binary file are left out');
  });

  it('gives the same stable prefix at every keystroke, reading the imports once, and again after a change', async () => {
    await write('src/util.ts', 'export function total(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0);\n}\n');
    const head = "import { total } from './util';\n\nexport function report(items: number[]): string {\n  ";
    const tail = '\n}\n';
    await write('src/app.ts', head + tail);
    const { imports, reads } = reader();
    const typed = 'return `total: ${total(items)}`;';
    const prefixes: string[] = [];
    for (let i = 0; i <= typed.length; i++) {
      const text = head + typed.slice(0, i) + tail;
      const related = await imports.snippets('src/app.ts', 'typescript', text);
      const context = CompletionContextSchema.parse({ path: 'src/app.ts', languageId: 'typescript', before: head + typed.slice(0, i), after: tail, related });
      prefixes.push(stablePrefix(context));
      assert.ok(String(completionMessages(context, 'single-line')[1]!.content).startsWith(prefixes[0]!));
    }
    assert.ok(prefixes.every((p) => p === prefixes[0]), 'byte-identical');
    assert.match(prefixes[0]!, /Related \(import\) src\/util\.ts:\n```\nexport function total/);
    assert.deepEqual(reads, ['src/util.ts'], 'read once for the whole line');

    await write('src/util.ts', 'export function total(items: readonly number[]): number;\n');
    const unchanged = await imports.snippets('src/app.ts', 'typescript', head + tail);
    assert.match(unchanged[0]!.text, /items: number\[\]/, 'kept until a file changes');
    imports.forget();
    const fresh = await imports.snippets('src/app.ts', 'typescript', head + tail);
    assert.match(fresh[0]!.text, /readonly number\[\]/, 'read again once told a file changed');
  });

  it('puts imported files before open tabs within the related budget', async () => {
    await write('src/big.ts', numbered('big', IMPORT_LINES));
    const text = "import { big1 } from './big';\n";
    const { imports } = reader();
    const imported = await imports.snippets('src/app.ts', 'typescript', text);
    const tab: RelatedSnippet = { path: 'src/open.ts', kind: 'open-tab', text: 'x'.repeat(3000) };
    const prefix = stablePrefix(CompletionContextSchema.parse({ path: 'src/app.ts', languageId: 'typescript', before: text, after: '', related: [tab, ...imported] }));
    assert.ok(prefix.includes('Related (import) src/big.ts'), 'the import is kept');
    assert.ok(!prefix.includes('src/open.ts'), 'the open tab no longer fits after it');
  });
});
