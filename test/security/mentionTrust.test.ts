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

  it('@.env that is a symlink to a file with a harmless name is refused: the name given counts as much as the real path', async () => {
    fs.mkdirSync(path.join(workspace, 'env'));
    fs.writeFileSync(path.join(workspace, 'env', 'local.txt'), 'STRIPE_KEY=sk_live_linked');
    fs.rmSync(path.join(workspace, '.env'));
    fs.symlinkSync(path.join(workspace, 'env', 'local.txt'), path.join(workspace, '.env'));
    const resolved = await sources.path('.env', 1_000_000);
    assert.ok('error' in resolved, 'the mention is refused');
    assert.match(resolved.error, /\.env is not sent as a mention: its name is one that holds keys/);
  });

  it("@ a file the user's svc.agent.protectedFiles glob names is refused even when it is a symlink to a file the glob does not name", async () => {
    fakeEditor.settings.set('svc.agent.protectedFiles', { globalValue: ['config/prod/**'] });
    fs.mkdirSync(path.join(workspace, 'config', 'prod'), { recursive: true });
    fs.mkdirSync(path.join(workspace, 'shared'));
    fs.writeFileSync(path.join(workspace, 'shared', 'db.yaml'), 'password: prod-db-linked');
    fs.symlinkSync(path.join(workspace, 'shared', 'db.yaml'), path.join(workspace, 'config', 'prod', 'db.yaml'));
    const resolved = await sources.path('config/prod/db.yaml', 1_000_000);
    assert.ok('error' in resolved && !resolved.error.includes('prod-db-linked'), 'the mention is refused');
    assert.match(resolved.error, /it matches your svc\.agent\.protectedFiles setting/);
    const folder = await sources.path('config/prod', 1_000_000);
    assert.ok('text' in folder && !folder.text.includes('prod-db-linked'), 'the folder mention leaves it out');
  });

  it('@ a folder that is a symlink named .ssh sends none of its files: they are judged by the name given', async () => {
    fs.mkdirSync(path.join(workspace, 'notes'));
    fs.writeFileSync(path.join(workspace, 'notes', 'deploy'), 'PRIVATE KEY deploy-linked');
    fs.symlinkSync(path.join(workspace, 'notes'), path.join(workspace, '.ssh'));
    const resolved = await sources.path('.ssh', 1_000_000);
    assert.ok('text' in resolved);
    assert.ok(!resolved.text.includes('deploy-linked'), 'the key stays out');
    assert.match(resolved.text, /Not sent: deploy \(files in \.ssh\/ hold keys and credentials\)/);
  });
});
