// edit_file's tolerances for edits as models write them, on real files: old_text copied with its line
// numbers, runs of spaces and tabs inside lines that differ from the file's, and an empty old_text that
// writes an empty or missing file. Each is applied only where it finds exactly one place, says so in
// the result, and is refused (file untouched) where it would find several.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { parseToolArguments } from '../../../src/core/tools/toolArguments';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { ToolRunResult } from '../../../src/core/tools/tool';
import { createWorkspaceTools } from '../../../src/core/tools/workspaceTools';
import { tempDir } from '../../support/emulatorTestBed';
import { nodeTestHost, ScriptedApprover, type TestHost } from '../../support/testWorkspaceHost';

const CRLF = (text: string) => text.replace(/\n/g, '\r\n');

const CART_TS = [
  "import { Money } from './money';",
  '',
  'export class Cart {',
  '  private items: Money[] = [];',
  '',
  '  add(price: Money): void {',
  '    this.items.push(price);',
  '  }',
  '',
  '  total(): Money {',
  '    return this.items.reduce((sum, p) => sum.plus(p), Money.zero());',
  '  }',
  '}',
  '',
].join('\n');

/** Go aligns struct fields and comments with tabs and spaces after the names (gofmt). */
const CONFIG_GO = [
  'package config',
  '',
  'type Server struct {',
  '\tHost    string        // where to listen',
  '\tPort    int           // 0 picks a free port',
  '\tTimeout time.Duration // per request',
  '}',
  '',
].join('\n');

describe('core/tools edit_file tolerances on real files: line numbers, spaces inside lines, empty files', () => {
  let root: string;
  let host: TestHost;
  let journal: ChangeJournal;
  let tools: ToolRegistry;
  let approver: ScriptedApprover;

  const file = (rel: string) => path.join(root, rel);
  const put = async (rel: string, text: string | Buffer) => {
    await fs.mkdir(path.dirname(file(rel)), { recursive: true });
    await fs.writeFile(file(rel), text);
  };
  const textOf = async (rel: string) => (await fs.readFile(file(rel))).toString('utf8');

  async function call(name: string, args: Record<string, unknown>): Promise<ToolRunResult> {
    const tool = tools.get(name);
    assert.ok(tool, `tool ${name} exists`);
    return tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), new AbortController().signal);
  }

  async function applied(rel: string, args: Record<string, unknown>, says: RegExp): Promise<ToolRunResult> {
    const result = await call('edit_file', { path: rel, ...args });
    assert.equal(result.status, 'done', result.content);
    assert.match(result.content, says);
    return result;
  }

  /** Runs the edit, expects it refused, and the file's bytes (or its absence) unchanged. */
  async function refused(rel: string, args: Record<string, unknown>, message: RegExp): Promise<ToolRunResult> {
    const before = await fs.readFile(file(rel)).catch(() => undefined);
    const result = await call('edit_file', { path: rel, ...args });
    assert.equal(result.status, 'failed', result.content);
    assert.match(result.content, message);
    assert.deepEqual(await fs.readFile(file(rel)).catch(() => undefined), before);
    assert.deepEqual(journal.filesChanged(), []);
    return result;
  }

  beforeEach(async () => {
    root = await fs.realpath(tempDir('svc-edit-tolerances-'));
    host = nodeTestHost([{ name: 'ws', path: root }]);
    journal = new ChangeJournal();
    approver = new ScriptedApprover(() => 'approve');
    tools = new ToolRegistry(createWorkspaceTools(host, new TaskApprovals(approver, { autoApproveEdits: false }), journal, { maxCommandOutputBytes: 1024 }));
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  describe('line-number prefixes', () => {
    it('old_text and new_text copied from our own closest-lines message, in a CRLF file, lose the numbers', async () => {
      await put('cart.ts', CRLF(CART_TS));
      const miss = await refused('cart.ts', { old_text: '  total(): Money {\n    return this.items.reduce((s, p) => s.plus(p), Money.zero());\n  }', new_text: '' }, /closest lines/);
      const listing = miss.content.split('\n').filter((line) => /^ *\d+ \| /.test(line));
      assert.deepEqual(listing, ['10 |   total(): Money {', '11 |     return this.items.reduce((sum, p) => sum.plus(p), Money.zero());', '12 |   }']);
      const newText = ['10 |   total(): Money {', '11 |     const sum = this.items.reduce((sum, p) => sum.plus(p), Money.zero());', '12 |     return sum.rounded();', '13 |   }'].join('\n');
      await applied('cart.ts', { old_text: listing.join('\n'), new_text: newText }, /^Updated cart.ts \(15 lines\): line-number prefixes \(lines 10-12\) removed from old_text and new_text\.$/);
      assert.equal(
        await textOf('cart.ts'),
        CRLF(CART_TS.replace('    return this.items.reduce((sum, p) => sum.plus(p), Money.zero());', '    const sum = this.items.reduce((sum, p) => sum.plus(p), Money.zero());\n    return sum.rounded();')),
      );
    });

    const styles: { name: string; number: (n: number, width: number) => string }[] = [
      { name: 'padded "  12 | "', number: (n, w) => `${String(n).padStart(w + 2)} | ` },
      { name: '"12|"', number: (n) => `${n}|` },
      { name: 'Claude Code\'s "     12→"', number: (n) => `${String(n).padStart(6)}→` },
      { name: '"L12:"', number: (n) => `L${n}:` },
      { name: 'cat -n "     12<tab>"', number: (n) => `${String(n).padStart(6)}\t` },
      { name: 'grep -n "12:"', number: (n) => `${n}:` },
      { name: 'a bare "12 "', number: (n, w) => `${String(n).padStart(w)} ` },
      { name: 'a wide "  12   "', number: (n, w) => `${String(n).padStart(w + 2)}   ` },
    ];
    for (const style of styles) {
      it(`${style.name} prefixes on every line of old_text are removed; new_text without numbers is written as given`, async () => {
        await put('cart.ts', CART_TS);
        const lines = CART_TS.split('\n').slice(5, 9);
        const oldText = lines.map((line, i) => `${style.number(6 + i, 1)}${line}`).join('\n');
        const result = await applied('cart.ts', { old_text: oldText, new_text: '  add(price: Money): void {\n    this.items.push(price.rounded());\n  }\n' }, /line-number prefixes \(lines 6-9\) removed from old_text;?/);
        assert.doesNotMatch(result.content, /and new_text/);
        assert.equal(await textOf('cart.ts'), CART_TS.replace('this.items.push(price);', 'this.items.push(price.rounded());'));
      });
    }

    it('tab-indented lines after "N→" keep their tabs; blank lines shown as a number alone still count', async () => {
      await put('config.go', CONFIG_GO);
      const oldText = '     6→\tTimeout time.Duration // per request\n     7→}\n     8';
      const newText = '     6→\tTimeout time.Duration // per request\n     7→\tRetries int\n     8→}\n     9';
      await applied('config.go', { old_text: oldText, new_text: newText }, /lines 6-8\) removed from old_text and new_text/);
      assert.equal(await textOf('config.go'), CONFIG_GO.replace('// per request\n}', '// per request\n\tRetries int\n}'));
    });

    it('numbers that name other lines than where the text is (a stale listing) are refused', async () => {
      await put('cart.ts', CART_TS);
      await refused('cart.ts', { old_text: '5 |   add(price: Money): void {\n6 |     this.items.push(price);', new_text: 'x' }, /line-number prefixes say lines 5-6, but without them it is at line 6 of cart.ts; nothing was changed/);
    });

    it('numbers that do not count up by one are kept as text, and the refusal says why', async () => {
      await put('cart.ts', CART_TS);
      await refused('cart.ts', { old_text: '6 |   add(price: Money): void {\n8 |   }', new_text: 'x' }, /not found in cart.ts.*line numbers, but they do not count up by one \(6, 8\).*\n.*closest lines/s);
    });

    it('new_text with numbers on some lines only is refused rather than half cut', async () => {
      await put('cart.ts', CART_TS);
      await refused('cart.ts', { old_text: '7 |     this.items.push(price);\n8 |   }', new_text: '7 |     this.items.push(price);\n    this.count++;\n8 |   }' }, /new_text has line-number prefixes on 2 of its 3 lines/);
    });

    it('ambiguous: without the numbers the text is at two places, and the numbers do not choose', async () => {
      const twice = 'def first():\n    value = load()\n    return value\n\n\ndef second():\n    value = load()\n    return value\n';
      await put('twice.py', twice);
      await refused('twice.py', { old_text: '7 |     value = load()\n8 |     return value', new_text: '    return load()' }, /Without its line-number prefixes \(lines 7-8\), old_text occurs 2 times in twice.py \(lines 2, 7\); nothing was changed\. Line numbers do not choose/);
    });
  });

  describe('runs of spaces and tabs inside lines', () => {
    it('single spaces where gofmt aligned with spaces: matched; unchanged lines keep the file\'s alignment (CRLF kept)', async () => {
      await put('config.go', CRLF(CONFIG_GO));
      const result = await applied(
        'config.go',
        { old_text: '\tHost string // where to listen\n\tPort int // 0 picks a free port', new_text: '\tHost string // where to listen\n\tPort int // 8080 when empty' },
        /matched ignoring runs of spaces and tabs inside lines/,
      );
      assert.doesNotMatch(result.content, /re-indented/);
      assert.equal(await textOf('config.go'), CRLF(CONFIG_GO.replace('\tPort    int           // 0 picks a free port', '\tPort int // 8080 when empty')));
    });

    it('tabs inside a line in the file, spaces in old_text, and the indentation shifted too: re-indented as the indentation rule says', async () => {
      const makefileLike = 'build:\n\tif [ -n "$(CI)" ]; then\n\t\techo\tci\t>> log.txt\n\tfi\n';
      await put('ci.sh', makefileLike);
      await applied('ci.sh', { old_text: '    echo ci >> log.txt\nfi', new_text: '    echo ci >> build.log\nfi' }, /matched ignoring runs of spaces and tabs inside lines; new_text indented with tabs as the file is/);
      assert.equal(await textOf('ci.sh'), 'build:\n\tif [ -n "$(CI)" ]; then\n\t\techo ci >> build.log\n\tfi\n');
    });

    it('a space the file does not have at all is not a run that differs: refused with the closest lines', async () => {
      await put('call.ts', 'const r = f(a,b);\n');
      await refused('call.ts', { old_text: 'const r = f(a, b);', new_text: 'const r = g(a, b);' }, /not found.*runs of spaces inside lines.*\n1 \| const r = f\(a,b\);/s);
    });

    it('ambiguous: two lines that differ from old_text only by inner spacing are refused with their lines', async () => {
      await put('table.py', 'RATES = {\n    "eu":  0.2,\n}\nFALLBACK = {\n    "eu":\t0.2,\n}\n');
      await refused('table.py', { old_text: '    "eu": 0.2,', new_text: '    "eu": 0.21,' }, /ignoring runs of spaces and tabs inside lines it matches 2 places \(lines 2, 5\); nothing was changed/);
    });
  });

  describe('an empty old_text on an empty or missing file', () => {
    it('a missing file in a missing folder is created as write_file creates it, after the usual "Create" approval', async () => {
      const result = await applied('src/util/clamp.ts', { old_text: '', new_text: 'export const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));\n' }, /^Created src\/util\/clamp.ts \(2 lines\): old_text was empty and the file empty or missing, so new_text is its whole content\.$/);
      assert.equal(result.status, 'done');
      assert.equal(await textOf('src/util/clamp.ts'), 'export const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));\n');
      assert.deepEqual(approver.asked.map((r) => [r.kind, r.title]), [['edit', 'Create src/util/clamp.ts?']]);
      assert.deepEqual(journal.filesChanged(), ['src/util/clamp.ts']);
      await journal.undoAll(host.files);
      await assert.rejects(fs.stat(file('src/util/clamp.ts')), /ENOENT/, 'undo removes the created file');
    });

    it('an empty file keeps its UTF-8 byte order mark and gets new_text as its content', async () => {
      await put('notes.md', Buffer.from([0xef, 0xbb, 0xbf]));
      await applied('notes.md', { old_text: '', new_text: '# Notes\r\n\r\n- first\r\n' }, /^Updated notes.md \(4 lines\): old_text was empty/);
      assert.deepEqual(await fs.readFile(file('notes.md')), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# Notes\r\n\r\n- first\r\n')]));
      assert.deepEqual(approver.asked.map((r) => r.title), ['Make this edit to notes.md?']);
    });

    it('a missing file that configures tools is always asked, even with edits auto-approved', async () => {
      tools = new ToolRegistry(createWorkspaceTools(host, new TaskApprovals(approver, { autoApproveEdits: true }), journal, { maxCommandOutputBytes: 1024 }));
      await applied('.vscode/tasks.json', { old_text: '', new_text: '{ "version": "2.0.0" }\n' }, /^Created \.vscode\/tasks.json/);
      assert.equal(approver.asked.length, 1);
      assert.equal(approver.asked[0]?.alwaysAsk, true);
    });

    it('the path policy of a write holds: inside .git, outside the workspace and through a symlinked folder are refused, nothing created', async () => {
      await fs.mkdir(file('.git'));
      await assert.rejects(call('edit_file', { path: '.git/hooks/pre-commit', old_text: '', new_text: 'rm -rf /' }), /inside \.git may not be changed/);
      await assert.rejects(call('edit_file', { path: '../outside.txt', old_text: '', new_text: 'x' }), /outside\.txt/);
      await assert.rejects(fs.stat(file('.git/hooks/pre-commit')), /ENOENT/);
      const outside = await fs.realpath(tempDir('svc-edit-outside-'));
      await fs.symlink(outside, file('linked'));
      await assert.rejects(call('edit_file', { path: 'linked/planted.sh', old_text: '', new_text: 'x' }), /resolves outside the workspace/);
      assert.deepEqual(await fs.readdir(outside), []);
      await fs.rm(outside, { recursive: true, force: true });
      assert.equal(approver.asked.length, 0);
    });

    it('ambiguous: an empty old_text on a file with text would match everywhere, so it is refused naming its lines', async () => {
      await put('cart.ts', CART_TS);
      await refused('cart.ts', { old_text: '', new_text: 'x' }, /old_text is empty, and cart.ts is not \(14 lines\), so it would match at every position, lines 1-14; nothing was changed/);
      await put('newline.txt', '\n');
      await refused('newline.txt', { old_text: '', new_text: 'x' }, /newline.txt is not \(2 lines\)/);
    });

    it('a missing file with a non-empty old_text still points to write_file', async () => {
      await refused('absent.ts', { old_text: 'a', new_text: 'b' }, /absent.ts does not exist.*use write_file.*or edit_file with an empty old_text/);
    });
  });
});
