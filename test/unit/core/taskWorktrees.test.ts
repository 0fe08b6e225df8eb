// A background task's worktree on a real git repository: made from HEAD on its own branch outside the
// workspace, its changes compared with its start and applied with a three-way merge, discarded with its
// branch, and cleaned up after a crash.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NotAGitRepositoryError, WorktreeRefusedError } from '../../../src/core/worktrees/worktreeErrors';
import { tempDir } from '../../support/emulatorTestBed';
import { plainGit, repositoryWith, worktreeBed, type WorktreeBed } from '../../support/taskWorktreesBed';

const read = (file: string): string => fs.readFileSync(file, 'utf8');

describe('task worktrees', () => {
  let root: string;
  let bed: WorktreeBed;
  beforeEach(() => {
    root = repositoryWith({ 'a.txt': 'one\ntwo\nthree\nfour\nfive\n', 'b.txt': 'b\n', 'src/c.txt': 'c\n', 'gone.txt': 'gone\n' });
    bed = worktreeBed(() => [root]);
  });
  afterEach(() => {
    bed.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('creates a worktree outside the workspace on a new branch from HEAD, and compares what a task changed', async () => {
    const head = plainGit(root, 'rev-parse', 'HEAD').trim();
    const record = await bed.worktrees.create(root, { id: 'w1', task: 'fix it', carry: 'nothing' });
    assert.equal(record.path, path.join(bed.worktreesFolder, 'w1'));
    assert.equal(record.base, head);
    assert.equal(plainGit(record.path, 'branch', '--show-current').trim(), 'svc/task-w1');
    assert.equal(plainGit(root, 'branch', '--show-current').trim(), 'main');
    fs.writeFileSync(path.join(record.path, 'a.txt'), 'one\ntwo\nTHREE\nfour\nfive\n');
    fs.writeFileSync(path.join(record.path, 'new.txt'), 'new\n');
    fs.rmSync(path.join(record.path, 'gone.txt'));
    fs.writeFileSync(path.join(record.path, 'src/c.txt'), 'c, committed by the task\n');
    plainGit(record.path, 'commit', '--quiet', '-am', 'the task commits');
    assert.deepEqual(await bed.changes.changes(record), [
      { path: 'a.txt', kind: 'modified' },
      { path: 'gone.txt', kind: 'deleted' },
      { path: 'new.txt', kind: 'added' },
      { path: 'src/c.txt', kind: 'modified' },
    ]);
    assert.equal(read(path.join(root, 'a.txt')), 'one\ntwo\nthree\nfour\nfive\n');
  });

  it('applies without conflicts: a file the folder left alone takes the task\'s version, one both changed apart is merged', async () => {
    const record = await bed.worktrees.create(root, { id: 'w2', task: 't', carry: 'nothing' });
    fs.writeFileSync(path.join(record.path, 'a.txt'), 'one\ntwo\nthree\nfour\nFIVE\n');
    fs.writeFileSync(path.join(record.path, 'b.txt'), 'b by the task\n');
    fs.writeFileSync(path.join(record.path, 'new.txt'), 'new\n');
    fs.rmSync(path.join(record.path, 'gone.txt'));
    fs.writeFileSync(path.join(root, 'a.txt'), 'ONE\ntwo\nthree\nfour\nfive\n');
    const plan = await bed.changes.plan(record);
    assert.deepEqual(plan.map((f) => [f.path, f.outcome]), [['a.txt', 'merged'], ['b.txt', 'clean'], ['gone.txt', 'clean'], ['new.txt', 'clean']]);
    const report = await bed.changes.apply(record, plan, 'leave-conflicts');
    assert.deepEqual(report, { written: ['a.txt', 'b.txt', 'gone.txt', 'new.txt'], left: [] });
    assert.equal(read(path.join(root, 'a.txt')), 'ONE\ntwo\nthree\nfour\nFIVE\n');
    assert.equal(read(path.join(root, 'b.txt')), 'b by the task\n');
    assert.equal(read(path.join(root, 'new.txt')), 'new\n');
    assert.equal(fs.existsSync(path.join(root, 'gone.txt')), false);
    assert.equal(plainGit(root, 'diff', '--cached', '--name-only'), '', 'the index is not touched');
  });

  it('shows conflicts and never overwrites: left as the folder has them, or written with markers when the user says so', async () => {
    const record = await bed.worktrees.create(root, { id: 'w3', task: 't', carry: 'nothing' });
    fs.writeFileSync(path.join(record.path, 'a.txt'), 'one\nTWO by the task\nthree\nfour\nfive\n');
    fs.writeFileSync(path.join(record.path, 'b.txt'), 'b by the task\n');
    fs.writeFileSync(path.join(record.path, 'gone.txt'), 'changed by the task\n');
    fs.writeFileSync(path.join(root, 'a.txt'), 'one\nTWO by the user\nthree\nfour\nfive\n');
    fs.rmSync(path.join(root, 'gone.txt'));
    const plan = await bed.changes.plan(record);
    assert.deepEqual(plan.map((f) => [f.path, f.outcome]), [['a.txt', 'conflict-markers'], ['b.txt', 'clean'], ['gone.txt', 'conflict']]);
    const left = await bed.changes.apply(record, plan, 'leave-conflicts');
    assert.deepEqual(left.written, ['b.txt']);
    assert.deepEqual(left.left.map((l) => l.path), ['a.txt', 'gone.txt']);
    assert.equal(read(path.join(root, 'a.txt')), 'one\nTWO by the user\nthree\nfour\nfive\n');
    assert.equal(fs.existsSync(path.join(root, 'gone.txt')), false);
    const marked = await bed.changes.apply(record, await bed.changes.plan(record), 'write-conflict-markers');
    assert.deepEqual(marked.left.map((l) => l.path), ['gone.txt']);
    assert.equal(read(path.join(root, 'a.txt')), 'one\n<<<<<<< folder\nTWO by the user\n||||||| task start\ntwo\n=======\nTWO by the task\n>>>>>>> task\nthree\nfour\nfive\n');
  });

  it('leaves a file the user changed between the comparison and Apply', async () => {
    const record = await bed.worktrees.create(root, { id: 'w4', task: 't', carry: 'nothing' });
    fs.writeFileSync(path.join(record.path, 'b.txt'), 'b by the task\n');
    const plan = await bed.changes.plan(record);
    fs.writeFileSync(path.join(root, 'b.txt'), 'b typed meanwhile\n');
    const report = await bed.changes.apply(record, plan, 'leave-conflicts');
    assert.deepEqual(report.written, []);
    assert.equal(report.left[0]?.path, 'b.txt');
    assert.equal(read(path.join(root, 'b.txt')), 'b typed meanwhile\n');
  });

  it('never deletes through a folder the user replaced with a link since the task started', async () => {
    const record = await bed.worktrees.create(root, { id: 'w7', task: 't', carry: 'nothing' });
    fs.rmSync(path.join(record.path, 'src/c.txt'));
    const outside = fs.realpathSync(tempDir('svc-wt-outside-'));
    fs.writeFileSync(path.join(outside, 'c.txt'), 'c\n');
    fs.rmSync(path.join(root, 'src'), { recursive: true });
    fs.symlinkSync(outside, path.join(root, 'src'));
    try {
      const report = await bed.changes.apply(record, await bed.changes.plan(record), 'leave-conflicts');
      assert.deepEqual(report.written, []);
      assert.match(report.left[0]?.reason ?? '', /a folder on its path is a link/);
      assert.equal(read(path.join(outside, 'c.txt')), 'c\n');
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('carries staged, unstaged and untracked changes without touching the folder, and compares against them', async () => {
    fs.writeFileSync(path.join(root, 'a.txt'), 'one staged\ntwo\nthree\nfour\nfive\n');
    plainGit(root, 'add', 'a.txt');
    fs.writeFileSync(path.join(root, 'b.txt'), 'b unstaged\n');
    fs.writeFileSync(path.join(root, 'untracked.txt'), 'untracked\n');
    fs.writeFileSync(path.join(root, '.gitignore'), 'ignored.txt\n');
    fs.writeFileSync(path.join(root, 'ignored.txt'), 'secret\n');
    const status = plainGit(root, 'status', '--porcelain');
    const record = await bed.worktrees.create(root, { id: 'w5', task: 't', carry: 'uncommitted-changes' });
    assert.equal(plainGit(root, 'status', '--porcelain'), status);
    assert.equal(read(path.join(record.path, 'a.txt')), 'one staged\ntwo\nthree\nfour\nfive\n');
    assert.equal(read(path.join(record.path, 'b.txt')), 'b unstaged\n');
    assert.equal(read(path.join(record.path, 'untracked.txt')), 'untracked\n');
    assert.equal(fs.existsSync(path.join(record.path, 'ignored.txt')), false);
    assert.deepEqual(await bed.changes.changes(record), [], 'the carried changes are the base, not the task\'s');
    assert.equal((await bed.records.get('w5'))?.base, record.base);
  });

  it('discards: the worktree folder, its branch and its record are gone', async () => {
    const record = await bed.worktrees.create(root, { id: 'w6', task: 't', carry: 'nothing' });
    fs.writeFileSync(path.join(record.path, 'b.txt'), 'b by the task\n');
    await bed.worktrees.discard('w6');
    assert.equal(fs.existsSync(record.path), false);
    assert.equal(plainGit(root, 'branch', '--list', 'svc/*'), '');
    assert.equal(plainGit(root, 'worktree', 'list', '--porcelain').match(/^worktree /gm)?.length, 1);
    assert.deepEqual(await bed.worktrees.list(), []);
    assert.equal(read(path.join(root, 'b.txt')), 'b\n');
  });

  it('cleans up after a crash: a folder without its record, a record without its folder, and a task no longer kept', async () => {
    const orphan = await bed.worktrees.create(root, { id: 'orphan', task: 't', carry: 'nothing' });
    await bed.records.drop('orphan');
    const lost = await bed.worktrees.create(root, { id: 'lost', task: 't', carry: 'nothing' });
    fs.rmSync(lost.path, { recursive: true, force: true });
    await bed.worktrees.create(root, { id: 'old', task: 't', carry: 'nothing' });
    const kept = await bed.worktrees.create(root, { id: 'kept', task: 't', carry: 'nothing' });
    const cleaned = await bed.worktrees.cleanUp((record) => record.id !== 'old', [root]);
    assert.deepEqual(cleaned.sort(), ['lost', 'old', 'orphan']);
    assert.deepEqual((await bed.worktrees.list()).map((r) => r.id), ['kept']);
    assert.deepEqual(fs.readdirSync(bed.worktreesFolder).filter((n) => !n.startsWith('.')), ['kept']);
    assert.equal(fs.existsSync(orphan.path), false);
    assert.deepEqual(plainGit(root, 'branch', '--list', 'svc/*', '--format=%(refname:short)').trim().split('\n'), ['svc/task-kept']);
    const listed = plainGit(root, 'worktree', 'list', '--porcelain');
    assert.deepEqual(listed.match(/^worktree (.*)$/gm), [`worktree ${root}`, `worktree ${kept.path}`]);
  });

  it('tells a folder that is not in a git repository so, naming it', async () => {
    // Under the system's own temporary folder: `npm test` points $TMPDIR inside this checkout, a git repository.
    const plain = fs.realpathSync(fs.mkdtempSync(path.join(fs.existsSync('/tmp') ? '/tmp' : os.tmpdir(), 'svc-wt-plain-')));
    const other = worktreeBed(() => [plain]);
    try {
      await assert.rejects(other.worktrees.create(plain, { id: 'n1', task: 't', carry: 'nothing' }), (error: unknown) => error instanceof NotAGitRepositoryError && error.message.includes(plain) && /is not in a git repository/.test(error.message));
      assert.deepEqual(fs.readdirSync(other.worktreesFolder), []);
    } finally {
      other.dispose();
      fs.rmSync(plain, { recursive: true, force: true });
    }
  });

  it('refuses in an untrusted folder before git runs', async () => {
    bed.trusted.value = false;
    await assert.rejects(bed.worktrees.create(root, { id: 'u1', task: 't', carry: 'nothing' }), (error: unknown) => error instanceof WorktreeRefusedError && /trusted folder/.test(error.message));
    assert.deepEqual(fs.readdirSync(bed.worktreesFolder), []);
    assert.equal(plainGit(root, 'branch', '--list', 'svc/*'), '');
  });
});
