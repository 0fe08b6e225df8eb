import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FileKeyValueStorage } from '../../../src/extension/fileKeyValueStorage';

describe('FileKeyValueStorage', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-kv-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes, lists, reads and removes keys (any characters), leaving no temporary files', async () => {
    const storage = new FileKeyValueStorage(path.join(dir, 'nested'));
    assert.deepEqual(await storage.keys(), []);
    assert.equal(await storage.read('missing'), undefined);
    await storage.write('conversation/a b?', { n: 1 });
    await storage.write('activeConversation', 'x');
    await storage.write('conversation/a b?', { n: 2 });
    assert.deepEqual((await storage.keys()).sort(), ['activeConversation', 'conversation/a b?']);
    assert.deepEqual(await storage.read('conversation/a b?'), { n: 2 });
    assert.deepEqual(fs.readdirSync(path.join(dir, 'nested')).filter((n) => n.endsWith('.tmp')), []);
    await storage.remove('activeConversation');
    await storage.remove('activeConversation');
    assert.deepEqual(await storage.keys(), ['conversation/a b?']);
  });

  it('reports a corrupt file instead of treating it as missing', async () => {
    const storage = new FileKeyValueStorage(dir);
    fs.writeFileSync(path.join(dir, 'bad.json'), '{not json');
    await assert.rejects(storage.read('bad'), SyntaxError);
  });
});
