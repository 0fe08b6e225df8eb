// KeyValueStorage in a Map, keeping JSON text so a test sees exactly what would be persisted.
import type { SharedKeyValueStorage } from '../../../../src/core/keyValueStorage';

export class MemoryStorage implements SharedKeyValueStorage {
  readonly data = new Map<string, string>();
  writes = 0;

  async read(key: string): Promise<unknown> {
    const text = this.data.get(key);
    return text === undefined ? undefined : JSON.parse(text);
  }

  async write(key: string, value: unknown): Promise<void> {
    this.writes++;
    this.data.set(key, JSON.stringify(value));
  }

  async update(key: string, change: (stored: unknown) => unknown): Promise<unknown> {
    const next = change(await this.read(key));
    await this.write(key, next);
    return next;
  }

  async remove(key: string): Promise<void> {
    this.data.delete(key);
  }

  async keys(): Promise<string[]> {
    return [...this.data.keys()];
  }
}
