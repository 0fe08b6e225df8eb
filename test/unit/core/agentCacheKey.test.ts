import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CACHE_KEY_STORAGE_KEY, workspaceCacheKey } from '../../../src/core/agent/workspaceCacheKey';
import type { KeyValueStorage } from '../../../src/core/keyValueStorage';

/** Workspace storage as the extension keeps it: a JSON file per workspace, read fresh by each instance (a restart). */
class JsonFileStorage implements KeyValueStorage {
  constructor(private readonly file: string) {}
  private async all(): Promise<Record<string, unknown>> {
    return JSON.parse(await fs.readFile(this.file, 'utf8').catch(() => '{}')) as Record<string, unknown>;
  }
  async read(key: string): Promise<unknown> {
    return (await this.all())[key];
  }
  async write(key: string, value: unknown): Promise<void> {
    await fs.writeFile(this.file, JSON.stringify({ ...(await this.all()), [key]: value }));
  }
  async remove(key: string): Promise<void> {
    const all = await this.all();
    delete all[key];
    await fs.writeFile(this.file, JSON.stringify(all));
  }
  async keys(): Promise<string[]> {
    return Object.keys(await this.all());
  }
}

describe('core/agent workspaceCacheKey', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-cachekey-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('is the same for one workspace across a restart', async () => {
    const file = path.join(dir, 'workspace-a.json');
    const first = await workspaceCacheKey(new JsonFileStorage(file));
    const afterRestart = await workspaceCacheKey(new JsonFileStorage(file));
    assert.equal(afterRestart, first);
  });

  it('differs between two workspaces and says nothing about their paths', async () => {
    const a = await workspaceCacheKey(new JsonFileStorage(path.join(dir, 'workspace-a.json')));
    const b = await workspaceCacheKey(new JsonFileStorage(path.join(dir, 'workspace-b.json')));
    assert.notEqual(a, b);
    for (const key of [a, b]) {
      assert.match(key, /^svc-ws-[0-9a-f-]{36}$/);
      assert.ok(!key.includes('workspace') && !key.includes(path.basename(dir)));
    }
  });

  it('replaces a stored value that is not a key it made', async () => {
    const file = path.join(dir, 'workspace-c.json');
    const storage = new JsonFileStorage(file);
    await storage.write(CACHE_KEY_STORAGE_KEY, '/home/me/secret-project');
    const key = await workspaceCacheKey(storage);
    assert.match(key, /^svc-ws-/);
    assert.equal(await storage.read(CACHE_KEY_STORAGE_KEY), key);
  });
});
