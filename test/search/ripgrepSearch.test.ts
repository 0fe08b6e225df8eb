// The agent's search on a real ripgrep: the one code-server (VS Code 1.139) bundles, found the way the
// extension finds it. The same behaviour as the built-in walk (searchEngineSpec), then what only an
// engine with linear-time regular expressions and an external process can show: the one deadline, a
// pattern that would make a backtracking engine run for minutes, and the layouts VS Code builds use.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundledRipgrep } from '../../src/extension/workspaceTools/ripgrepLocation';
import { RipgrepWorkspaceSearch } from '../../src/extension/workspaceTools/ripgrepWorkspaceSearch';
import { codeServerAppRoot, codeServerRipgrep } from '../support/codeServerRipgrep';
import { makeLargeTree, runTool, searchEngineSpec, type SearchFactory } from '../support/searchEngineSpec';

const ripgrep: SearchFactory = (files, excludeGlobs) => new RipgrepWorkspaceSearch({ binary: codeServerRipgrep(), excludeGlobs, ignoredByGit: (p) => files.ignoredByGit(p) });

searchEngineSpec("VS Code's bundled ripgrep", ripgrep);

describe("VS Code's bundled ripgrep, beyond the common behaviour", () => {
  let root: string;

  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-rg-')));
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it("is found in code-server's layout (node_modules/@vscode/ripgrep-universal/bin/<platform>-<arch>/rg)", () => {
    const binary = codeServerRipgrep();
    assert.equal(binary, path.join(codeServerAppRoot, 'node_modules', '@vscode', 'ripgrep-universal', 'bin', `${process.platform}-${process.arch}`, 'rg'));
    assert.equal(bundledRipgrep(codeServerAppRoot, [codeServerAppRoot]), undefined, 'not when it lies inside a workspace folder');
  });

  it('stops at the one overall deadline and says so, without a partial answer passed off as complete', async () => {
    await makeLargeTree(root);
    const result = await runTool(root, ripgrep, 'search_text', { query: 'planted-needle' }, { limits: { searchDeadlineMs: 1 } });
    assert.equal(result.status, 'done');
    assert.match(result.content, /\[the search stopped at its time limit \(1 ms\) before it had seen every file, having found \d+ match(es)? in \d+ files?; narrow the query or the folder\]/);
  });

  it('runs a pattern that makes a backtracking engine take minutes in linear time, to the end', async () => {
    await fs.writeFile(path.join(root, 'evil.txt'), `${'a'.repeat(5_000)}!\n`);
    await fs.writeFile(path.join(root, 'fine.txt'), 'aaaa\n');
    const result = await runTool(root, ripgrep, 'search_text', { query: '(a+)+$', is_regex: true });
    assert.equal(result.content, 'fine.txt:1: aaaa');
  });

  it('reads the query as a pattern even when it looks like a flag, and names the Rust syntax in the tool and its errors', async () => {
    await fs.writeFile(path.join(root, 'a.txt'), 'run --files now\n');
    assert.equal((await runTool(root, ripgrep, 'search_text', { query: '--files' })).content, 'a.txt:1: run --files now');
    const invalid = await runTool(root, ripgrep, 'search_text', { query: '(?<=x)y', is_regex: true });
    assert.equal(invalid.status, 'failed');
    assert.match(invalid.content, /^query is not a valid regular expression \(ripgrep's syntax \(Rust regex: no look-around, no backreferences\)\): regex parse error:\n.*\n.*\nerror: look-around, including look-ahead and look-behind, is not supported\nFix the pattern/);
  });
});
