import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as iconv from 'iconv-lite';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { parseToolArguments } from '../../../src/core/tools/toolArguments';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { ToolRunResult } from '../../../src/core/tools/tool';
import { createWorkspaceTools } from '../../../src/core/tools/workspaceTools';
import { tempDir } from '../../support/emulatorTestBed';
import { nodeTestHost, ScriptedApprover, type TestHost } from '../../support/testWorkspaceHost';

describe('core/tools edit_file and write_file on real files: encodings, line endings, tolerances', () => {
  let root: string;
  let host: TestHost;
  let journal: ChangeJournal;
  let tools: ToolRegistry;
  let approver: ScriptedApprover;

  const file = (rel: string) => path.join(root, rel);
  const put = (rel: string, bytes: Uint8Array | string) => fs.writeFile(file(rel), bytes);
  const bytesOf = (rel: string) => fs.readFile(file(rel));

  async function call(name: string, args: Record<string, unknown>): Promise<ToolRunResult> {
    const tool = tools.get(name);
    assert.ok(tool, `tool ${name} exists`);
    return tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), new AbortController().signal);
  }

  const edit = (rel: string, old_text: string, new_text: string, extra: Record<string, unknown> = {}) => call('edit_file', { path: rel, old_text, new_text, ...extra });

  /** Runs the edit, expects it refused, and the file's bytes unchanged. */
  async function refused(rel: string, args: Record<string, unknown>, message: RegExp): Promise<ToolRunResult> {
    const before = await bytesOf(rel);
    const changedBefore = journal.filesChanged();
    const result = await call('edit_file', { path: rel, ...args });
    assert.equal(result.status, 'failed', result.content);
    assert.match(result.content, message);
    assert.deepEqual(await bytesOf(rel), before);
    assert.deepEqual(journal.filesChanged(), changedBefore);
    return result;
  }

  beforeEach(async () => {
    root = await fs.realpath(tempDir('svc-edits-'));
    host = nodeTestHost([{ name: 'ws', path: root }]);
    journal = new ChangeJournal();
    approver = new ScriptedApprover(() => 'approve');
    tools = new ToolRegistry(createWorkspaceTools(host, new TaskApprovals(approver, { autoApproveEdits: false }), journal, { maxCommandOutputBytes: 1024 }));
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  describe('line endings', () => {
    it('a CRLF file edited with LF text keeps CRLF everywhere, and read_file shows lines without CR and says CRLF', async () => {
      await put('a.ts', 'function a() {\r\n  return 1;\r\n}\r\n');
      const read = await call('read_file', { path: 'a.ts' });
      assert.equal(read.content, 'a.ts lines 1-4 of 4 (CRLF):\nfunction a() {\n  return 1;\n}\n');
      const result = await edit('a.ts', 'function a() {\n  return 1;\n}', 'function a() {\n  const x = 1;\n  return x;\n}');
      assert.equal(result.status, 'done', result.content);
      assert.equal((await bytesOf('a.ts')).toString('latin1'), 'function a() {\r\n  const x = 1;\r\n  return x;\r\n}\r\n');
    });

    it('a mixed file: new lines take the ending of the line where the match starts, other lines keep theirs', async () => {
      await put('m.txt', 'one\r\ntwo\nthree\r\nfour\n');
      const read = await call('read_file', { path: 'm.txt' });
      assert.match(read.content, /^m.txt lines 1-5 of 5 \(mixed CRLF and LF line endings\):\none\ntwo\nthree\nfour\n$/);
      assert.equal((await edit('m.txt', 'three\nfour', 'three\n3.5\nfour')).status, 'done');
      assert.equal((await bytesOf('m.txt')).toString('latin1'), 'one\r\ntwo\nthree\r\n3.5\r\nfour\n');
      assert.equal((await edit('m.txt', 'two', 'two\n2.5')).status, 'done');
      assert.equal((await bytesOf('m.txt')).toString('latin1'), 'one\r\ntwo\n2.5\nthree\r\n3.5\r\nfour\n');
    });

    it('write_file over a CRLF file writes CRLF unless the content has CRLF itself; a new file is UTF-8 LF as given', async () => {
      await put('w.txt', 'a\r\nb\r\n');
      assert.equal((await call('write_file', { path: 'w.txt', content: 'x\ny\n' })).status, 'done');
      assert.equal((await bytesOf('w.txt')).toString('latin1'), 'x\r\ny\r\n');
      assert.equal((await call('write_file', { path: 'w.txt', content: 'p\r\nq\n' })).status, 'done');
      assert.equal((await bytesOf('w.txt')).toString('latin1'), 'p\r\nq\n');
      assert.equal((await call('write_file', { path: 'new.txt', content: 'n\nö\n' })).status, 'done');
      assert.deepEqual(await bytesOf('new.txt'), Buffer.from('n\nö\n', 'utf8'));
    });
  });

  describe('encodings', () => {
    it('UTF-8 with BOM keeps its BOM', async () => {
      await put('bom.cs', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('class A {}\r\n')]));
      assert.match((await call('read_file', { path: 'bom.cs' })).content, /^bom.cs lines 1-2 of 2 \(CRLF, UTF-8 with BOM\):\nclass A \{\}\n$/);
      assert.equal((await edit('bom.cs', 'class A {}', 'class B {}')).status, 'done');
      assert.deepEqual(await bytesOf('bom.cs'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('class B {}\r\n')]));
    });

    it('a Latin-1 file is read with its real letters and written back in Latin-1, byte for byte elsewhere', async () => {
      const original = iconv.encode('# Café menu\nprix = "3 €"\nnaïve = 1\n', 'windows-1252');
      await put('menu.py', original);
      const read = await call('read_file', { path: 'menu.py' });
      assert.match(read.content, /\(windows-1252\):\n# Café menu\nprix = "3 €"\n/);
      assert.doesNotMatch(read.content, /\ufffd/);
      const result = await edit('menu.py', 'naïve = 1', 'naïve = 2 # déjà');
      assert.equal(result.status, 'done', result.content);
      assert.deepEqual(await bytesOf('menu.py'), iconv.encode('# Café menu\nprix = "3 €"\nnaïve = 2 # déjà\n', 'windows-1252'));
      assert.equal(host.diffPreview.shown[0]?.before, '# Café menu\nprix = "3 €"\nnaïve = 1\n', 'the diff shows real characters');
    });

    it('a GBK file is edited in GBK; a character GBK cannot hold is refused with the file untouched', async () => {
      await put('zh.js', iconv.encode('// 中文注释\r\nconst 问候 = "你好";\r\n', 'gbk'));
      assert.match((await call('read_file', { path: 'zh.js' })).content, /\(CRLF, GB18030\):\n\/\/ 中文注释\nconst 问候 = "你好";\n/);
      const result = await edit('zh.js', 'const 问候 = "你好";', 'const 问候 = "你好，世界";');
      assert.equal(result.status, 'done', result.content);
      assert.deepEqual(await bytesOf('zh.js'), iconv.encode('// 中文注释\r\nconst 问候 = "你好，世界";\r\n', 'gbk'));
      await put('latin.txt', iconv.encode('très bien\n', 'latin1'));
      await refused('latin.txt', { old_text: 'très bien', new_text: 'très bien 中' }, /stored as .*cannot hold "中" \(U\+4E2D, line 1/);
    });

    it('UTF-16 LE with BOM is edited in UTF-16 LE', async () => {
      const encode = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]);
      await put('u16.txt', encode('alpha\r\nbeta\r\n'));
      assert.match((await call('read_file', { path: 'u16.txt' })).content, /\(CRLF, UTF-16 LE\):\nalpha\nbeta\n/);
      assert.equal((await edit('u16.txt', 'beta', 'gamma')).status, 'done');
      assert.deepEqual(await bytesOf('u16.txt'), encode('alpha\r\ngamma\r\n'));
    });

    it('a file that would not read and write back unchanged is refused before anything happens, saying why', async () => {
      // A UTF-8 BOM followed by bytes that are not UTF-8.
      await put('broken.txt', Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0xff, 0x62, 0x0a]));
      await refused('broken.txt', { old_text: 'a', new_text: 'b' }, /cannot be read or edited safely: its bytes are not valid UTF-8 with BOM/);
      // UTF-16 with an odd number of bytes.
      await put('odd.txt', Buffer.from([0xff, 0xfe, 0x61, 0x00, 0x62]));
      await refused('odd.txt', { old_text: 'a', new_text: 'b' }, /not valid UTF-16 LE/);
      const write = await call('write_file', { path: 'odd.txt', content: 'x' });
      assert.equal(write.status, 'failed');
      assert.deepEqual(await bytesOf('odd.txt'), Buffer.from([0xff, 0xfe, 0x61, 0x00, 0x62]));
    });

    it('a binary file stays refused', async () => {
      await put('bin.dat', Buffer.from([0x61, 0x00, 0x62]));
      await refused('bin.dat', { old_text: 'a', new_text: 'b' }, /binary file/);
    });
  });

  describe('tolerances, each only when it finds exactly one place', () => {
    it('trailing whitespace: the file\'s trailing spaces on unchanged lines are kept', async () => {
      await put('t.py', 'def f():   \n    x = 1  \n    return x\n');
      const result = await edit('t.py', 'def f():\n    x = 1\n    return x', 'def f():\n    x = 2\n    return x');
      assert.equal(result.status, 'done', result.content);
      assert.match(result.content, /matched ignoring trailing whitespace/);
      assert.equal((await bytesOf('t.py')).toString(), 'def f():   \n    x = 2\n    return x\n');
    });

    it('indentation drift: new_text is re-indented by the same offset', async () => {
      await put('i.ts', 'class A {\n    run() {\n        go();\n    }\n}\n');
      const result = await edit('i.ts', 'run() {\n    go();\n}', 'run() {\n    ready();\n    go();\n}');
      assert.equal(result.status, 'done', result.content);
      assert.match(result.content, /ignoring a different indentation; new_text re-indented by 4 spaces more/);
      assert.equal((await bytesOf('i.ts')).toString(), 'class A {\n    run() {\n        ready();\n        go();\n    }\n}\n');
    });

    it('tabs versus spaces: new_text is indented with tabs as the file is', async () => {
      await put('g.go', 'func main() {\n\tif ok {\n\t\trun()\n\t}\n}\n');
      const result = await edit('g.go', '    if ok {\n        run()\n    }', '    if ok {\n        run()\n        stop()\n    }');
      assert.equal(result.status, 'done', result.content);
      assert.match(result.content, /tabs versus spaces/);
      assert.equal((await bytesOf('g.go')).toString(), 'func main() {\n\tif ok {\n\t\trun()\n\t\tstop()\n\t}\n}\n');
    });

    it('a non-breaking space in the file matches a plain space', async () => {
      await put('n.md', 'Price:\u00a010 EUR\nNext line\n');
      const result = await edit('n.md', 'Price: 10 EUR', 'Price: 12 EUR');
      assert.equal(result.status, 'done', result.content);
      assert.match(result.content, /look-alike characters/);
      assert.equal((await bytesOf('n.md')).toString(), 'Price: 12 EUR\nNext line\n');
    });

    it('typographic quotes in the file match straight ones; unchanged lines keep the file\'s quotes', async () => {
      await put('q.md', 'He said “hello”.\nIt’s fine.\nEnd.\n');
      const result = await edit('q.md', 'He said "hello".\nIt\'s fine.', 'He said "hello".\nIt\'s great.');
      assert.equal(result.status, 'done', result.content);
      assert.equal((await bytesOf('q.md')).toString(), 'He said “hello”.\nIt\'s great.\nEnd.\n');
    });

    it('a match that is ambiguous once normalised is refused, the file untouched', async () => {
      await put('amb.py', 'if a:\ngo()\nif b:\ngo()\n');
      await refused('amb.py', { old_text: 'go()   ', new_text: 'stop()' }, /ignoring trailing whitespace it matches 2 places \(lines 2, 4\)/);
      await put('amb2.py', 'if a:\n    go()\nif b:\n  go()\n');
      await refused('amb2.py', { old_text: '      go()', new_text: 'stop()' }, /ignoring a different indentation it matches 2 places \(lines 2, 4\)/);
    });
  });

  describe('several edits, replace_all, refusals that help', () => {
    it('several edits in one call: one approval, one write; edits apply in order', async () => {
      await put('s.ts', 'const a = 1;\r\nconst b = 2;\r\nconst c = 3;\r\n');
      const result = await call('edit_file', { path: 's.ts', edits: [{ old_text: 'const a = 1;', new_text: 'const a = 10;' }, { old_text: 'const a = 10;\nconst b = 2;', new_text: 'const a = 10;\nconst b = 20;' }] });
      assert.equal(result.status, 'done', result.content);
      assert.match(result.content, /2 edits, 2 replacements/);
      assert.equal((await bytesOf('s.ts')).toString(), 'const a = 10;\r\nconst b = 20;\r\nconst c = 3;\r\n');
      assert.equal(approver.asked.length, 1);
      assert.equal(host.diffPreview.shown.length, 1);
      assert.equal(journal.operations().length, 1);
    });

    it('several edits are all or nothing: one that fails leaves the file untouched and names the edit', async () => {
      await put('s.ts', 'const a = 1;\nconst b = 2;\n');
      const result = await refused('s.ts', { edits: [{ old_text: 'const a = 1;', new_text: 'const a = 10;' }, { old_text: 'const z = 9;', new_text: 'x' }] }, /^edits\[1\]: old_text was not found/);
      assert.match(result.content, /None of the 2 edits was applied/);
      assert.equal(approver.asked.length, 0);
    });

    it('replace_all replaces every exact occurrence; without it several occurrences are refused with their lines', async () => {
      await put('r.ts', 'log(1);\nlog(2);\nlog(3);\n');
      await refused('r.ts', { old_text: 'log(', new_text: 'console.log(' }, /occurs 3 times in r.ts \(lines 1, 2, 3\).*replace_all/);
      const result = await edit('r.ts', 'log(', 'console.log(', { replace_all: true });
      assert.equal(result.status, 'done', result.content);
      assert.match(result.content, /1 edit, 3 replacements/);
      assert.equal((await bytesOf('r.ts')).toString(), 'console.log(1);\nconsole.log(2);\nconsole.log(3);\n');
    });

    it('a file changed between read and write is refused by a byte comparison', async () => {
      const original = iconv.encode('naïve\n', 'latin1');
      await put('c.txt', original);
      // The user saves the same text in UTF-8 while the approval is open: same text, other bytes.
      const savesMeanwhile = { request: async () => (await put('c.txt', 'naïve\n'), 'approve' as const) };
      tools = new ToolRegistry(createWorkspaceTools(host, new TaskApprovals(savesMeanwhile, { autoApproveEdits: false }), journal, { maxCommandOutputBytes: 1024 }));
      const result = await edit('c.txt', 'naïve', 'naive');
      assert.equal(result.status, 'failed', result.content);
      assert.match(result.content, /changed since read/);
      assert.equal((await bytesOf('c.txt')).toString(), 'naïve\n');
      assert.deepEqual(journal.filesChanged(), []);
    });

    it('editing a missing file points to write_file', async () => {
      const result = await edit('nope.ts', 'a', 'b');
      assert.equal(result.status, 'failed');
      assert.match(result.content, /nope.ts does not exist.*use write_file/);
    });

    it('not found: the error lists the closest lines with their numbers', async () => {
      await put('f.ts', 'import x from "x";\n\nexport function total(items) {\n  return items.reduce((a, b) => a + b, 0);\n}\n');
      const result = await refused('f.ts', { old_text: 'export function total(list) {\n  return list.reduce((a, b) => a + b, 0);\n}', new_text: '' }, /was not found in f.ts/);
      assert.match(result.content, /closest lines.*\n3 \| export function total\(items\) \{\n4 \|   return items.reduce/);
    });

    it('argument errors name the field and what is allowed', async () => {
      await put('e.ts', 'a\n');
      const tool = tools.get('edit_file');
      assert.ok(tool);
      assert.throws(() => parseToolArguments(tool.definition, JSON.stringify({ path: 'e.ts', edits: [{ old_text: 'a' }] })), /field "edits\[0\]" is missing "new_text"/);
      assert.throws(() => parseToolArguments(tool.definition, JSON.stringify({ path: 'e.ts', edits: [{ old_text: 1, new_text: 'b' }] })), /field "edits\[0\].old_text" must be "string", got integer/);
      assert.throws(() => parseToolArguments(tool.definition, JSON.stringify({ path: 'e.ts', old_text: 'a', new_text: 'b', replace_all: 'yes' })), /field "replace_all" must be "boolean"/);
      assert.match((await call('edit_file', { path: 'e.ts', old_text: 'a' })).content, /missing required field "new_text"/);
      assert.match((await call('edit_file', { path: 'e.ts', old_text: 'a', new_text: 'b', edits: [{ old_text: 'a', new_text: 'b' }] })).content, /either old_text and new_text, or edits, not both/);
      assert.match((await call('edit_file', { path: 'e.ts', edits: [] })).content, /field "edits" is empty/);
    });

    it('undo writes back the exact bytes of a non-UTF-8 file', async () => {
      const original = iconv.encode('# Café\r\n', 'windows-1252');
      await put('u.txt', original);
      assert.equal((await edit('u.txt', 'Café', 'Bar')).status, 'done');
      const report = await journal.undoAll(host.files);
      assert.deepEqual(report.restored, ['u.txt']);
      assert.deepEqual(await bytesOf('u.txt'), original);
    });
  });
});
