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
