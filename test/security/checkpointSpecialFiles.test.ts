// Attacks on checkpoints through special files: a named pipe where git reads a file by name while it
// lists the folder (a nested repository's .git/HEAD, where a .git file points, a subfolder's
// .gitattributes), which would hold every checkpoint for git's whole time limit, and every
// file-changing step with it; and a checkpoint that takes too long whatever the cause.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Checkpoints, type FolderStore } from '../../src/core/checkpoints/checkpoints';
import { CheckpointedTool } from '../../src/core/checkpoints/checkpointedTool';
import { checkpointWithin } from '../../src/core/checkpoints/checkpointWithin';
import type { Tool } from '../../src/core/tools/tool';
import { toolTraits } from '../../src/core/tools/toolTraits';
import { STAND_IN_DISPLAY } from '../support/registeredTools';
import { findGitTraps, SpecialFileError, TrapWalkCache } from '../../src/extension/checkpoints/gitTraps';
import { ShadowGitStore } from '../../src/extension/checkpoints/shadowGitStore';
import { tempDir } from '../support/emulatorTestBed';

/** A git folder git takes for a repository's (objects and refs present), its HEAD a named pipe nobody writes to. */
function gitFolderWithPipe(folder: string): string {
  fs.mkdirSync(path.join(folder, 'objects'), { recursive: true });
  fs.mkdirSync(path.join(folder, 'refs'), { recursive: true });
  const head = path.join(folder, 'HEAD');
  execFileSync('mkfifo', [head]);
  return head;
}

/** Whether some process has the pipe open for reading now (a writer that opens without waiting finds a reader). */
function pipeHasReader(pipe: string): boolean {
  try {
    fs.closeSync(fs.openSync(pipe, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') return false;
    throw error;
  }
}

describe('checkpoints and special files', function () {
  let root: string;
  let outside: string;
  let storage: string;

  before(function () {
    if (process.platform === 'win32') this.skip();
  });

  beforeEach(() => {
    root = tempDir('svc-ckpt-pipe-');
    outside = tempDir('svc-ckpt-pipe-outside-');
    storage = tempDir('svc-ckpt-pipe-store-');
    fs.writeFileSync(path.join(root, 'app.ts'), 'v1\n');
  });

  afterEach(() => {
    for (const dir of [root, outside, storage]) fs.rmSync(dir, { recursive: true, force: true });
  });

  // Bounded by mocha's limit, far below git's own 2 minutes: were any pipe opened for reading, git
  // would wait on it for a writer, and nothing here ever writes to one.
  it('takes a checkpoint beside named pipes where git reads files by name, and at the top, without opening any', async function () {
    this.timeout(20_000);
    const pipes = [
      gitFolderWithPipe(path.join(root, 'vendor', 'dep', '.git')),
      gitFolderWithPipe(path.join(outside, 'elsewhere.git')),
      path.join(root, 'lib', '.gitattributes'),
      path.join(root, 'pipe'),
    ];
    fs.mkdirSync(path.join(root, 'wt'));
    fs.writeFileSync(path.join(root, 'wt', '.git'), `gitdir: ${path.join(outside, 'elsewhere.git')}\n`);
    fs.writeFileSync(path.join(root, 'wt', 'file.ts'), 'in wt\n');
    fs.mkdirSync(path.join(root, 'lib'));
    fs.writeFileSync(path.join(root, 'lib', 'code.ts'), 'in lib\n');
    execFileSync('mkfifo', pipes.slice(2));
    fs.mkdirSync(path.join(root, 'kept'));
    fs.writeFileSync(path.join(root, 'kept', 'ok.ts'), 'kept\n');

    const store = await ShadowGitStore.open(path.join(storage, 'store'), root);
    const first = await store.snapshot('beside pipes');
    fs.writeFileSync(path.join(root, 'app.ts'), 'v2\n');
    const second = await store.snapshot('again, from what changed');

    assert.equal((await store.fileAt(first.commit, 'app.ts'))?.toString(), 'v1\n');
    assert.equal((await store.fileAt(second.commit, 'app.ts'))?.toString(), 'v2\n');
    assert.equal((await store.fileAt(second.commit, 'kept/ok.ts'))?.toString(), 'kept\n');
    assert.equal(await store.fileAt(second.commit, 'pipe'), undefined, 'a pipe is no file to keep');
    assert.deepEqual(
      second.leftOut.map((f) => `${f.path} (${f.reason})`),
      ['lib/ (holds a special file git would open)', 'vendor/dep/ (holds a special file git would open)', 'wt/ (holds a special file git would open)'],
    );
    for (const pipe of pipes) assert.equal(pipeHasReader(pipe), false, `${pipe} is open for reading`);
  });

  it('takes no checkpoint when the folder’s own .gitignore is a named pipe, and says so', async function () {
    this.timeout(20_000);
    execFileSync('mkfifo', [path.join(root, '.gitignore')]);
    const store = await ShadowGitStore.open(path.join(storage, 'store'), root);
    await assert.rejects(store.snapshot('top pipe'), (error: Error) => error instanceof SpecialFileError && /^\.gitignore is not a regular file/.test(error.message));
  });

  describe('a checkpoint that takes too long', () => {
    const edit = (ran: string[]): Tool => ({
      definition: { type: 'function', function: { name: 'edit_file', description: 'Edits a file.', parameters: { type: 'object', properties: {}, required: [] } } },
      origin: { kind: 'workspace' },
      traits: toolTraits({}),
      display: STAND_IN_DISPLAY,
      run: async () => {
        ran.push('edit_file');
        return { status: 'done', content: 'Edited src/a.ts.' };
      },
    });
    const store = (snapshot: FolderStore['snapshot']): FolderStore => ({
      workTree: '/ws',
      snapshot,
      changesSince: async () => [],
      restore: async () => [],
      fileAt: async () => undefined,
      prune: async () => 0,
      needsPreparing: async () => false,
      prepare: async () => undefined,
    });
    const bounded = (folder: FolderStore, missing: string[]) =>
      checkpointWithin((label) => new Checkpoints({ stores: async () => [folder], enabled: () => true, clock: { now: () => 7 }, newId: () => 'id', warnOnce: () => undefined }).take(label), {
        limitMs: 50,
        clock: { now: () => 7 },
        newId: () => 'missing-1',
        onMissing: (label, reason) => missing.push(`${label}: ${reason}`),
      });

    it('lets the step go on and records that it has no checkpoint, and why, when the store never answers', async () => {
      const ran: string[] = [];
      const missing: string[] = [];
      const never = store(() => new Promise(() => undefined));
      const result = await new CheckpointedTool(edit(ran), bounded(never, missing)).run({ raw: '{"path":"src/a.ts"}', value: { path: 'src/a.ts' } }, new AbortController().signal);
      assert.deepEqual(ran, ['edit_file'], 'the step ran');
      assert.equal(result.content, 'Edited src/a.ts.');
      assert.deepEqual(result.checkpoint?.folders, [], 'nothing to restore');
      assert.match(result.checkpoint?.missing ?? '', /^it was not taken within 0 s/);
      assert.equal(result.checkpoint?.label, 'before edit_file src/a.ts');
      assert.equal(missing.length, 1);
    });

    it('records the reason when the checkpoint fails, and the step still runs', async () => {
      const ran: string[] = [];
      const failing = store(async () => {
        throw new SpecialFileError('.gitignore');
      });
      const result = await new CheckpointedTool(edit(ran), bounded(failing, [])).run({ raw: '{}', value: {} }, new AbortController().signal);
      assert.deepEqual(ran, ['edit_file']);
      assert.match(result.checkpoint?.missing ?? '', /^\.gitignore is not a regular file/);
    });
  });

  describe('the folders kept from one checkpoint to the next', () => {
    /** A time well before the walk: the folder's listing may be kept. */
    const longAgo = new Date(Date.now() - 60_000);
    const age = (...folders: string[]): void => {
      for (const folder of folders) fs.utimesSync(folder, longAgo, longAgo);
    };
    const trapFolders = async (cache: TrapWalkCache): Promise<string[]> => (await findGitTraps(root, cache)).map((t) => t.folder);

    beforeEach(() => {
      for (const folder of ['lib', 'kept', 'linked', 'wt']) fs.mkdirSync(path.join(root, folder));
      fs.writeFileSync(path.join(root, 'lib', 'code.ts'), 'x\n');
      fs.writeFileSync(path.join(outside, 'ignore'), '*.log\n');
      fs.symlinkSync(path.join(outside, 'ignore'), path.join(root, 'linked', '.gitignore'));
      fs.mkdirSync(path.join(outside, 'wt.git', 'objects'), { recursive: true });
      fs.mkdirSync(path.join(outside, 'wt.git', 'refs'));
      fs.writeFileSync(path.join(outside, 'wt.git', 'HEAD'), 'ref: refs/heads/main\n');
      fs.writeFileSync(path.join(root, 'wt', '.git'), `gitdir: ${path.join(outside, 'wt.git')}\n`);
      age(root, ...['lib', 'kept', 'linked', 'wt'].map((folder) => path.join(root, folder)));
    });

    it('finds a pipe added to a folder since the last walk: adding it changed the folder', async () => {
      const cache = new TrapWalkCache();
      assert.deepEqual(await trapFolders(cache), []);
      execFileSync('mkfifo', [path.join(root, 'lib', '.gitattributes')]);
      assert.deepEqual(await trapFolders(cache), ['lib']);
    });

    it('lists again only folders whose time changed: one left as it was keeps its listing', async () => {
      const cache = new TrapWalkCache();
      assert.deepEqual(await trapFolders(cache), []);
      execFileSync('mkfifo', [path.join(root, 'kept', '.gitattributes')]);
      age(path.join(root, 'kept'));
      assert.deepEqual(await trapFolders(cache), [], 'the kept listing was used');
      assert.deepEqual(await trapFolders(new TrapWalkCache()), ['kept'], 'a walk without the cache lists it');
    });

    it('looks again where the folder stays as it was but what git opens changed: a linked .gitignore, a .git file’s repository', async () => {
      const cache = new TrapWalkCache();
      assert.deepEqual(await trapFolders(cache), []);
      fs.rmSync(path.join(outside, 'ignore'));
      execFileSync('mkfifo', [path.join(outside, 'ignore')]);
      fs.rmSync(path.join(outside, 'wt.git', 'HEAD'));
      execFileSync('mkfifo', [path.join(outside, 'wt.git', 'HEAD')]);
      age(path.join(root, 'linked'), path.join(root, 'wt'));
      assert.deepEqual(await trapFolders(cache), ['linked', 'wt']);
    });

    it('lists again a folder changed just before the walk, even with its time set back as it was', async () => {
      const cache = new TrapWalkCache();
      const lib = path.join(root, 'lib');
      const now = new Date();
      fs.utimesSync(lib, now, now);
      assert.deepEqual(await trapFolders(cache), []);
      execFileSync('mkfifo', [path.join(lib, '.gitattributes')]);
      fs.utimesSync(lib, now, now);
      assert.deepEqual(await trapFolders(cache), ['lib']);
    });
  });
});
