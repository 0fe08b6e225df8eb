// Attacks on checkpoints through the repository they copy: git's filter drivers and hooks named by the
// repository's own files, the user's own .git the shadow store must never write, and a folder opened in
// Restricted Mode, on which nothing may run unasked.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { prepareCheckpointsWhenTrusted } from '../../src/core/checkpoints/checkpointPreparation';
import { Checkpoints } from '../../src/core/checkpoints/checkpoints';
import { ShadowGitStore } from '../../src/extension/checkpoints/shadowGitStore';
import { tempDir } from '../support/emulatorTestBed';

describe('checkpoints, under attack', function () {
  this.timeout(30_000);
  let root: string;
  let storage: string;
  let marker: string;

  beforeEach(() => {
    root = tempDir('svc-ckpt-attack-');
    storage = tempDir('svc-ckpt-attack-store-');
    marker = path.join(storage, 'pwned');
    const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'u', GIT_AUTHOR_EMAIL: 'u@x', GIT_COMMITTER_NAME: 'u', GIT_COMMITTER_EMAIL: 'u@x' };
    execFileSync('git', ['init', '--quiet'], { cwd: root, env });
    // The repository names a filter for every file and defines it in its own config, with a hook beside it.
    fs.writeFileSync(path.join(root, '.gitattributes'), '* filter=pwn diff=pwn\n');
    execFileSync('git', ['config', 'filter.pwn.clean', `sh -c 'touch ${marker}; cat'`], { cwd: root, env });
    execFileSync('git', ['config', 'diff.pwn.textconv', `sh -c 'touch ${marker}; cat'`], { cwd: root, env });
    fs.writeFileSync(path.join(root, '.git', 'hooks', 'post-checkout'), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    fs.writeFileSync(path.join(root, 'app.ts'), 'v1\n');
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it("runs none of the repository's filters or hooks while checkpointing, comparing and restoring", async () => {
    // The attack works against plain git in the repository itself: its own add runs the filter.
    execFileSync('git', ['add', 'app.ts'], { cwd: root, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
    assert.equal(fs.existsSync(marker), true, 'the repository’s filter runs under its own git');
    fs.rmSync(marker);

    const store = await ShadowGitStore.open(path.join(storage, 'store'), root);
    const { commit } = await store.snapshot('before');
    fs.writeFileSync(path.join(root, 'app.ts'), 'v2\n');
    await store.changesSince(commit);
    await store.restore(commit);
    assert.equal(fs.readFileSync(path.join(root, 'app.ts'), 'utf8'), 'v1\n');
    assert.equal(fs.existsSync(marker), false, 'no filter, textconv or hook of the repository ran');
  });

  it('prepares nothing in the background while the workspace is in Restricted Mode, and runs no filter once trusted', async () => {
    const store = await ShadowGitStore.open(path.join(storage, 'store'), root);
    const checkpoints = new Checkpoints({ stores: async () => [store], enabled: () => true, clock: { now: () => 0 }, newId: () => 'id', warnOnce: () => undefined });
    let grant: (() => void) | undefined;
    const preparation = prepareCheckpointsWhenTrusted(checkpoints, {
      trusted: () => false,
      onTrusted: (listener) => {
        grant = listener;
        return { dispose: () => (grant = undefined) };
      },
      progress: (work) => work(),
      log: { info: () => undefined, warn: () => undefined },
    });
    assert.equal(await store.needsPreparing(), true);
    assert.equal(fs.existsSync(path.join(storage, 'store', 'index')), false, 'git read nothing of the folder');
    grant?.();
    assert.equal(await preparation.done, 1);
    assert.equal(await store.needsPreparing(), false);
    assert.equal(fs.existsSync(marker), false, 'no filter or hook of the repository ran');
  });
});

describe('checkpoints, attacked through what a restore or a checkpoint touches', function () {
  this.timeout(30_000);
  let root: string;
  let storage: string;
  let outside: string;

  beforeEach(() => {
    root = tempDir('svc-ckpt-restore-');
    storage = tempDir('svc-ckpt-restore-store-');
    outside = tempDir('svc-ckpt-outside-');
    fs.writeFileSync(path.join(root, 'app.ts'), 'v1\n');
  });

  afterEach(() => {
    for (const folder of [root, storage, outside]) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('a restore that brings back a symlinked folder does not delete through it', async () => {
    fs.writeFileSync(path.join(outside, 'victim.txt'), 'keep me');
    fs.symlinkSync(outside, path.join(root, 'link'));
    const store = await ShadowGitStore.open(path.join(storage, 'store'), root);
    const { commit } = await store.snapshot('the folder is a link');
    fs.rmSync(path.join(root, 'link'));
    fs.mkdirSync(path.join(root, 'link'));
    fs.writeFileSync(path.join(root, 'link', 'victim.txt'), 'created since');
    await store.restore(commit);
    assert.equal(fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8'), 'keep me', 'the file outside the workspace is untouched');
  });

  it('a file that grew past the cap is neither overwritten by a restore nor deleted by its undo', async () => {
    const store = await ShadowGitStore.open(path.join(storage, 'store'), root, { maxFileBytes: 1024 });
    fs.writeFileSync(path.join(root, 'data.bin'), 'small');
    const { commit } = await store.snapshot('small');
    const big = Buffer.alloc(4096, 7);
    fs.writeFileSync(path.join(root, 'data.bin'), big);
    fs.writeFileSync(path.join(root, 'app.ts'), 'v2\n');
    const before = await store.snapshot('before the restore');
    const restored = await store.restore(commit);
    assert.deepEqual(restored.map((c) => c.path), ['app.ts']);
    assert.deepEqual(fs.readFileSync(path.join(root, 'data.bin')), big, 'the restore left the big file as it is');
    await store.restore(before.commit);
    assert.deepEqual(fs.readFileSync(path.join(root, 'data.bin')), big, 'undoing the restore left it too');
    assert.equal(fs.readFileSync(path.join(root, 'app.ts'), 'utf8'), 'v2\n');
  });

  it('never runs a git from the workspace, whether PATH names it relatively or absolutely', async () => {
    const marker = path.join(outside, 'ran');
    for (const folder of [path.join(root, 'node_modules', '.bin'), root]) {
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'git'), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    }
    const saved = process.env.PATH;
    process.env.PATH = ['node_modules/.bin', '.', path.join(root, 'node_modules', '.bin'), root, saved].join(path.delimiter);
    try {
      const store = await ShadowGitStore.open(path.join(storage, 'store'), root);
      await store.snapshot('with planted gits');
    } finally {
      process.env.PATH = saved;
    }
    assert.equal(fs.existsSync(marker), false, 'no planted git ran');
  });

  it('takes no checkpoint in Restricted Mode, so git never runs on the folder there', async () => {
    const { fakeVscode, installFakeVscode } = await import('./fakeVscodeModule');
    installFakeVscode();
    const { createWorkspaceCheckpoints } = await import('../../src/extension/checkpoints/workspaceCheckpoints');
    fakeVscode.workspace.workspaceFolders = [{ uri: { fsPath: root, scheme: 'file' }, name: 'ws' }];
    fakeVscode.workspace.isTrusted = false;
    try {
      const log = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;
      const context = { storageUri: { fsPath: storage }, globalStorageUri: { fsPath: storage } } as never;
      const checkpoints = createWorkspaceCheckpoints(context, log);
      assert.equal(await checkpoints.take('in Restricted Mode'), undefined);
      assert.equal(fs.existsSync(path.join(storage, 'checkpoints')), false, 'no store was made');
      fakeVscode.workspace.isTrusted = true;
      assert.ok(await checkpoints.take('trusted'), 'once trusted, checkpoints are taken');
    } finally {
      fakeVscode.workspace.isTrusted = true;
      fakeVscode.workspace.workspaceFolders = undefined;
    }
  });
});
