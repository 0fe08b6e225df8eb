// KeyValueStorage as one JSON file per key in the extension's workspace storage folder. A write goes
// to a temporary file that is then renamed over the old one, so a crash mid-write leaves the previous
// version intact rather than half a file.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { KeyValueStorage } from '../core/keyValueStorage';

const SUFFIX = '.json';

export class FileKeyValueStorage implements KeyValueStorage {
  private tmpCounter = 0;

  constructor(private readonly dir: string) {}

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
    await fs.mkdir(this.dir, { recursive: true });
    const target = this.file(key);
    const tmp = `${target}.${process.pid}.${++this.tmpCounter}.tmp`;
    await fs.writeFile(tmp, JSON.stringify(value), 'utf8');
    await fs.rename(tmp, target);
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
