// Attacks on a background task's worktree through a cloned repository: its hooks (post-checkout runs on
// every `git worktree add`, pre-commit and post-commit on the commit of carried changes), its filters
// (smudge on checkout, clean on every add), its fsmonitor, textconv and merge driver. Whatever
// git runs, runs as the user. And the folder itself: nothing a task does may reach it before Apply.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../support/emulatorTestBed';
import { plainGit, repositoryWith, worktreeBed, type WorktreeBed } from '../support/taskWorktreesBed';

function hostileRepository(markers: string): string {
  const root = repositoryWith({ 'a.txt': 'one\ntwo\nthree\n', 'c.txt': 'c\n' }, 'svc-wt-attack-');
  const touch = (name: string): string => `touch ${path.join(markers, name)}`;
  fs.writeFileSync(path.join(root, '.gitattributes'), '*.txt filter=evil diff=evil merge=evil\n');
  plainGit(root, 'add', '.gitattributes');
  plainGit(root, 'commit', '--quiet', '-m', 'attributes');
  for (const hook of ['post-checkout', 'pre-commit', 'post-commit', 'reference-transaction', 'post-index-change', 'pre-auto-gc']) {
    fs.writeFileSync(path.join(root, '.git', 'hooks', hook), `#!/bin/sh\n${touch(`hook-${hook}`)}\n`, { mode: 0o755 });
  }
  const hooks = path.join(root, 'tools-hooks');
  fs.mkdirSync(hooks);
  fs.writeFileSync(path.join(hooks, 'post-checkout'), `#!/bin/sh\n${touch('hookspath-post-checkout')}\n`, { mode: 0o755 });
  plainGit(root, 'config', 'core.hooksPath', hooks);
  plainGit(root, 'config', 'filter.evil.smudge', `${touch('smudge')}; cat`);
  plainGit(root, 'config', 'filter.evil.clean', `${touch('clean')}; cat`);
  plainGit(root, 'config', 'diff.evil.textconv', `${touch('textconv')}; cat`);
  plainGit(root, 'config', 'merge.evil.driver', `${touch('merge')}; false`);
  plainGit(root, 'config', 'core.fsmonitor', `${touch('fsmonitor')}; false`);
  // Uncommitted changes, so carrying them runs diff, apply, add and commit too.
  fs.appendFileSync(path.join(root, 'a.txt'), 'four\n');
  fs.writeFileSync(path.join(root, 'new.txt'), 'new\n');
  return root;
}

/** Every file of the folder's work tree, its index and HEAD, as bytes. */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (full === path.join(root, '.git')) continue;
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(root, full), fs.readFileSync(full).toString('base64'));
    }
  };
  walk(root);
  for (const name of ['index', 'HEAD']) files.set(`.git/${name}`, fs.readFileSync(path.join(root, '.git', name)).toString('base64'));
  return files;
}

describe('background task worktrees on a cloned repository with hostile config', () => {
  let markers: string;
  let root: string;
  let bed: WorktreeBed;
  beforeEach(() => {
    markers = tempDir('svc-wt-markers-');
    root = hostileRepository(markers);
    bed = worktreeBed(() => [root]);
  });
  afterEach(() => {
    bed.dispose();
    for (const dir of [markers, root]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the attack works on a plain `git worktree add` (the control case)', () => {
    spawnSync('git', ['worktree', 'add', '--quiet', '-b', 'plain', path.join(bed.worktreesFolder, 'plain')], { cwd: root, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
    const ran = fs.readdirSync(markers);
    assert.ok(ran.includes('hookspath-post-checkout'), `post-checkout ran: ${ran.join(', ')}`);
    assert.ok(ran.includes('smudge'), `the smudge filter ran: ${ran.join(', ')}`);
  });

  it('runs none of its hooks, filters, fsmonitor, textconv or merge driver: create, carry, compare, apply with a conflict, discard', async () => {
    const record = await bed.worktrees.create(root, { id: 'attack1', task: 't', carry: 'uncommitted-changes' });
    assert.equal(fs.readFileSync(path.join(record.path, 'new.txt'), 'utf8'), 'new\n', 'the untracked file was carried');
    fs.writeFileSync(path.join(record.path, 'a.txt'), 'one\nTWO by the task\nthree\nfour\n');
    fs.writeFileSync(path.join(record.path, 'c.txt'), 'c by the task\n');
    fs.writeFileSync(path.join(root, 'a.txt'), 'one\nTWO by the user\nthree\nfour\n');
    const plan = await bed.changes.plan(record);
    assert.deepEqual(plan.map((f) => [f.path, f.outcome]), [['a.txt', 'conflict-markers'], ['c.txt', 'clean']]);
    await bed.changes.apply(record, plan, 'write-conflict-markers');
    await bed.worktrees.discard(record.id);
    assert.deepEqual(fs.readdirSync(markers), []);
    assert.match(fs.readFileSync(path.join(root, 'a.txt'), 'utf8'), /<<<<<<< folder\n/);
  });

  it('leaves the folder untouched until Apply: files, index and HEAD as they were while a task edits its worktree', async () => {
    const before = snapshot(root);
    const record = await bed.worktrees.create(root, { id: 'quiet1', task: 't', carry: 'uncommitted-changes' });
    fs.writeFileSync(path.join(record.path, 'c.txt'), 'c by the task\n');
    fs.writeFileSync(path.join(record.path, 'added.txt'), 'added by the task\n');
    fs.rmSync(path.join(record.path, 'a.txt'));
    const plan = await bed.changes.plan(record);
    assert.equal(plan.length, 3);
    assert.deepEqual(snapshot(root), before);
    assert.equal(plainGit(root, 'branch', '--show-current').trim(), 'main');
  });

  it('refuses a worktree path outside its worktree folder: git is not run on a folder the record was altered to name', async () => {
    const record = await bed.worktrees.create(root, { id: 'moved1', task: 't', carry: 'nothing' });
    await assert.rejects(bed.changes.changes({ ...record, path: root }), /not a worktree folder of this extension/);
  });
});
