// The user's svc.agent.protectedFiles globs are relative to the workspace folder. When the folder is a
// subfolder of its git repository, git names changed files from the repository root: an anchored glob
// (`config/prod/**`) must still leave the folder's `config/prod/db.yml` out of what *Write Commit
// Message* sends. Run through the command as the Source Control button runs it, on a real repository.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../support/emulatorTestBed';
import { fakeEditor, fakeVscode, installFakeVscode } from './fakeVscodeModule';
import { requestIdentityWith } from '../support/testRequestIdentity';

installFakeVscode();

const TOKEN = 'sk-live-9c8b7a6f5e4d3c2b1a00';
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

describe("svc.agent.protectedFiles in a workspace folder below its repository's root", () => {
  const fake = fakeVscode as unknown as Record<string, Record<string, unknown>>;
  const saved = { registerCommand: fake.commands!.registerCommand, getExtension: fake.extensions!.getExtension, withProgress: fake.window!.withProgress };
  const handlers = new Map<string, (...args: unknown[]) => Promise<void>>();
  let root: string;

  before(() => {
    fake.commands!.registerCommand = (name: string, handler: (...args: unknown[]) => Promise<void>) => {
      handlers.set(name, handler);
      return { dispose: () => handlers.delete(name) };
    };
    fake.window!.withProgress = (_options: unknown, task: () => Promise<unknown>) => task();
  });

  after(() => {
    fake.commands!.registerCommand = saved.registerCommand;
    fake.extensions!.getExtension = saved.getExtension;
    fake.window!.withProgress = saved.withProgress;
    fakeVscode.workspace.workspaceFolders = undefined;
    fakeEditor.reset();
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('leaves out a file an anchored glob names relative to the folder, and still one a glob names relative to the root', async () => {
    root = tempDir('svc-protected-base-');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', env: GIT_ENV });
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    git('init', '--quiet');
    write('app/index.js', 'one\n');
    write('app/config/prod/db.yml', `password: ${TOKEN}\n`);
    write('app/deploy/hosts.txt', `token ${TOKEN}\n`);
    git('add', '-A');
    const folder = path.join(root, 'app');
    fakeVscode.workspace.workspaceFolders = [{ uri: { fsPath: folder, scheme: 'file' }, name: 'app' }];
    fakeEditor.settings.set('svc.agent.protectedFiles', { globalValue: ['config/prod/**', 'app/deploy/*.txt'] });
    const box = { value: '' };
    const repository = { rootUri: fakeVscode.Uri.file(root), inputBox: box };
    fake.extensions!.getExtension = () => ({ isActive: true, exports: { enabled: true, getAPI: () => ({ repositories: [repository], getRepository: () => repository }) } });
    const sent: string[] = [];
    const { registerCommitMessage } = await import('../../src/extension/scm/commitMessageCommand');
    const registration = registerCommitMessage({
      client: async () =>
        ({
          chatStream: (request: unknown) => {
            sent.push(JSON.stringify(request));
            return (async function* () {
              yield { choices: [{ index: 0, delta: { content: 'Add the app' } }] };
            })();
          },
        }) as never,
      identity: requestIdentityWith(),
      log: { warn: () => undefined } as never,
    });
    try {
      await handlers.get('svc.writeCommitMessage')?.();
    } finally {
      registration.dispose();
    }
    assert.equal(sent.length, 1, `one request (shown: ${JSON.stringify(fakeEditor.shown.map((m) => m.message))})`);
    assert.ok(!sent[0]!.includes(TOKEN), 'no protected content was sent');
    assert.match(sent[0]!, /index\.js/);
    assert.equal(box.value, 'Add the app');
    assert.match(fakeEditor.shown.at(-1)?.message ?? '', /app\/config\/prod\/db\.yml/);
    assert.match(fakeEditor.shown.at(-1)?.message ?? '', /app\/deploy\/hosts\.txt/);
  });
});
