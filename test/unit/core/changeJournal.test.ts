// The change journal on real files: a task's writes, creations, moves and deletions are undone strictly
// newest first through the real files port (NodeWorkspaceFiles over a temp folder), each only while the
// files are as the agent left them; what the user changed since is left alone, and so is everything older
// on the same paths.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChangeJournal, type JournalFiles } from '../../../src/core/tools/changeJournal';
import { nodeTestHost } from '../../support/testWorkspaceHost';

describe('core/tools change journal: operations undone newest first (real temp files)', () => {
  let root: string;
  let journal: ChangeJournal;
  let files: JournalFiles;
  /** Each write and delete undo makes, in order. */
  let calls: string[];

  const at = (rel: string) => path.join(root, rel);
  const read = (rel: string) => fs.readFile(at(rel), 'utf8').catch(() => undefined);
  const bytes = async (rel: string) => new Uint8Array(await fs.readFile(at(rel)));

  /** What a tool does: the change on disk, then its record. */
  const agent = {
    async write(rel: string, text: string): Promise<void> {
      const before = await fs.readFile(at(rel)).then((b) => new Uint8Array(b)).catch(() => undefined);
      await fs.mkdir(path.dirname(at(rel)), { recursive: true });
      await fs.writeFile(at(rel), text);
      const after = await bytes(rel);
      journal.record(before === undefined ? { kind: 'create', path: at(rel), display: rel, after } : { kind: 'write', path: at(rel), display: rel, before, after });
    },
    async move(from: string, to: string): Promise<void> {
      const moved = await bytes(from);
      await fs.mkdir(path.dirname(at(to)), { recursive: true });
      await fs.rename(at(from), at(to));
      journal.record({ kind: 'move', from: { path: at(from), display: from }, to: { path: at(to), display: to }, bytes: moved });
    },
    async delete(rel: string): Promise<void> {
      const before = await bytes(rel);
      await fs.rm(at(rel));
      journal.record({ kind: 'delete', path: at(rel), display: rel, before });
    },
  };

  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-journal-')));
    await fs.writeFile(at('a.txt'), 'a before\n');
    await fs.writeFile(at('c.txt'), 'c before\n');
    journal = new ChangeJournal();
    calls = [];
    const real = nodeTestHost([{ name: 'ws', path: root }]).files;
    files = {
      readFile: (p, options) => real.readFile(p, options),
      writeFile: async (p, content, expected) => {
        calls.push(`write ${path.relative(root, p)}`);
        await real.writeFile(p, content, expected);
      },
      deleteFile: async (p) => {
        calls.push(`delete ${path.relative(root, p)}`);
        await real.deleteFile(p);
      },
    };
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('write, move, write, delete, create: each undone newest first, every file back as it was', async () => {
    await agent.write('a.txt', 'a by the agent\n');
    await agent.move('a.txt', 'lib/b.txt');
    await agent.write('lib/b.txt', 'b by the agent\n');
    await agent.delete('c.txt');
    await agent.write('d.txt', 'new\n');
    assert.deepEqual(journal.filesChanged(), ['lib/b.txt', 'c.txt', 'd.txt']);
    assert.deepEqual(journal.originOf('lib/b.txt'), { path: at('lib/b.txt'), before: new TextEncoder().encode('a before\n'), deleted: false });
    assert.deepEqual(journal.originOf('c.txt'), { path: at('c.txt'), before: new TextEncoder().encode('c before\n'), deleted: true });
    assert.equal(journal.originOf('d.txt')?.before, undefined);
    assert.equal(journal.originOf('a.txt'), undefined, 'a.txt is listed where the task left it');

    const report = await journal.undoAll(files);
    assert.deepEqual(calls, ['delete d.txt', 'write c.txt', 'write lib/b.txt', 'write a.txt', 'delete lib/b.txt', 'write a.txt']);
    assert.deepEqual(report, { restored: ['c.txt', 'a.txt'], deleted: ['d.txt'], movedBack: [{ from: 'lib/b.txt', to: 'a.txt' }], skipped: [] });
    assert.equal(await read('a.txt'), 'a before\n');
    assert.equal(await read('c.txt'), 'c before\n');
    assert.equal(await read('lib/b.txt'), undefined);
    assert.equal(await read('d.txt'), undefined);
    assert.equal(journal.hasChanges(), false);
  });

  it('a path used again after a move away is cleared before the moved file comes back to it', async () => {
    await agent.write('a.txt', 'a by the agent\n');
    await agent.move('a.txt', 'b.txt');
    await agent.write('a.txt', 'another file at a\n');
    await agent.delete('b.txt');
    const report = await journal.undoAll(files);
    assert.deepEqual(calls, ['write b.txt', 'delete a.txt', 'write a.txt', 'delete b.txt', 'write a.txt']);
    assert.deepEqual(report.skipped, []);
    assert.deepEqual(report.movedBack, [{ from: 'b.txt', to: 'a.txt' }]);
    assert.equal(await read('a.txt'), 'a before\n');
    assert.equal(await read('b.txt'), undefined);
  });

  it('consecutive writes to one file go back in one write, from the last bytes to the first', async () => {
    await agent.write('a.txt', 'one\n');
    await agent.write('c.txt', 'c by the agent\n');
    await agent.write('a.txt', 'two\n');
    const report = await journal.undoAll(files);
    assert.deepEqual(calls, ['write a.txt', 'write c.txt']);
    assert.deepEqual(report.restored, ['a.txt', 'c.txt']);
    assert.equal(await read('a.txt'), 'a before\n');
  });

  it('leaves a moved file the user changed where it is, and the older changes of the same file with it; again on a second undo', async () => {
    await agent.write('a.txt', 'a by the agent\n');
    await agent.move('a.txt', 'b.txt');
    await agent.write('c.txt', 'c by the agent\n');
    await fs.writeFile(at('b.txt'), 'typed by the user\n');
    for (let attempt = 0; attempt < 2; attempt++) {
      const report = await journal.undoAll(files);
      assert.deepEqual(report.skipped, [
        { display: 'b.txt', reason: 'the file was changed after the agent moved it' },
        { display: 'a.txt', reason: 'a newer change to it was left alone' },
      ]);
      assert.deepEqual(report.movedBack, []);
      assert.equal(await read('b.txt'), 'typed by the user\n');
      assert.equal(await read('a.txt'), undefined);
      assert.equal(journal.hasChanges(), true);
      assert.deepEqual(journal.filesChanged(), ['b.txt']);
    }
    assert.equal(await read('c.txt'), 'c before\n', 'another file is still undone');
    assert.deepEqual(calls, ['write c.txt']);
  });

  it('does not move a file back over one the user put at its old path, nor restore a deleted file over a new one', async () => {
    await agent.move('a.txt', 'b.txt');
    await agent.delete('c.txt');
    await fs.writeFile(at('a.txt'), 'the user made a new a\n');
    await fs.writeFile(at('c.txt'), 'the user made a new c\n');
    const report = await journal.undoAll(files);
    assert.deepEqual(report.skipped, [
      { display: 'c.txt', reason: 'another file is there now' },
      { display: 'b.txt', reason: 'another file is at a.txt now' },
    ]);
    assert.deepEqual(calls, []);
    assert.equal(await read('a.txt'), 'the user made a new a\n');
    assert.equal(await read('b.txt'), 'a before\n');
    assert.equal(await read('c.txt'), 'the user made a new c\n');
  });

  it('a moved file that is gone is reported, and a created file that is gone counts as deleted', async () => {
    await agent.move('a.txt', 'b.txt');
    await agent.write('d.txt', 'new\n');
    await fs.rm(at('b.txt'));
    await fs.rm(at('d.txt'));
    const report = await journal.undoAll(files);
    assert.deepEqual(report, { restored: [], deleted: ['d.txt'], movedBack: [], skipped: [{ display: 'b.txt', reason: 'the file no longer exists' }] });
    assert.deepEqual(calls, []);
  });
});
