// Where the upload cache keeps its record: a file per account in the extension's global storage
// folder, shared by every window under the folder's lock. VS Code's global state cannot be merged
// that way (each window writes back its own cached copy), so a record found there, from an earlier
// version, is read once and moved into the file.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { SharedKeyValueStorage } from '../../core/keyValueStorage';
import { FileKeyValueStorage } from '../fileKeyValueStorage';

export function uploadRecords(globalStorageFolder: string, legacy: vscode.Memento): SharedKeyValueStorage {
  const files = new FileKeyValueStorage(path.join(globalStorageFolder, 'uploads'));
  return {
    read: async (key) => (await files.read(key)) ?? legacy.get<unknown>(key),
    write: (key, value) => files.write(key, value),
    remove: (key) => files.remove(key),
    keys: () => files.keys(),
    update: async (key, change) => {
      const written = await files.update(key, (stored) => change(stored ?? legacy.get<unknown>(key)));
      if (legacy.get<unknown>(key) !== undefined) await legacy.update(key, undefined);
      return written;
    },
  };
}
