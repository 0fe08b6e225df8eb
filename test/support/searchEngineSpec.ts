// What every search engine behind the agent's search port must do, run through the real core tools on
// real temp folders: the unit suite runs it on the built-in walk, the search suite on VS Code's ripgrep.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TaskApprovals } from '../../src/core/tools/approvals';
import { ChangeJournal } from '../../src/core/tools/changeJournal';
import { parseToolArguments } from '../../src/core/tools/toolArguments';
import type { ToolRunResult } from '../../src/core/tools/tool';
import { createWorkspaceTools, type WorkspaceToolOptions } from '../../src/core/tools/workspaceTools';
import type { WorkspaceSearch } from '../../src/core/tools/workspaceSearch';
import type { NodeWorkspaceFiles } from '../../src/extension/workspaceTools/nodeWorkspaceFiles';
import { nodeTestHost, ScriptedApprover } from './testWorkspaceHost';

/** More files than the old search's 5,000-entry walk saw. */
export const LARGE_TREE_FILES = 5_200;

export type SearchFactory = (files: NodeWorkspaceFiles, excludeGlobs: () => readonly string[]) => WorkspaceSearch;

export async function runTool(root: string, search: SearchFactory, name: string, args: Record<string, unknown>, options: WorkspaceToolOptions & { exclude?: string[] } = {}): Promise<ToolRunResult> {
  const exclude = options.exclude ?? [];
  const host = nodeTestHost([{ name: 'ws', path: root }], { exclude, search: (files) => search(files, () => exclude) });
  const approvals = new TaskApprovals(new ScriptedApprover(() => 'approve'), { autoApproveEdits: false });
  const tool = createWorkspaceTools(host, approvals, new ChangeJournal(), options).find((t) => t.definition.function.name === name);
  assert.ok(tool, `tool ${name} exists`);
  return tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), new AbortController().signal);
}

/** A tree of LARGE_TREE_FILES files whose only "planted-needle" is in the file that comes last. */
export async function makeLargeTree(root: string): Promise<string> {
  for (let d = 0; d < 52; d++) {
    const folder = path.join(root, `d${String(d).padStart(2, '0')}`);
    await fs.mkdir(folder, { recursive: true });
    await Promise.all(Array.from({ length: 100 }, (_, f) => fs.writeFile(path.join(folder, `f${String(f).padStart(3, '0')}.txt`), `line one\nline two of ${d}/${f}\n`)));
  }
  await fs.mkdir(path.join(root, 'zz', 'deeper'), { recursive: true });
  await fs.writeFile(path.join(root, 'zz', 'deeper', 'last.txt'), 'nothing here\nthe planted-needle is here\n');
  return 'zz/deeper/last.txt';
}

async function write(root: string, relative: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(path.join(root, relative)), { recursive: true });
  await fs.writeFile(path.join(root, relative), text);
}

export function searchEngineSpec(engine: string, search: SearchFactory): void {
  describe(`search engine: ${engine} (real files, through the core tools)`, () => {
    let large: string;
    let root: string;

    before(async () => {
      large = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-search-large-')));
      await makeLargeTree(large);
    });

    after(async () => {
      await fs.rm(large, { recursive: true, force: true });
    });

    beforeEach(async () => {
      root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-search-')));
    });

    afterEach(async () => {
      await fs.rm(root, { recursive: true, force: true });
    });

    it(`finds a match in the last file of a ${LARGE_TREE_FILES}-file tree, and says the whole folder was searched when nothing matches`, async () => {
      const found = await runTool(large, search, 'search_text', { query: 'PLANTED-NEEDLE' });
      assert.equal(found.content, 'zz/deeper/last.txt:2: the planted-needle is here');
      const none = await runTool(large, search, 'search_text', { query: 'absent-everywhere' });
      assert.equal(none.content, 'No match for "absent-everywhere" in . (the whole folder was searched).');
      const files = await runTool(large, search, 'find_files', { pattern: 'last.*' });
      assert.equal(files.content, 'zz/deeper/last.txt');
    });

    it('honours .gitignore at every level (no git repository needed) and the exclude globs; searches hidden files but never .git', async () => {
      await write(root, '.gitignore', 'build/\n*.log\n');
      await write(root, 'src/.gitignore', 'generated.ts\n');
      await write(root, 'src/app.ts', 'const hit = 1;\n');
      await write(root, 'src/generated.ts', 'hit\n');
      await write(root, 'build/out.js', 'hit\n');
      await write(root, 'debug.log', 'hit\n');
      await write(root, 'node_modules/dep/index.js', 'hit\n');
      await write(root, 'vendor/lib.js', 'hit\n');
      await write(root, '.config/settings.json', '{"hit": true}\n');
      await write(root, '.git/HEAD', 'hit\n');
      const result = await runTool(root, search, 'search_text', { query: 'hit' }, { exclude: ['**/node_modules', 'vendor/**'] });
      assert.equal(result.content, '.config/settings.json:1: {"hit": true}\nsrc/app.ts:1: const hit = 1;');
      const files = await runTool(root, search, 'find_files', { pattern: '*.js' }, { exclude: ['**/node_modules', 'vendor/**'] });
      assert.equal(files.content, 'No file matches "*.js" in . (the whole folder was searched).');
    });

    it('never opens files that look like secrets, and counts the ones it would have searched', async () => {
      await write(root, '.gitignore', '.env.local\n');
      await write(root, '.env', 'API_TOKEN=s3cr3t\n');
      await write(root, '.env.local', 'API_TOKEN=s3cr3t\n');
      await write(root, 'certs/server.pem', 'API_TOKEN=s3cr3t\n');
      await write(root, 'home/.ssh/config', 'API_TOKEN=s3cr3t\n');
      await write(root, 'data/prod.db.txt', 'API_TOKEN=s3cr3t\n');
      await write(root, 'src/app.ts', 'read(API_TOKEN)\n');
      const result = await runTool(root, search, 'search_text', { query: 'api_token' }, { protectedFiles: ['*.db.txt'] });
      assert.doesNotMatch(result.content, /s3cr3t/);
      assert.match(result.content, /^src\/app.ts:1: read\(API_TOKEN\)\n\[4 file\(s\) that look like secrets/);
    });

    it('stops at the match cap and says how many matches in how many files', async () => {
      for (let f = 0; f < 3; f++) await write(root, `f${f}.txt`, 'hit\n'.repeat(60));
      const result = await runTool(root, search, 'search_text', { query: 'hit' });
      const lines = result.content.split('\n');
      assert.equal(lines.length, 101);
      assert.match(lines[100] as string, /^\[stopped at 100 matches in [23] files; narrow the query or the folder\]$/);
    });

    it('searches with regular expressions and case options, and refuses an invalid pattern naming the query field', async () => {
      await write(root, 'a.ts', 'function alpha() {}\nFunction Beta\nconst x = 42;\n');
      const regex = await runTool(root, search, 'search_text', { query: '^function\\s+\\w+', is_regex: true });
      assert.equal(regex.content, 'a.ts:1: function alpha() {}\na.ts:2: Function Beta');
      const exact = await runTool(root, search, 'search_text', { query: 'Function', case_sensitive: true });
      assert.equal(exact.content, 'a.ts:2: Function Beta');
      const literal = await runTool(root, search, 'search_text', { query: '= 42;' });
      assert.equal(literal.content, 'a.ts:3: const x = 42;');
      const invalid = await runTool(root, search, 'search_text', { query: 'alpha(', is_regex: true });
      assert.equal(invalid.status, 'failed');
      assert.match(invalid.content, /^query is not a valid regular expression/);
    });

    it('does not follow a symlink out of the workspace, and skips files over the size cap', async () => {
      const outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-search-outside-')));
      try {
        await write(outside, 'secret.txt', 'hit outside\n');
        await fs.symlink(outside, path.join(root, 'linked'));
        await fs.symlink(path.join(outside, 'secret.txt'), path.join(root, 'linked.txt'));
        await write(root, 'big.txt', `hit big\n${'x'.repeat(2_000)}\n`);
        await write(root, 'small.txt', 'hit small\n');
        const result = await runTool(root, search, 'search_text', { query: 'hit' }, { limits: { maxSearchFileBytes: 1_000 } });
        assert.equal(result.content, 'small.txt:1: hit small');
      } finally {
        await fs.rm(outside, { recursive: true, force: true });
      }
    });

    it('find_files matches globs from the searched folder, ignoring case, and says when it stopped', async () => {
      await write(root, 'src/a.test.ts', '');
      await write(root, 'src/deep/B.TEST.TS', '');
      await write(root, 'src/c.ts', '');
      await write(root, 'test/d.test.ts', '');
      assert.equal((await runTool(root, search, 'find_files', { pattern: '**/*.test.ts' })).content, 'src/a.test.ts\nsrc/deep/B.TEST.TS\ntest/d.test.ts');
      assert.equal((await runTool(root, search, 'find_files', { pattern: 'deep/*.ts', path: 'src' })).content, 'src/deep/B.TEST.TS');
      const capped = await runTool(root, search, 'find_files', { pattern: '*.ts' }, { limits: { maxFoundFiles: 2 } });
      assert.match(capped.content, /^\S+\.ts\n\S+\.ts\n\[stopped at 2 files; narrow the pattern or the folder\]$/i);
    });
  });
}
