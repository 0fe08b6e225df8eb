import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseStoreListing } from '../../../src/extension/checkpoints/storeListing';

describe('parseStoreListing (the shadow store reading git ls-files)', () => {
  let root: string;
  const env = { ...process.env, GIT_CONFIG_GLOBAL: os.devNull, GIT_CONFIG_NOSYSTEM: '1' };
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, env, encoding: 'utf8' });
  const listing = (): string => git('ls-files', '-z', '-t', '--modified', '--debug', '--others', '--exclude-standard');

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-listing-'));
    git('init', '--quiet');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("reads real git's output: new files, and changed or deleted ones with the size the index recorded", () => {
    fs.writeFileSync(path.join(root, 'grown.txt'), 'abc');
    fs.writeFileSync(path.join(root, 'gone.txt'), '12345');
    fs.writeFileSync(path.join(root, 'same.txt'), 'same');
    git('add', '.');
    fs.writeFileSync(path.join(root, 'grown.txt'), 'abcdefgh');
    fs.rmSync(path.join(root, 'gone.txt'));
    fs.writeFileSync(path.join(root, 'new.txt'), 'n');
    const files = parseStoreListing(listing(), true);
    assert.deepEqual(Object.fromEntries(files), {
      'new.txt': { indexed: false, indexedBytes: undefined },
      'grown.txt': { indexed: true, indexedBytes: 3 },
      'gone.txt': { indexed: true, indexedBytes: 5 },
    });
  });

  it('reads a name holding line breaks shaped like debug lines as a name, and its own size from its block', () => {
    const tricky = 'x\n  size: 999\tflags: 0\n.txt';
    fs.writeFileSync(path.join(root, tricky), 'four');
    fs.writeFileSync(path.join(root, 'after.txt'), 'seven!!');
    git('-c', 'core.quotepath=off', 'add', '.');
    fs.writeFileSync(path.join(root, tricky), 'longer now');
    fs.writeFileSync(path.join(root, 'after.txt'), 'changed too');
    const files = parseStoreListing(listing(), true);
    assert.deepEqual(files.get(tricky), { indexed: true, indexedBytes: 4 });
    assert.deepEqual(files.get('after.txt'), { indexed: true, indexedBytes: 7 });
    assert.equal(files.size, 2);
  });

  it('leaves the size unknown for an empty file (git is asked instead), and skips embedded repositories', () => {
    fs.writeFileSync(path.join(root, 'empty.txt'), '');
    git('add', '.');
    fs.writeFileSync(path.join(root, 'empty.txt'), 'now something');
    fs.mkdirSync(path.join(root, 'nested'));
    execFileSync('git', ['init', '--quiet'], { cwd: path.join(root, 'nested'), env });
    fs.writeFileSync(path.join(root, 'nested', 'inside.txt'), 'x');
    const files = parseStoreListing(listing(), true);
    assert.deepEqual(Object.fromEntries(files), { 'empty.txt': { indexed: true, indexedBytes: undefined } });
  });

  it('without --debug, reads the tags alone', () => {
    assert.deepEqual(Object.fromEntries(parseStoreListing('H a.txt\0? b.txt\0', false)), {
      'a.txt': { indexed: true, indexedBytes: undefined },
      'b.txt': { indexed: false, indexedBytes: undefined },
    });
  });
});
