// Attacks through @-mentions of a repository's files: `@folder` (or `@.`) would send every file of the
// folder, its `.env` and private keys included, with no question; `@.env` would send the file itself.
// The same rules as the agent's reads apply: files that look like secrets, the user's protected globs,
// and (inside a folder) what .gitignore leaves out.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../support/emulatorTestBed';
import { fakeEditor, fakeVscode, installFakeVscode } from './fakeVscodeModule';

installFakeVscode();

describe('@-mentions of secret files', () => {
  let workspace: string;
  let sources: import('../../src/extension/context/editorMentionSources').EditorMentionSources;

  beforeEach(async () => {
    fakeEditor.reset();
    workspace = tempDir('svc-mention-attack-');
    fs.writeFileSync(path.join(workspace, 'app.ts'), 'export const app = 1;');
    fs.writeFileSync(path.join(workspace, '.env'), 'DB_PASSWORD=hunter2');
    fs.writeFileSync(path.join(workspace, 'id_ed25519'), 'PRIVATE KEY ed25519');
    fs.writeFileSync(path.join(workspace, 'local.cfg'), 'TOKEN=ignored-by-git');
    fs.writeFileSync(path.join(workspace, 'prod.yaml'), 'password: protected-by-user');
    fs.writeFileSync(path.join(workspace, '.gitignore'), 'local.cfg\n');
    fakeVscode.workspace.workspaceFolders = [{ uri: { fsPath: workspace, scheme: 'file' }, name: 'ws' }];
    fakeEditor.settings.set('svc.agent.protectedFiles', { globalValue: ['prod.yaml'] });
    const { EditorMentionSources } = await import('../../src/extension/context/editorMentionSources');
    sources = new EditorMentionSources(async () => Promise.reject(new Error('no client')), { confirm: async () => false } as never);
  });

  afterEach(() => {
    fs.rmSync(workspace, { recursive: true, force: true });
    fakeVscode.workspace.workspaceFolders = undefined;
  });

  it('@folder sends the folder but none of its secrets, and says which it left out', async () => {
    const resolved = await sources.path('.', 1_000_000);
    assert.ok('text' in resolved);
    assert.match(resolved.text, /export const app = 1;/);
    for (const secret of ['hunter2', 'PRIVATE KEY', 'ignored-by-git', 'protected-by-user']) assert.ok(!resolved.text.includes(secret), secret);
    assert.match(resolved.text, /Not sent: .*\.env \(its name is one that holds keys/);
    assert.match(resolved.text, /local\.cfg \(the workspace's \.gitignore leaves it out\)/);
    assert.match(resolved.text, /prod\.yaml \(it matches your svc\.agent\.protectedFiles setting\)/);
  });

  it('@.env or @id_ed25519 is refused with a reason, pointing to the paperclip', async () => {
    for (const name of ['.env', 'id_ed25519', 'prod.yaml']) {
      const resolved = await sources.path(name, 1_000_000);
      assert.ok('error' in resolved, name);
      assert.match(resolved.error, /is not sent as a mention: .*Attach it with the paperclip/);
    }
    const plain = await sources.path('app.ts', 1_000_000);
    assert.ok('text' in plain && plain.text === 'export const app = 1;');
  });
});
