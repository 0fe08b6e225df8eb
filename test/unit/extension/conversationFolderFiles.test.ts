import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConversationFolderFiles } from '../../../src/extension/conversationFolderFiles';
import { FolderLock } from '../../../src/extension/folderLock';
import { tempDir } from '../../support/emulatorTestBed';

describe('ConversationFolderFiles', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('svc-conv-folder-');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('replaces whole files privately and appends only to files that exist', async () => {
    const folder = new ConversationFolderFiles(path.join(dir, 'nested'));
    await folder.replace('a.jsonl', 'one\n');
    assert.equal(await folder.append('a.jsonl', 'two\n', true), true);
    assert.equal(await folder.read('a.jsonl'), 'one\ntwo\n');
    assert.equal(await folder.size('a.jsonl'), 8);
    assert.equal(await folder.append('gone.jsonl', 'x\n', false), false, 'an append never creates a file');
    assert.equal(await folder.read('gone.jsonl'), undefined);
    assert.deepEqual(await folder.names(), ['a.jsonl'], 'no temporary file is left');
    if (process.platform !== 'win32') assert.equal(fs.statSync(path.join(dir, 'nested', 'a.jsonl')).mode & 0o077, 0, 'only the user can read it');
  });
});

describe('FolderLock', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('svc-folder-lock-');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs holders one at a time and releases after a failure', async () => {
    const lock = new FolderLock(dir);
    const order: string[] = [];
    const slow = lock.run(async () => {
      order.push('a start');
      await new Promise((resolve) => setImmediate(resolve));
      order.push('a end');
    });
    const failing = lock.run(() => Promise.reject(new Error('boom')));
    const last = lock.run(async () => order.push('b'));
    await Promise.all([slow, failing.catch(() => undefined), last]);
    assert.deepEqual(order, ['a start', 'a end', 'b']);
    assert.ok(!fs.existsSync(path.join(dir, '.lock')));
  });

  it('takes over a lock left by a process that died holding it', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const pid = Number(dead.stdout);
    fs.mkdirSync(path.join(dir, '.lock'));
    fs.writeFileSync(path.join(dir, '.lock', 'owner.json'), JSON.stringify({ pid, host: os.hostname(), at: Date.now() }));
    const ran = await new FolderLock(dir).run(async () => 'ran');
    assert.equal(ran, 'ran');
    assert.deepEqual(fs.readdirSync(dir), [], 'the stale lock and its guard are gone');
  });
});
