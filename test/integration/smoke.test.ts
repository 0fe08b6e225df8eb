// The harness's own check that the extension under development really runs in the extension host:
// it activates, every command its manifest promises exists, and the chat commands run.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';

const extensionId = 'svc-labs.svc-vscode';

interface Manifest {
  contributes?: { commands?: Array<{ command: string }> };
}

describe('svc in the extension host', () => {
  let extension: vscode.Extension<unknown>;

  before(async () => {
    const found = vscode.extensions.getExtension(extensionId);
    assert.ok(found, `${extensionId} is not loaded in the extension host`);
    extension = found;
    await extension.activate();
  });

  it('activates', () => {
    assert.equal(extension.isActive, true);
  });

  it('registers every command its manifest contributes', async () => {
    const contributed = ((extension.packageJSON as Manifest).contributes?.commands ?? []).map((c) => c.command);
    assert.ok(contributed.includes('svc.newChat') && contributed.includes('svc.focusChat'), `the manifest contributes ${contributed.join(', ') || 'no commands'}`);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((command) => !registered.has(command));
    assert.deepEqual(missing, [], `package.json contributes commands the extension never registers: ${missing.join(', ')}`);
  });

  it('runs svc.focusChat and svc.newChat without an error', async () => {
    await vscode.commands.executeCommand('svc.focusChat');
    await vscode.commands.executeCommand('svc.newChat');
  });
});
