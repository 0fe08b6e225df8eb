// The built-in demo runs a scripted agent task. A repository cannot start it: its marker file only wakes
// the extension, and the task starts only in the folder the demo command itself wrote and noted, once.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakeVscode, installFakeVscode } from './fakeVscodeModule';

installFakeVscode();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { resumePendingDemo } = require('../../src/extension/demo/demoTask') as typeof import('../../src/extension/demo/demoTask');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DEMO_MARKER_FILE } = require('../../src/shared/demoProject') as typeof import('../../src/shared/demoProject');

function fakeContext(note: string | undefined) {
  const state = new Map<string, unknown>(note === undefined ? [] : [['svc.demo.pendingFolder', note]]);
  return {
    state,
    context: { globalState: { get: (key: string) => state.get(key), update: async (key: string, value: unknown) => void (value === undefined ? state.delete(key) : state.set(key, value)) } } as never,
  };
}

describe('the demo task cannot be started by a repository', () => {
  const executed: string[] = [];
  const original = fakeVscode.commands.executeCommand;
  let folder = '';

  beforeEach(() => {
    executed.length = 0;
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-demo-trust-'));
    fs.writeFileSync(path.join(folder, DEMO_MARKER_FILE), 'planted by a repository\n');
    fakeVscode.workspace.workspaceFolders = [{ uri: { fsPath: folder, scheme: 'file' }, name: 'repo' }];
    fakeVscode.commands.executeCommand = (async (command: string) => void executed.push(command)) as typeof original;
  });

  afterEach(() => {
    fakeVscode.commands.executeCommand = original;
    fakeVscode.workspace.workspaceFolders = undefined;
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('starts nothing in a folder holding the marker file when the demo command wrote no note', async () => {
    await resumePendingDemo(fakeContext(undefined).context);
    assert.deepEqual(executed, []);
  });

  it('starts nothing when the note names another folder, and keeps the note for that folder', async () => {
    const { context, state } = fakeContext(path.join(os.tmpdir(), 'somewhere-else'));
    await resumePendingDemo(context);
    assert.deepEqual(executed, []);
    assert.equal(state.size, 1);
  });

  it('starts the demo once in the folder the command noted', async () => {
    const { context, state } = fakeContext(folder);
    await resumePendingDemo(context);
    await resumePendingDemo(context);
    assert.deepEqual(executed, ['svc.tryDemo']);
    assert.equal(state.size, 0);
  });
});
