import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ShadowGitStore } from '../../../src/extension/checkpoints/shadowGitStore';
import { tempDir } from '../../support/emulatorTestBed';

function write(root: string, file: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

function read(root: string, file: string): string | undefined {
  return fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), 'utf8') : undefined;
}

/** Every file under a folder with its content hash: a byte-level picture of it. */
function picture(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

describe('checkpoints: the shadow git store on real files', function () {
  this.timeout(30_000);
  let root: string;
  let storage: string;
  let store: ShadowGitStore;

  beforeEach(async () => {
    root = tempDir('svc-ckpt-ws-');
    storage = tempDir('svc-ckpt-store-');
    write(root, 'src/a.ts', 'export const a = 1;\n');
    write(root, 'src/b.ts', 'export const b = 2;\n');
    write(root, 'notes.md', '# notes\n');
    write(root, 'logo.bin', Buffer.from([0, 1, 2, 255, 254, 0, 10]));
    store = await ShadowGitStore.open(path.join(storage, 'store'), root, { maxFileBytes: 1024, maxCheckpointBytes: 10_000 });
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it('restores edits, deletions, renames, binary files and files created since, and lists them first', async () => {
    const { commit } = await store.snapshot('before the turn');
    write(root, 'src/a.ts', 'export const a = 42;\n');
    fs.rmSync(path.join(root, 'notes.md'));
    fs.renameSync(path.join(root, 'src/b.ts'), path.join(root, 'src/renamed.ts'));
    write(root, 'logo.bin', Buffer.from([9, 9, 9]));
    write(root, 'new/file.txt', 'created by the agent');
    const changes = await store.changesSince(commit);
    assert.deepEqual(
      [...changes].sort((x, y) => x.path.localeCompare(y.path)),
      [
        { path: 'logo.bin', status: 'modified' },
        { path: 'new/file.txt', status: 'added' },
        { path: 'notes.md', status: 'deleted' },
        { path: 'src/a.ts', status: 'modified' },
        { path: 'src/b.ts', status: 'deleted' },
        { path: 'src/renamed.ts', status: 'added' },
      ],
    );
    await store.restore(commit);
    assert.equal(read(root, 'src/a.ts'), 'export const a = 1;\n');
    assert.equal(read(root, 'notes.md'), '# notes\n');
    assert.equal(read(root, 'src/b.ts'), 'export const b = 2;\n');
    assert.equal(read(root, 'src/renamed.ts'), undefined);
    assert.equal(read(root, 'new/file.txt'), undefined);
    assert.deepEqual([...fs.readFileSync(path.join(root, 'logo.bin'))], [0, 1, 2, 255, 254, 0, 10]);
    assert.deepEqual(await store.changesSince(commit), []);
    assert.equal((await store.fileAt(commit, 'src/a.ts'))?.toString(), 'export const a = 1;\n');
  });

  it('restores what a shell command changed, and shows a hand edit made after the checkpoint', async () => {
    const { commit } = await store.snapshot('before the command');
    execFileSync('sh', ['-c', 'echo generated > made.txt && sed -i s/2/3/ src/b.ts'], { cwd: root });
    write(root, 'notes.md', '# notes\nmy own line\n');
    const changes = await store.changesSince(commit);
    assert.deepEqual(changes.map((c) => `${c.status} ${c.path}`).sort(), ['added made.txt', 'modified notes.md', 'modified src/b.ts']);
    await store.restore(commit);
    assert.equal(read(root, 'made.txt'), undefined);
    assert.equal(read(root, 'src/b.ts'), 'export const b = 2;\n');
  });

  it('leaves out ignored and oversized files, lists the oversized, and never touches them on restore', async () => {
    write(root, '.gitignore', 'node_modules/\n*.log\n');
    write(root, 'node_modules/pkg/index.js', 'module.exports = 1;');
    write(root, 'debug.log', 'x'.repeat(50));
    write(root, 'big.dat', 'y'.repeat(2000));
    const { commit, leftOut } = await store.snapshot('with ignored and big files');
    assert.deepEqual(leftOut, [{ path: 'big.dat', bytes: 2000, reason: 'file too large' }]);
    assert.equal(await store.fileAt(commit, 'node_modules/pkg/index.js'), undefined);
    assert.equal(await store.fileAt(commit, 'big.dat'), undefined);
    write(root, 'debug.log', 'changed log');
    write(root, 'big.dat', 'z'.repeat(3000));
    write(root, 'node_modules/pkg/index.js', 'changed');
    await store.restore(commit);
    assert.equal(read(root, 'debug.log'), 'changed log');
    assert.equal(read(root, 'big.dat'), 'z'.repeat(3000));
    assert.equal(read(root, 'node_modules/pkg/index.js'), 'changed');
  });

  it('leaves the largest files out past the per-checkpoint cap', async () => {
    for (let i = 0; i < 12; i++) write(root, `data/f${i}.txt`, 'x'.repeat(1000));
    const { leftOut } = await store.snapshot('many files');
    assert.ok(leftOut.length > 0 && leftOut.every((f) => f.reason === 'checkpoint too large'), JSON.stringify(leftOut));
  });

  it('weighs only what changed since the last checkpoint, and still applies both caps to it', async () => {
    write(root, 'data/keep.txt', 'k'.repeat(900));
    const first = await store.snapshot('first');
    assert.deepEqual(first.leftOut, []);
    write(root, 'data/keep.txt', 'k'.repeat(1500));
    write(root, 'data/new.txt', 'n'.repeat(100));
    const grown = await store.snapshot('a file grew past the per-file cap');
    assert.deepEqual(grown.leftOut, [{ path: 'data/keep.txt', bytes: 1500, reason: 'file too large' }]);
    assert.equal(await store.fileAt(grown.commit, 'data/keep.txt'), undefined, 'a file over the cap leaves the checkpoint');
    assert.equal((await store.fileAt(grown.commit, 'data/new.txt'))?.toString(), 'n'.repeat(100));
    assert.equal((await store.fileAt(grown.commit, 'src/a.ts'))?.toString(), 'export const a = 1;\n', 'unchanged files stay in');
    write(root, 'data/keep.txt', 'small again');
    const shrunk = await store.snapshot('the file shrank');
    assert.deepEqual(shrunk.leftOut, []);
    assert.equal((await store.fileAt(shrunk.commit, 'data/keep.txt'))?.toString(), 'small again');
  });

  it('takes a folder that replaced a file, and a file that replaced a folder', async () => {
    await store.snapshot('first');
    fs.rmSync(path.join(root, 'notes.md'));
    write(root, 'notes.md/inside.md', 'now a folder');
    fs.rmSync(path.join(root, 'src'), { recursive: true });
    write(root, 'src', 'now a file');
    const { commit, leftOut } = await store.snapshot('swapped');
    assert.deepEqual(leftOut, []);
    assert.equal((await store.fileAt(commit, 'notes.md/inside.md'))?.toString(), 'now a folder');
    assert.equal((await store.fileAt(commit, 'src'))?.toString(), 'now a file');
    assert.equal(await store.fileAt(commit, 'src/a.ts'), undefined);
  });

  it('counts the unchanged files toward the per-checkpoint cap, and makes room when files go', async () => {
    for (let i = 0; i < 9; i++) write(root, `data/f${i}.txt`, 'x'.repeat(1000));
    assert.deepEqual((await store.snapshot('nine thousand bytes and the small files')).leftOut, []);
    write(root, 'data/late.txt', 'y'.repeat(1000));
    const full = await store.snapshot('one more file does not fit');
    assert.deepEqual(full.leftOut, [{ path: 'data/late.txt', bytes: 1000, reason: 'checkpoint too large' }]);
    fs.rmSync(path.join(root, 'data/f0.txt'));
    fs.rmSync(path.join(root, 'data/f1.txt'));
    const roomy = await store.snapshot('two files deleted');
    assert.deepEqual(roomy.leftOut, []);
    assert.equal((await store.fileAt(roomy.commit, 'data/late.txt'))?.toString(), 'y'.repeat(1000));
    assert.equal(await store.fileAt(roomy.commit, 'data/f0.txt'), undefined);
  });

  it('weighs every file again when its record of the last checkpoint is missing (a store of an older version)', async () => {
    await store.snapshot('first');
    fs.rmSync(path.join(storage, 'store', 'svc-checkpoint-state.json'));
    write(root, 'big.dat', 'b'.repeat(2000));
    const again = await store.snapshot('without the record');
    assert.deepEqual(again.leftOut, [{ path: 'big.dat', bytes: 2000, reason: 'file too large' }]);
    write(root, 'src/a.ts', 'changed');
    assert.deepEqual(await store.changesSince(again.commit), [{ path: 'src/a.ts', status: 'modified' }]);
  });

  it('prepares its first checkpoint ahead of time without recording one, and the next one starts from it', async () => {
    assert.equal(await store.needsPreparing(), true);
    write(root, 'big.dat', 'b'.repeat(2000));
    await store.prepare();
    assert.equal(await store.needsPreparing(), false);
    assert.deepEqual(await store.commits(), [], 'no checkpoint is recorded');
    write(root, 'src/a.ts', 'edited after preparing');
    const { commit, leftOut } = await store.snapshot('first real one');
    assert.deepEqual(leftOut, [{ path: 'big.dat', bytes: 2000, reason: 'file too large' }]);
    assert.equal((await store.fileAt(commit, 'src/a.ts'))?.toString(), 'edited after preparing');
    assert.equal((await store.fileAt(commit, 'notes.md'))?.toString(), '# notes\n');
  });

  it('prunes the checkpoints it is not told to keep', async () => {
    const first = await store.snapshot('one');
    write(root, 'src/a.ts', 'two');
    const second = await store.snapshot('two');
    assert.deepEqual((await store.commits()).sort(), [first.commit, second.commit].sort());
    assert.equal(await store.prune(new Set([second.commit])), 1);
    assert.deepEqual(await store.commits(), [second.commit]);
    assert.equal(await store.fileAt(first.commit, 'src/a.ts'), undefined);
  });

  it("never touches a workspace repository's .git, index or status", async () => {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'u', GIT_AUTHOR_EMAIL: 'u@x', GIT_COMMITTER_NAME: 'u', GIT_COMMITTER_EMAIL: 'u@x' } }).toString();
    git('init', '--quiet');
    git('add', 'src/a.ts', 'notes.md');
    git('commit', '--quiet', '-m', 'user commit');
    write(root, 'notes.md', 'stashed edit');
    git('stash', 'push', '--quiet', '-m', 'user stash', '--', 'notes.md');
    write(root, 'src/a.ts', 'user edit, not staged');
    const gitBefore = picture(path.join(root, '.git'));
    const statusBefore = git('status', '--porcelain');
    const { commit } = await store.snapshot('in a git repository');
    write(root, 'src/b.ts', 'agent edit');
    await store.changesSince(commit);
    await store.restore(commit);
    assert.deepEqual(picture(path.join(root, '.git')), gitBefore, 'every file of .git is byte-identical');
    assert.equal(git('status', '--porcelain'), statusBefore);
    assert.equal(await store.fileAt(commit, '.git/HEAD'), undefined, 'the repository itself is not copied');
  });
});
