// Where the conversation store keeps its data. The extension backs it with files in the workspace's
// storage folder; tests back it with a Map. Values are plain JSON.
export interface KeyValueStorage {
  read(key: string): Promise<unknown>;
  write(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
  keys(): Promise<string[]>;
}
