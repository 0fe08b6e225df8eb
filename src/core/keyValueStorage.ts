// Where the core keeps small records. The extension backs it with files in a storage folder or with
// VS Code's state; tests back it with a Map. Values are plain JSON.
export interface KeyValueStorage {
  read(key: string): Promise<unknown>;
  write(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

/**
 * A KeyValueStorage that several windows write at once. `update` reads the stored value, applies
 * `change` and writes the result with no other writer in between, so each window merges its change
 * into what the others wrote instead of replacing it. Resolves to the value written.
 */
export interface SharedKeyValueStorage extends KeyValueStorage {
  update(key: string, change: (stored: unknown) => unknown): Promise<unknown>;
}
