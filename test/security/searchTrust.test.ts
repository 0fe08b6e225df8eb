// Attacks on the agent's search: a cloned repository that carries its own "rg" where VS Code keeps
// ripgrep (directly, or through a symlink from VS Code's folder) must never get it run; and files that
// look like secrets are never opened by the real ripgrep, only counted.
import assert from 'node:assert/strict';
import { existsSync, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BundledOrWalkingSearch } from '../../src/extension/workspaceTools/bundledOrWalkingSearch';
import { RipgrepWorkspaceSearch } from '../../src/extension/workspaceTools/ripgrepWorkspaceSearch';
import { codeServerRipgrep } from '../support/codeServerRipgrep';
import { runTool } from '../support/searchEngineSpec';

const MARKER = 's3cr3t-marker';

describe('security: the agent’s search', () => {
  let base: string;
  let ws: string;
  let ran: string;

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-search-trust-')));
    ws = path.join(base, 'ws');
    ran = path.join(base, 'planted-rg-ran');
    await fs.mkdir(path.join(ws, 'src'), { recursive: true });
    await fs.writeFile(path.join(ws, 'src', 'app.ts'), 'const hit = 1;\n');
  });

  afterEach(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  async function plant(relative: string): Promise<string> {
    const file = path.join(ws, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, `#!/bin/sh\ntouch '${ran}'\n`, { mode: 0o755 });
    return file;
  }

  it('an rg the repository carries where VS Code keeps ripgrep is never run (the built-in walk searches instead)', async () => {
    await plant('vscode/node_modules/@vscode/ripgrep/bin/rg');
    const result = await runTool(ws, (files, excludeGlobs) => new BundledOrWalkingSearch({ appRoot: path.join(ws, 'vscode'), roots: () => [{ name: 'ws', path: ws }], files, excludeGlobs }), 'search_text', { query: 'const hit' });
    assert.equal(result.content, 'src/app.ts:1: const hit = 1;');
    assert.equal(existsSync(ran), false, 'the planted rg did not run');
  });

  it('an rg in VS Code’s folder that is a symlink into the workspace is never run either', async () => {
    const planted = await plant('tools/rg');
    const appRoot = path.join(base, 'vscode');
    await fs.mkdir(path.join(appRoot, 'node_modules', '@vscode', 'ripgrep', 'bin'), { recursive: true });
    await fs.symlink(planted, path.join(appRoot, 'node_modules', '@vscode', 'ripgrep', 'bin', 'rg'));
    const result = await runTool(ws, (files, excludeGlobs) => new BundledOrWalkingSearch({ appRoot, roots: () => [{ name: 'ws', path: ws }], files, excludeGlobs }), 'find_files', { pattern: '*.ts' });
    assert.equal(result.content, 'src/app.ts');
    assert.equal(existsSync(ran), false, 'the planted rg did not run');
  });

  it('the real ripgrep never opens files that look like secrets: their text never reaches the result', async () => {
    await fs.writeFile(path.join(ws, '.env'), `API_TOKEN=${MARKER}\n`);
    await fs.mkdir(path.join(ws, 'deploy', '.aws'), { recursive: true });
    await fs.writeFile(path.join(ws, 'deploy', '.aws', 'credentials'), `aws_secret=${MARKER}\n`);
    await fs.writeFile(path.join(ws, 'id_ed25519'), `${MARKER}\n`);
    const ripgrep = (files: Parameters<Parameters<typeof runTool>[1]>[0], excludeGlobs: () => readonly string[]) => new RipgrepWorkspaceSearch({ binary: codeServerRipgrep(), excludeGlobs, ignoredByGit: (p: string) => files.ignoredByGit(p) });
    for (const query of ['API_TOKEN', 'aws_secret']) {
      const result = await runTool(ws, ripgrep, 'search_text', { query });
      assert.doesNotMatch(result.content, new RegExp(MARKER));
      assert.match(result.content, /^No match .*\n\[3 file\(s\) that look like secrets/);
    }
    const regex = await runTool(ws, ripgrep, 'search_text', { query: '.*', is_regex: true });
    assert.doesNotMatch(regex.content, new RegExp(MARKER));
  });
});
