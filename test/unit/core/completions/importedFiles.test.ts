// The files a document imports (TypeScript, JavaScript, Python, C, C++, Rust) go into the completion prompt's related context:
// resolved as the compilers resolve relative imports, read from real files through the path gate (what
// it refuses is attacked in test/security/completionImportsTrust.test.ts), first within the related
// budget, and the same bytes at every keystroke while the imports stay the same.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { completionMessages, stablePrefix } from '../../../../src/core/completions/completionPrompt';
import { CompletionContextSchema, type RelatedSnippet } from '../../../../src/core/completions/completionTypes';
import { IMPORT_LINES, ImportedFiles } from '../../../../src/core/completions/importedFiles';
import { importedPaths } from '../../../../src/core/completions/importSyntax';
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
    const imports = importedPaths('typescript', 'src/app.ts', text);
    assert.deepEqual(imports.map((candidates) => candidates[0]), ['src/util.ts', 'lib/shape.ts', 'src/polyfill.ts', 'src/types.ts', 'src/legacy.ts', 'src/lazy.ts']);
    assert.equal(importedPaths('javascriptreact', 'src/app.jsx', text).length, 6);
    assert.deepEqual(imports[1], ['lib/shape.ts', 'lib/shape.tsx', 'lib/shape.js'], 'written .js: the TypeScript source first');
    assert.deepEqual(imports[0]!.slice(0, 3), ['src/util.ts', 'src/util.tsx', 'src/util.d.ts']);
    assert.ok(importedPaths('typescript', 'src/app.ts', "import { Button } from './widgets';")[0]!.includes('src/widgets/index.tsx'));
    assert.deepEqual(importedPaths('typescript', 'src/app.ts', "import '../../etc/passwd';"), [], 'out of the workspace folder: nothing tried');
    assert.deepEqual(importedPaths('plaintext', 'a.txt', "import './x';"), []);
  });

  it('finds the relative imports of Python, C and C++, and Rust, and no package or system header', () => {
    const py = ['import os', 'from typing import Any', 'from .models import User', 'from ..core.db import (', '    connect,', ')', 'from . import views, forms', '    from .models import Again'].join('\n');
    assert.deepEqual(importedPaths('python', 'app/api/routes.py', py), [
      ['app/api/models.py', 'app/api/models.pyi', 'app/api/models/__init__.py'],
      ['app/core/db.py', 'app/core/db.pyi', 'app/core/db/__init__.py'],
      ['app/api/views.py', 'app/api/views.pyi', 'app/api/views/__init__.py'],
      ['app/api/forms.py', 'app/api/forms.pyi', 'app/api/forms/__init__.py'],
    ]);
    assert.deepEqual(importedPaths('python', 'top.py', 'from .. import escape'), [], 'above the workspace folder: nothing tried');
    const c = ['#include <stdio.h>', '#include "util.h"', '  #  include "../include/shape.h"', '#include "util.h"'].join('\n');
    assert.deepEqual(importedPaths('c', 'src/main.c', c), [['src/util.h'], ['include/shape.h']]);
    assert.deepEqual(importedPaths('cpp', 'src/main.cpp', c).length, 2);
    const rs = ['use std::io;', 'mod parser;', 'pub mod lexer;', 'pub(crate) mod ast;', 'mod tests {', '}'].join('\n');
    assert.deepEqual(importedPaths('rust', 'src/main.rs', rs), [['src/parser.rs', 'src/parser/mod.rs'], ['src/lexer.rs', 'src/lexer/mod.rs'], ['src/ast.rs', 'src/ast/mod.rs']]);
    assert.deepEqual(importedPaths('rust', 'src/net.rs', 'mod tcp;'), [['src/net/tcp.rs', 'src/net/tcp/mod.rs']], "a module file's modules live in the folder of its name");
  });

  it('reads what Python, C and Rust files import, from real files', async () => {
    await write('app/models/__init__.py', 'class User:\n    name: str\n');
    await write('app/views.py', 'def index(request):\n    return "ok"\n');
    const routes = 'from .models import User\nfrom . import views\nfrom .missing import nothing\n';
    await write('app/routes.py', routes);
    await write('src/util.h', 'int add(int a, int b);\n');
    await write('src/parser/mod.rs', 'pub fn parse() {}\n');
    const { imports } = reader();
    assert.deepEqual((await imports.snippets('app/routes.py', 'python', routes)).map((s) => [s.path, s.text]), [
      ['app/models/__init__.py', 'class User:\n    name: str\n'],
      ['app/views.py', 'def index(request):\n    return "ok"\n'],
    ]);
    assert.deepEqual((await imports.snippets('src/main.c', 'c', '#include "util.h"\n#include <stdlib.h>\n')).map((s) => s.path), ['src/util.h']);
    assert.deepEqual((await imports.snippets('src/main.rs', 'rust', 'mod parser;\nfn main() {}\n')).map((s) => s.path), ['src/parser/mod.rs']);
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
