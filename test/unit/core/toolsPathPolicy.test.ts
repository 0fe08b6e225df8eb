import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspacePathPolicy } from '../../../src/core/tools/pathPolicy';
import { PathPolicyError } from '../../../src/core/tools/toolErrors';
import { nodeTestHost } from '../../support/testWorkspaceHost';

describe('core/tools WorkspacePathPolicy (real files and symlinks in a temp dir)', () => {
  let base: string;
  let root: string;
  let outside: string;

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-policy-')));
    root = path.join(base, 'project');
    outside = path.join(base, 'secret');
    await fs.mkdir(path.join(root, 'src'), { recursive: true });
    await fs.mkdir(outside);
    await fs.writeFile(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    await fs.writeFile(path.join(outside, 'key.txt'), 'top secret');
    await fs.symlink(outside, path.join(root, 'link-out'));
    await fs.symlink(path.join(outside, 'key.txt'), path.join(root, 'key-link.txt'));
    await fs.symlink(path.join(outside, 'missing.txt'), path.join(root, 'dangling.txt'));
    await fs.symlink(path.join(root, 'src'), path.join(root, 'src-link'));
  });

  afterEach(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  const policy = (caseSensitive = true) => new WorkspacePathPolicy(nodeTestHost([{ name: 'project', path: root }], { caseSensitive }).files);

  async function refused(input: unknown, purpose: 'read' | 'change', reason: RegExp, p = policy()): Promise<void> {
    await assert.rejects(p.resolve(input, purpose), (err: unknown) => {
      assert.ok(err instanceof PathPolicyError, `expected PathPolicyError for ${String(input)}, got ${String(err)}`);
      assert.match(err.message, reason);
      return true;
    });
  }

  it('resolves a relative path inside the workspace', async () => {
    const resolved = await policy().resolve('src/a.ts', 'read');
    assert.equal(resolved.path, path.join(root, 'src', 'a.ts'));
    assert.equal(resolved.display, 'src/a.ts');
    assert.equal(resolved.exists, true);
  });

  it('resolves a new file under an existing folder for writing', async () => {
    const resolved = await policy().resolve('src/new/b.ts', 'change');
    assert.equal(resolved.path, path.join(root, 'src', 'new', 'b.ts'));
    assert.equal(resolved.exists, false);
  });

  it('follows a symlink that stays inside the workspace', async () => {
    const resolved = await policy().resolve('src-link/a.ts', 'read');
    assert.equal(resolved.path, path.join(root, 'src', 'a.ts'));
    assert.equal(resolved.display, 'src/a.ts');
  });

  it('refuses a symlinked folder that leads outside, for reading and writing', async () => {
    await refused('link-out/key.txt', 'read', /outside the workspace/);
    await refused('link-out/new.txt', 'change', /outside the workspace/);
  });

  it('refuses a symlinked file that leads outside', async () => {
    await refused('key-link.txt', 'read', /outside the workspace/);
    await refused('key-link.txt', 'change', /outside the workspace/);
  });

  it('refuses writing through a dangling symlink (it would create the target outside)', async () => {
    await refused('dangling.txt', 'change', /symlink whose target does not exist/);
  });

  it('refuses .. anywhere, also hidden behind backslashes or extra dots', async () => {
    await refused('../secret/key.txt', 'read', /"\.\." is not allowed/);
    await refused('src/../../secret/key.txt', 'read', /"\.\." is not allowed/);
    await refused('src\\..\\..\\secret\\key.txt', 'read', /"\.\." is not allowed/);
    await refused('src/.../x', 'change', /"\.\." is not allowed/);
  });

  it('refuses absolute, UNC, drive and home forms', async () => {
    await refused(path.join(outside, 'key.txt'), 'read', /absolute and UNC paths/);
    await refused(path.join(root, 'src', 'a.ts'), 'read', /absolute and UNC paths/);
    await refused('\\\\server\\share\\x.txt', 'read', /absolute and UNC paths/);
    await refused('//server/share/x.txt', 'read', /absolute and UNC paths/);
    await refused('C:\\Windows\\win.ini', 'read', /drive paths/);
    await refused('c:relative.txt', 'read', /drive paths/);
    await refused('~/.ssh/id_rsa', 'read', /home-directory/);
    await refused('src/a.ts:stream', 'change', /":"/);
    await refused('src/a\0.ts', 'read', /NUL/);
    await refused('', 'read', /empty/);
    await refused(42, 'read', /empty/);
  });

  it('refuses writes into .git whatever the case or trailing dots (case tricks)', async () => {
    await fs.mkdir(path.join(root, '.git', 'hooks'), { recursive: true });
    await refused('.git/hooks/pre-commit', 'change', /\.git/);
    await refused('.GIT/hooks/pre-commit', 'change', /\.git/);
    await refused('.Git./config', 'change', /\.git/);
    await refused('sub/.git /config', 'change', /\.git/);
    await fs.symlink(path.join(root, '.git', 'hooks'), path.join(root, 'hooks-link'));
    await refused('hooks-link/pre-commit', 'change', /\.git/);
    assert.equal((await policy().resolve('hooks-link', 'read')).display, '.git/hooks');
  });

  it('compares folded case on a case-insensitive file system', async () => {
    const insensitive = policy(false);
    const resolved = await insensitive.resolve('src/a.ts', 'read');
    assert.equal(resolved.display, 'src/a.ts');
    await refused('link-out/key.txt', 'read', /outside the workspace/, insensitive);
  });

  it('does not take a sibling folder sharing the root name as a prefix for inside', async () => {
    await fs.mkdir(`${root}-evil`);
    await fs.writeFile(`${root}-evil/x.txt`, 'x');
    await fs.symlink(`${root}-evil`, path.join(root, 'evil-link'));
    await refused('evil-link/x.txt', 'read', /outside the workspace/);
  });

  it('routes the first segment to the named root in a multi-root workspace', async () => {
    const second = path.join(base, 'other');
    await fs.mkdir(second);
    await fs.writeFile(path.join(second, 'o.txt'), 'o');
    const multi = new WorkspacePathPolicy(nodeTestHost([{ name: 'project', path: root }, { name: 'other', path: second }]).files);
    const resolved = await multi.resolve('other/o.txt', 'read');
    assert.equal(resolved.path, path.join(second, 'o.txt'));
    assert.equal(resolved.display, 'other/o.txt');
    assert.equal((await multi.resolve('src/a.ts', 'read')).display, 'project/src/a.ts');
  });

  it('refuses reading a file that does not exist', async () => {
    await refused('src/nope.ts', 'read', /no such file/);
  });
});
