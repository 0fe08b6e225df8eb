import assert from 'node:assert/strict';
import { SvcClient } from '../../../src/api';
import { accountKey } from '../../../src/core/files/accountKey';
import { ContextBuilder } from '../../../src/core/files/contextBuilder';
import { UploadCache, UploadLimitError, uploadStorageKey } from '../../../src/core/files/uploadCache';
import { loadUploadsOverview } from '../../../src/core/files/uploadsOverview';
import { startEmulatorTestBed, type EmulatorTestBed } from '../../support/emulatorTestBed';
import { MemoryStorage } from './support/memoryStorage';

const text = (s: string) => new TextEncoder().encode(s);
const UPLOAD = ['POST', '/v1/files'] as const;

function source(name: string, body: string) {
  return { source: `file:///work/${name}`, name, data: text(body) };
}

/** Upload times in a known order, without depending on the wall clock's resolution. */
function steppingClock() {
  let t = 1_000;
  return () => (t += 1_000);
}

describe('files: upload cache (emulator)', () => {
  let emu: EmulatorTestBed;
  afterEach(() => emu?.close());

  function cacheFor(storage = new MemoryStorage(), options: ConstructorParameters<typeof UploadCache>[3] = {}) {
    const cache = new UploadCache(emu.client, storage, accountKey(emu.url, emu.apiKey), { now: steppingClock(), ...options });
    return { cache, storage, builder: new ContextBuilder(emu.client, cache) };
  }

  it('the second explain of the same file makes no new upload, also after a restart', async () => {
    emu = await startEmulatorTestBed();
    const { builder, storage } = cacheFor();
    const file = source('src/app.ts', 'export function main() { return 42; }\n');

    const first = await builder.prepare(file, 'file-extract');
    assert.equal(first.reused, false);
    assert.equal(emu.count(...UPLOAD), 1);

    const second = await builder.prepare(file, 'file-extract');
    assert.equal(second.reused, true);
    assert.equal(second.file?.id, first.file?.id);
    assert.equal(emu.count(...UPLOAD), 1, 'no second upload');
    assert.equal(emu.count('GET', `/v1/files/${first.file?.id}`), 1, 'the reused id was checked with files.get');

    const afterRestart = cacheFor(storage).builder;
    const third = await afterRestart.prepare(file, 'file-extract');
    assert.equal(third.reused, true);
    assert.equal(third.file?.id, first.file?.id);
    assert.equal(emu.count(...UPLOAD), 1, 'the cache survived the restart');
  });

  it('files the cache per account under a hash, never the key itself', async () => {
    emu = await startEmulatorTestBed({ otherKey: 'sk-second-account' });
    const storage = new MemoryStorage();
    const file = source('a.md', '# Title\n');
    await cacheFor(storage).builder.prepare(file);

    const other = new SvcClient({ baseUrl: emu.url, apiKey: 'sk-second-account', maxRetries: 0 });
    const otherCache = new UploadCache(other, storage, accountKey(emu.url, 'sk-second-account'));
    const outcome = await otherCache.upload({ source: file.source, filename: 'a.md', data: file.data, purpose: 'file-extract' });
    assert.equal(outcome.reused, false, 'another account does not reuse the first account\'s file');
    assert.equal(emu.count(...UPLOAD), 2);

    const persisted = JSON.stringify([...storage.data.entries()]);
    assert.ok(!persisted.includes(emu.apiKey) && !persisted.includes('sk-second-account'), 'no API key in storage');
    assert.ok(storage.data.has(uploadStorageKey(accountKey(emu.url, emu.apiKey))));
  });

  it('two windows on one record keep each other\'s uploads, and a deletion in one is not undone by the other', async () => {
    emu = await startEmulatorTestBed();
    const storage = new MemoryStorage();
    const one = cacheFor(storage).cache;
    const two = cacheFor(storage).cache;
    const a = await one.upload({ source: 'file:///a.md', filename: 'a.md', data: text('a'), purpose: 'file-extract' });
    await two.load();
    const b = await two.upload({ source: 'file:///b.md', filename: 'b.md', data: text('b'), purpose: 'file-extract' });
    const c = await one.upload({ source: 'file:///c.md', filename: 'c.md', data: text('c'), purpose: 'file-extract' });
    assert.deepEqual(one.owned().map((u) => u.filename), ['a.md', 'b.md', 'c.md'], 'window one took window two\'s record in');
    await two.delete([a.file.id]);
    await one.upload({ source: 'file:///d.md', filename: 'd.md', data: text('d'), purpose: 'file-extract' });
    const stored = JSON.parse(storage.data.get(uploadStorageKey(accountKey(emu.url, emu.apiKey))) ?? '{}') as { uploads: { fileId: string }[] };
    const ids = stored.uploads.map((u) => u.fileId);
    assert.ok(!ids.includes(a.file.id), 'the deletion stays');
    assert.ok(ids.includes(b.file.id) && ids.includes(c.file.id));
    assert.equal(ids.length, 3);
  });

  it('a changed file is uploaded again and the old copy deleted', async () => {
    emu = await startEmulatorTestBed();
    const { builder, cache } = cacheFor();
    const v1 = await builder.prepare(source('src/app.ts', 'const version = 1;\n'));
    const v2 = await builder.prepare(source('src/app.ts', 'const version = 2;\n'));

    assert.equal(v2.reused, false);
    assert.notEqual(v2.file?.id, v1.file?.id);
    assert.equal(v2.replaced?.fileId, v1.file?.id);
    assert.equal(emu.count(...UPLOAD), 2);
    assert.equal(emu.count('DELETE', `/v1/files/${v1.file?.id}`), 1);
    assert.deepEqual((await emu.client.files.list()).map((f) => f.id), [v2.file?.id]);
    assert.deepEqual(cache.owned().map((u) => u.fileId), [v2.file?.id]);
  });

  it('keeps a shared upload while another file still has the same content', async () => {
    emu = await startEmulatorTestBed();
    const { builder } = cacheFor();
    const a = await builder.prepare(source('a.txt', 'same\n'));
    const b = await builder.prepare(source('b.txt', 'same\n'));
    assert.equal(b.reused, true);
    await builder.prepare(source('a.txt', 'a changed\n'));
    assert.equal(emu.count('DELETE', /^\/v1\/files\//), 0, 'b.txt still uses the first upload');
    assert.ok((await emu.client.files.list()).some((f) => f.id === a.file?.id));
  });

  it('a file deleted on the server is uploaded again', async () => {
    emu = await startEmulatorTestBed();
    const { builder } = cacheFor();
    const file = source('notes.txt', 'remember the milk\n');
    const first = await builder.prepare(file);
    await emu.client.files.delete(first.file!.id);

    const again = await builder.prepare(file);
    assert.equal(again.reused, false);
    assert.notEqual(again.file?.id, first.file?.id);
    assert.equal(emu.count(...UPLOAD), 2);
    assert.equal(again.status, 'ok');
  });

  it('one upload when the same file is explained twice at once', async () => {
    emu = await startEmulatorTestBed();
    const { builder } = cacheFor();
    const file = source('x.py', 'print("hi")\n');
    const [a, b] = await Promise.all([builder.prepare(file), builder.prepare(file)]);
    assert.equal(a.file?.id, b.file?.id);
    assert.equal(emu.count(...UPLOAD), 1);
  });

  it('ignores a damaged stored record instead of trusting it', async () => {
    emu = await startEmulatorTestBed();
    const storage = new MemoryStorage();
    await storage.write(uploadStorageKey(accountKey(emu.url, emu.apiKey)), { version: 1, uploads: [{ fileId: 42 }] });
    const outcome = await cacheFor(storage).builder.prepare(source('a.txt', 'a\n'));
    assert.equal(outcome.status, 'ok');
    assert.equal(emu.count(...UPLOAD), 1);
  });

  describe('limits', () => {
    it('before exceeding the file count, deletes the oldest files this extension uploaded, never others', async () => {
      emu = await startEmulatorTestBed({ fileLimits: { maxFiles: 3 } });
      const foreign = await emu.client.files.upload({ data: text('not ours'), filename: 'foreign.txt', purpose: 'file-extract' });
      const { builder, cache } = cacheFor(new MemoryStorage(), { limits: { maxFiles: 3 } });
      const a = await builder.prepare(source('a.txt', 'a\n'));
      const b = await builder.prepare(source('b.txt', 'b\n'));
      const c = await builder.prepare(source('c.txt', 'c\n'));

      assert.deepEqual(c.evicted.map((u) => u.fileId), [a.file?.id], 'the oldest of ours made room');
      const onService = (await emu.client.files.list()).map((f) => f.id).sort();
      assert.deepEqual(onService, [foreign.id, b.file!.id, c.file!.id].sort());
      assert.equal(emu.count('DELETE', `/v1/files/${foreign.id}`), 0);

      const overview = await loadUploadsOverview(emu.client, cache);
      assert.equal(overview.totals.files, 3);
      assert.equal(overview.totals.ownedFiles, 2);
      assert.match(overview.totals.label, /^3 of 3 files · \d+ bytes of 10 GB \(2 by this extension\)$/);
      assert.deepEqual(overview.rows.filter((r) => !r.owned).map((r) => r.label), ['foreign.txt']);
    });

    it('before exceeding the total size, deletes our oldest files until the new one fits', async () => {
      emu = await startEmulatorTestBed({ fileLimits: { maxTotalBytes: 100 } });
      const foreign = await emu.client.files.upload({ data: text('f'.repeat(30)), filename: 'foreign.txt', purpose: 'file-extract' });
      const { builder } = cacheFor(new MemoryStorage(), { limits: { maxTotalBytes: 100 } });
      const a = await builder.prepare(source('a.txt', 'a'.repeat(30)));
      const b = await builder.prepare(source('b.txt', 'b'.repeat(30)));
      const c = await builder.prepare(source('c.txt', 'c'.repeat(30)));
      assert.deepEqual(c.evicted.map((u) => u.fileId), [a.file?.id]);
      assert.deepEqual((await emu.client.files.list()).map((f) => f.id).sort(), [foreign.id, b.file!.id, c.file!.id].sort());
    });

    it('refuses, deleting nothing, when even removing all of ours would not make room', async () => {
      emu = await startEmulatorTestBed({ fileLimits: { maxFiles: 2 } });
      await emu.client.files.upload({ data: text('1'), filename: 'one.txt', purpose: 'file-extract' });
      await emu.client.files.upload({ data: text('2'), filename: 'two.txt', purpose: 'file-extract' });
      const { builder } = cacheFor(new MemoryStorage(), { limits: { maxFiles: 2 } });
      await assert.rejects(builder.prepare(source('mine.txt', 'mine\n')), (err: unknown) => {
        assert.ok(err instanceof UploadLimitError);
        assert.equal(err.limit, 'files');
        assert.match(err.message, /^mine\.txt: The number of files you have uploaded exceeded the max file count 2/);
        return true;
      });
      assert.equal(emu.count('DELETE', /^\/v1\/files\//), 0);
      assert.equal(emu.count(...UPLOAD), 2);
    });
  });
});
