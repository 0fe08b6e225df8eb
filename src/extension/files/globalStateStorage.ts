// The core's KeyValueStorage over VS Code's global state: uploads belong to the account, not to one
// workspace, and must survive restarts.
import type * as vscode from 'vscode';
import type { KeyValueStorage } from '../../core/keyValueStorage';

export function globalStateStorage(memento: vscode.Memento): KeyValueStorage {
  return {
    read: (key) => Promise.resolve(memento.get<unknown>(key)),
    write: async (key, value) => memento.update(key, value),
    remove: async (key) => memento.update(key, undefined),
    keys: () => Promise.resolve([...memento.keys()]),
  };
}
