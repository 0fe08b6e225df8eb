import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { parseToolArguments } from '../../../src/core/tools/toolArguments';
import type { ToolRunResult } from '../../../src/core/tools/tool';
import { createWorkspaceTools, type WorkspaceToolOptions } from '../../../src/core/tools/workspaceTools';
import { InvalidSearchPatternError } from '../../../src/core/tools/workspaceSearch';
import type { WorkspaceRoot } from '../../../src/core/tools/workspaceFiles';
import { FakeSearch, nodeTestHost, ScriptedApprover } from '../../support/testWorkspaceHost';

describe('core/tools search_text and find_files (against a fake search port)', () => {
  let root: string;
  let second: string;
  let fake: FakeSearch;

  async function call(name: string, args: Record<string, unknown>, options: { roots?: WorkspaceRoot[]; tools?: WorkspaceToolOptions } = {}): Promise<ToolRunResult> {
    const host = nodeTestHost(options.roots ?? [{ name: 'ws', path: root }], { search: () => fake });
    const approvals = new TaskApprovals(new ScriptedApprover(() => 'approve'), { autoApproveEdits: false });
    const tool = createWorkspaceTools(host, approvals, new ChangeJournal(), options.tools).find((t) => t.definition.function.name === name);
    assert.ok(tool, `tool ${name} exists`);
    return tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), new AbortController().signal);
  }

  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-search-')));
    second = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-search-second-')));
    await fs.mkdir(path.join(root, 'src'));
    await fs.writeFile(path.join(root, 'src', 'a.ts'), 'a');
    await fs.writeFile(path.join(root, '.env'), 'KEY=1');
    fake = new FakeSearch();
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
    await fs.rm(second, { recursive: true, force: true });
  });

  it('search_text asks for case-insensitive plain text by default, with the secret globs, size cap and one deadline', async () => {
    await call('search_text', { query: 'needle' });
    const [request] = fake.textRequests;
    assert.ok(request);
    assert.equal(request.query, 'needle');
    assert.equal(request.syntax, 'literal');
    assert.equal(request.caseSensitive, false);
    assert.equal(request.folder, root);
    assert.equal(request.maxMatches, 100);
    assert.equal(request.maxFileBytes, 1_000_000);
    assert.ok(request.deadlineMs > 29_000 && request.deadlineMs <= 30_000, `deadline ${request.deadlineMs}`);
    assert.ok(request.skip.globs.includes('.env') && request.skip.globs.includes('**/.ssh/**'));
    assert.equal(request.skip.skips('config/.env'), true);
    assert.equal(request.skip.skips('src/a.ts'), false);
    await call('search_text', { query: 'x(', is_regex: true, case_sensitive: true, path: 'src' });
    assert.equal(fake.textRequests[1]?.syntax, 'regex');
    assert.equal(fake.textRequests[1]?.caseSensitive, true);
    assert.equal(fake.textRequests[1]?.folder, path.join(root, 'src'));
  });

  it('search_text shows workspace-relative "path:line: text" lines in path then line order, trimmed to 300 characters', async () => {
    fake.text = () => ({
      matches: [
        { path: path.join(root, 'src', 'b.ts'), line: 10, text: '   later  ' },
        { path: path.join(root, 'src', 'b.ts'), line: 2, text: `early ${'x'.repeat(400)}` },
        { path: path.join(root, 'src', 'a.ts'), line: 7, text: 'first' },
      ],
      stop: 'complete',
      skippedFiles: 0,
    });
    const result = await call('search_text', { query: 'x' });
    assert.equal(result.status, 'done');
    const lines = result.content.split('\n');
    assert.deepEqual(lines.map((l) => l.slice(0, 14)), ['src/a.ts:7: fi', 'src/b.ts:2: ea', 'src/b.ts:10: l']);
    assert.equal(lines[1], `src/b.ts:2: early ${'x'.repeat(294)}`);
    assert.equal(lines[2], 'src/b.ts:10: later');
  });

  it('search_text says where it stopped: at the match cap, at the deadline, or that it saw everything', async () => {
    fake.text = (request) => ({
      matches: Array.from({ length: request.maxMatches }, (_, i) => ({ path: path.join(root, `f${i % 3}.ts`), line: i + 1, text: 'hit' })),
      stop: 'max-results',
      skippedFiles: 0,
    });
    const capped = await call('search_text', { query: 'hit' });
    assert.match(capped.content, /\n\[stopped at 100 matches in 3 files; narrow the query or the folder\]$/);
    fake.text = () => ({ matches: [{ path: path.join(root, 'a.ts'), line: 1, text: 'hit' }], stop: 'deadline', skippedFiles: 0 });
    const late = await call('search_text', { query: 'hit' }, { tools: { limits: { searchDeadlineMs: 5_000 } } });
    assert.match(late.content, /\[the search stopped at its time limit \(5 s\) before it had seen every file, having found 1 match in 1 file; narrow the query or the folder\]/);
    fake.text = () => ({ matches: [], stop: 'complete', skippedFiles: 0 });
    assert.equal((await call('search_text', { query: 'nothing' })).content, 'No match for "nothing" in . (the whole folder was searched).');
  });

  it('search_text counts the files it left out as secrets', async () => {
    fake.text = () => ({ matches: [], stop: 'complete', skippedFiles: 2 });
    const result = await call('search_text', { query: 'KEY' });
    assert.match(result.content, /\[2 file\(s\) that look like secrets \(\.env, keys, credentials\) were not searched; read_file asks the user for them\]/);
  });

  it('search_text passes the user’s protected-file globs to the engine', async () => {
    await call('search_text', { query: 'x' }, { tools: { protectedFiles: ['*.db.txt', '!keep.db.txt'] } });
    const request = fake.textRequests[0];
    assert.ok(request?.skip.globs.includes('*.db.txt'));
    assert.ok(!request?.skip.globs.includes('!keep.db.txt'), 'an exception is not turned into an exclusion');
    assert.equal(request?.skip.skips('data/prod.db.txt'), true);
  });

  it('an invalid pattern is refused naming the query field and the syntax', async () => {
    fake.text = () => {
      throw new InvalidSearchPatternError('query', 'regex parse error: unclosed group');
    };
    const result = await call('search_text', { query: '(a', is_regex: true });
    assert.equal(result.status, 'failed');
    assert.match(result.content, /^query is not a valid regular expression \(fake syntax\): regex parse error: unclosed group/);
    assert.equal((await call('search_text', { query: '' })).status, 'failed');
  });

  it('search_text of one file that looks like a secret is refused without searching', async () => {
    const result = await call('search_text', { query: 'KEY', path: '.env' });
    assert.equal(result.status, 'failed');
    assert.match(result.content, /\.env was not searched: .*read_file asks the user for it/);
    assert.equal(fake.textRequests.length, 0);
  });

  it('in a multi-root workspace without a path every folder is searched, its name first in the paths', async () => {
    fake.text = (request) => ({ matches: [{ path: path.join(request.folder, 'x.ts'), line: 1, text: 'hit' }], stop: 'complete', skippedFiles: 0 });
    const result = await call('search_text', { query: 'hit' }, { roots: [{ name: 'ws', path: root }, { name: 'second', path: second }] });
    assert.deepEqual(fake.textRequests.map((r) => r.folder), [root, second]);
    assert.equal(result.content, 'second/x.ts:1: hit\nws/x.ts:1: hit');
    assert.equal(fake.textRequests[1]?.maxMatches, 99, 'the cap is shared');
  });

  it('list_files of a tree larger than its cap stops at once and says that it did not list everything', async () => {
    for (let d = 0; d < 6; d++) {
      await fs.mkdir(path.join(root, `d${d}`));
      await Promise.all(Array.from({ length: 120 }, (_, f) => fs.writeFile(path.join(root, `d${d}`, `f${f}.txt`), '')));
    }
    const result = await call('list_files', { recursive: true });
    const lines = result.content.split('\n');
    assert.equal(lines.length, 501);
    assert.equal(lines[500], '[listing stopped at 500 entries, not the whole folder; list a subfolder, or use find_files to find files by name]');
  });

  it('find_files anchors a path glob at the searched folder and leaves a name glob free', async () => {
    fake.files = () => ({ paths: [path.join(root, 'src', 'a.ts')], stop: 'complete' });
    const result = await call('find_files', { pattern: '**/*.ts' });
    assert.equal(result.content, 'src/a.ts');
    await call('find_files', { pattern: '*.md' });
    await call('find_files', { pattern: 'lib/*.ts', path: 'src' });
    await call('find_files', { pattern: './x/**' });
    assert.deepEqual(fake.fileRequests.map((r) => r.glob), ['/**/*.ts', '*.md', '/src/lib/*.ts', '/x/**']);
    assert.equal(fake.fileRequests[2]?.folder, path.join(root, 'src'));
    assert.equal(fake.fileRequests[0]?.maxResults, 500);
  });

  it('find_files says when it stopped, and refuses patterns it cannot use, naming the field', async () => {
    fake.files = (request) => ({ paths: Array.from({ length: request.maxResults }, (_, i) => path.join(root, `f${i}.ts`)), stop: 'max-results' });
    const capped = await call('find_files', { pattern: '*.ts' });
    assert.match(capped.content, /\n\[stopped at 500 files; narrow the pattern or the folder\]$/);
    for (const pattern of ['', '!*.ts', '../*.ts']) {
      const refused = await call('find_files', { pattern });
      assert.equal(refused.status, 'failed');
      assert.match(refused.content, /^pattern /);
    }
    fake.files = () => {
      throw new InvalidSearchPatternError('pattern', "error parsing glob '[': unclosed character class");
    };
    assert.match((await call('find_files', { pattern: '[' })).content, /^pattern is not a valid glob: error parsing glob/);
    fake.files = () => ({ paths: [], stop: 'complete' });
    assert.equal((await call('find_files', { pattern: '*.zig' })).content, 'No file matches "*.zig" in . (the whole folder was searched).');
  });
});
