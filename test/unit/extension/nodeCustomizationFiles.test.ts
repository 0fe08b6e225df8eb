// The customizations' file port on real files: a file's text; nothing for a folder, a file over 1 MB or a
// FIFO (which it does not wait on: nothing ever writes to it here); symlinks followed for what an entry is.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_CUSTOMIZATION_FILE_BYTES, nodeCustomizationFiles } from '../../../src/extension/customizations/nodeCustomizationFiles';

describe('nodeCustomizationFiles', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'svc-custom-files-')));
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('reads a text file whole, and nothing of a folder, a missing file or a file over 1 MB', async () => {
    await fsp.writeFile(path.join(dir, 'SKILL.md'), '---\nname: a\n---\nBody é\n');
    await fsp.writeFile(path.join(dir, 'big.md'), 'x'.repeat(MAX_CUSTOMIZATION_FILE_BYTES + 1));
    await fsp.writeFile(path.join(dir, 'limit.md'), 'y'.repeat(MAX_CUSTOMIZATION_FILE_BYTES));
    assert.equal(await nodeCustomizationFiles.read(path.join(dir, 'SKILL.md')), '---\nname: a\n---\nBody é\n');
    assert.equal((await nodeCustomizationFiles.read(path.join(dir, 'limit.md')))?.length, MAX_CUSTOMIZATION_FILE_BYTES);
    assert.equal(await nodeCustomizationFiles.read(path.join(dir, 'big.md')), undefined);
    assert.equal(await nodeCustomizationFiles.read(dir), undefined);
    assert.equal(await nodeCustomizationFiles.read(path.join(dir, 'missing.md')), undefined);
  });

  it('answers at once for a FIFO no one writes to, without reading it', async () => {
    const fifo = path.join(dir, 'SKILL.md');
    execFileSync('mkfifo', [fifo]);
    assert.equal(await nodeCustomizationFiles.read(fifo), undefined);
  });

  it('lists files and folders, a symlink as what it leads to, and gives real paths', async () => {
    await fsp.mkdir(path.join(dir, 'skills', 'one'), { recursive: true });
    await fsp.writeFile(path.join(dir, 'target.md'), 't');
    await fsp.symlink(path.join(dir, 'target.md'), path.join(dir, 'skills', 'linked.md'));
    await fsp.symlink(path.join(dir, 'skills', 'one'), path.join(dir, 'skills', 'two'));
    await fsp.symlink(path.join(dir, 'nowhere'), path.join(dir, 'skills', 'dangling'));
    const listed = (await nodeCustomizationFiles.list(path.join(dir, 'skills'))).sort((a, b) => a.name.localeCompare(b.name));
    assert.deepEqual(listed, [
      { name: 'linked.md', kind: 'file' },
      { name: 'one', kind: 'directory' },
      { name: 'two', kind: 'directory' },
    ]);
    assert.deepEqual(await nodeCustomizationFiles.list(path.join(dir, 'missing')), []);
    assert.equal(await nodeCustomizationFiles.realPath(path.join(dir, 'skills', 'linked.md')), path.join(dir, 'target.md'));
    assert.equal(await nodeCustomizationFiles.realPath(path.join(dir, 'skills', 'dangling')), undefined);
  });
});
