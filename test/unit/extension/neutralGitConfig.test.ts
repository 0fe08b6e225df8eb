// The switches every git call of ours carries: the drivers found in every config listing are emptied key by
// key, and the config files of nested submodules are found without entering anything else of the git folder.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { driverOverrides, submoduleConfigFiles } from '../../../src/extension/git/neutralGitConfig';
import { RepositoryRefusedError } from '../../../src/extension/git/pinnedRepository';

describe('neutral git config', () => {
  it('empties every program-naming key of each driver, from every listing, once', () => {
    const repository = 'filter.lfs.clean\ngit-lfs clean\0diff.Evil.textconv\ncat\0core.fsmonitor\nx\0';
    const submodule = 'filter.lfs.smudge\ngit-lfs smudge\0merge.ours.driver\ntrue\0diff.a.b.command\nx\0';
    const pairs = driverOverrides([repository, submodule]);
    const settings = pairs.filter((_, index) => index % 2 === 1).sort();
    assert.ok(pairs.every((value, index) => index % 2 === 1 || value === '-c'));
    assert.deepEqual(settings, [
      'diff.Evil.command=',
      'diff.Evil.textconv=',
      'diff.a.b.command=',
      'diff.a.b.textconv=',
      'filter.lfs.clean=',
      'filter.lfs.process=',
      'filter.lfs.required=false',
      'filter.lfs.smudge=',
      'merge.ours.driver=',
    ]);
  });

  it('refuses a driver whose name holds "=", naming it', () => {
    assert.throws(() => driverOverrides(['filter.x=y.clean\ntouch PWNED\0']), (error: unknown) => error instanceof RepositoryRefusedError && /"x=y"/.test(error.message));
  });

  it('finds the config files of nested submodules, and nothing that is not a regular file', async () => {
    const gitDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-modules-'));
    try {
      for (const folder of ['modules/a', 'modules/a/modules/b', 'modules/c', 'modules/a/objects/config']) fs.mkdirSync(path.join(gitDir, folder), { recursive: true });
      for (const file of ['modules/a/config', 'modules/a/modules/b/config']) fs.writeFileSync(path.join(gitDir, file), '[core]\n');
      execFileSync('mkfifo', [path.join(gitDir, 'modules/c/config')]);
      const found = await submoduleConfigFiles(gitDir);
      assert.deepEqual(found.map((file) => path.relative(gitDir, file)).sort(), ['modules/a/config', 'modules/a/modules/b/config']);
    } finally {
      fs.rmSync(gitDir, { recursive: true, force: true });
    }
  });
});
