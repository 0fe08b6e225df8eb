// KeyValueStorage as one JSON file per key in a storage folder. A write goes to a fresh temporary file
// (created exclusively, so a planted link is never followed) that is then renamed over the old one, so
// a crash mid-write leaves the previous version intact rather than half a file. `update` runs under
// the folder's lock, shared with every other window and process using the folder.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { SharedKeyValueStorage } from '../core/keyValueStorage';
import { FolderLock } from './folderLock';

const SUFFIX = '.json';

export class FileKeyValueStorage implements SharedKeyValueStorage {
  private tmpCounter = 0;
  private readonly lock: FolderLock;

  constructor(private readonly dir: string) {
    this.lock = new FolderLock(dir);
  }

  private file(key: string): string {
    return path.join(this.dir, encodeURIComponent(key) + SUFFIX);
  }

  async read(key: string): Promise<unknown> {
    try {
      return JSON.parse(await fs.readFile(this.file(key), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async write(key: string, value: unknown): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = this.file(key);
    const tmp = `${target}.${process.pid}.${++this.tmpCounter}.tmp`;
    await fs.writeFile(tmp, JSON.stringify(value), { encoding: 'utf8', flag: 'wx', mode: 0o600 });
    await fs.rename(tmp, target);
  }

  update(key: string, change: (stored: unknown) => unknown): Promise<unknown> {
    return this.lock.run(async () => {
      const next = change(await this.read(key));
      await this.write(key, next);
      return next;
    });
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async keys(): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names.filter((n) => n.endsWith(SUFFIX)).map((n) => decodeURIComponent(n.slice(0, -SUFFIX.length)));
  }
}
