// Attacks by another local user on the stand-alone emulator's data folder (uploads, memory, balance). Its
// default was a fixed name in the shared temp folder: whoever creates that name first (world-readable, or
// a symlink to a folder of theirs) reads every upload. Now it is the user's own data folder, created
// owner-only, and an existing folder that is a symlink or another user's is refused.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultDataDir, preparePrivateDataDir } from '../../src/emulator/context';
import { startEmulator } from '../../src/emulator/index';
import { tempDir } from '../support/emulatorTestBed';

describe("security: the emulator's data folder", () => {
  let base: string;
  beforeEach(() => {
    base = tempDir('svc-emulator-data-attack-');
  });
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  it('defaults to the user\'s own data folder, never the shared temp folder', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const dir = defaultDataDir({ LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local' }, platform, '/home/me');
      assert.ok(!dir.startsWith(os.tmpdir()), `${platform}: ${dir}`);
    }
    assert.equal(defaultDataDir({}, 'linux', '/home/me'), path.join('/home/me', '.local', 'share', 'svc-emulator'));
    assert.equal(defaultDataDir({ XDG_DATA_HOME: '/data/me' }, 'linux', '/home/me'), path.join('/data/me', 'svc-emulator'));
  });

  it('creates the folder for its owner only', async () => {
    const dir = path.join(base, 'new', 'svc-emulator');
    const emulator = await startEmulator({ dataDir: dir });
    await emulator.close();
    assert.equal(fs.statSync(dir).mode & 0o777, 0o700);
  });

  it('closes an existing folder of its own that others could read', () => {
    const dir = path.join(base, 'mine');
    fs.mkdirSync(dir, { mode: 0o777 });
    fs.chmodSync(dir, 0o777);
    preparePrivateDataDir(dir);
    assert.equal(fs.statSync(dir).mode & 0o777, 0o700);
  });

  it("refuses a folder that is a symlink planted by someone else, or another user's folder", async () => {
    const theirs = path.join(base, 'theirs');
    fs.mkdirSync(theirs, { mode: 0o777 });
    const planted = path.join(base, 'svc-emulator-data');
    fs.symlinkSync(theirs, planted);
    await assert.rejects(startEmulator({ dataDir: planted }), /is a symbolic link; choose another with --data-dir/);
    assert.deepEqual(fs.readdirSync(theirs), [], 'nothing was written through the link');
    if (process.getuid?.() === 0) {
      const owned = path.join(base, 'owned-by-another');
      fs.mkdirSync(owned);
      fs.chownSync(owned, 4242, 4242);
      await assert.rejects(startEmulator({ dataDir: owned }), /belongs to another user \(uid 4242\)/);
    }
  });
});
