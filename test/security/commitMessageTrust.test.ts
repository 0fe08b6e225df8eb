// Writing a commit message sends a repository's diff to the service. A staged change can hold a file with
// secrets (an `.env`, a private key, a file the user protected), and the repository's own config can
// name programs git would run for a diff. Neither may get through: secret files are left out before git
// is asked for their content, and git runs with the repository's programs switched off. In Restricted
// Mode the command does nothing but say why.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { OnlySecretFilesError, writeCommitMessage, type CommitMessagePorts } from '../../src/core/scm/commitMessageWriter';
import { startEmulatorTestBed, tempDir } from '../support/emulatorTestBed';
import { recordingCommitMessagePorts } from '../support/commitMessageTestPorts';
import { perSuite } from '../support/suiteHooks';
import { fakeEditor, fakeVscode, installFakeVscode } from './fakeVscodeModule';
import { requestIdentityWith } from '../support/testRequestIdentity';

installFakeVscode();

const TOKEN = 'sk-live-4f9a8b7c6d5e4f3a2b1c';
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

function repository(): { root: string; git: (...args: string[]) => string; write: (file: string, text: string) => void } {
  const root = tempDir('svc-commit-secrets-');
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8', env: GIT_ENV });
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  git('init', '--quiet');
  git('config', 'user.email', 'a@b.invalid');
  git('config', 'user.name', 'a');
  write('app.txt', 'one\n');
  git('add', 'app.txt');
  git('commit', '--quiet', '-m', 'Add the app');
  return { root, git, write };
}

describe('commit messages never send secret files', () => {
  const bed = perSuite(() => startEmulatorTestBed());
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  function ports(root: string, sent: string[], protectedFiles: string[] = []): CommitMessagePorts {
    return recordingCommitMessagePorts(bed.client, root, sent, protectedFiles);
  }


  it('leaves staged .env, private keys and the user\'s protected files out of what is sent, naming them to the user', async () => {
    const repo = repository();
    roots.push(repo.root);
    repo.write('app.txt', 'two\n');
    repo.write('.env', `API_KEY=${TOKEN}\n`);
    repo.write('deploy/id_ed25519', `-----BEGIN OPENSSH PRIVATE KEY-----\n${TOKEN}\n`);
    repo.write('config/prod.yml', `password: ${TOKEN}\n`);
    repo.git('add', '-A');
    const sent: string[] = [];
    const written = await writeCommitMessage(ports(repo.root, sent, ['config/prod.yml']), () => undefined, new AbortController().signal);
    assert.equal(sent.length, 1);
    assert.ok(!sent[0]?.includes(TOKEN), 'no secret content was sent');
    assert.ok(!sent[0]?.includes('.env') && !sent[0]?.includes('id_ed25519') && !sent[0]?.includes('prod.yml'), 'not even their names');
    assert.match(sent[0] ?? '', /app\.txt/);
    assert.deepEqual([...written.secretFilesLeftOut].sort(), ['.env', 'config/prod.yml', 'deploy/id_ed25519']);
    assert.equal(bed.exchanges().filter((e) => JSON.stringify(e).includes(TOKEN)).length, 0, 'the service saw no secret');
  });

  it('sends nothing when every changed file is a secret one', async () => {
    const repo = repository();
    roots.push(repo.root);
    repo.write('.env', `API_KEY=${TOKEN}\n`);
    repo.git('add', '-A');
    const sent: string[] = [];
    await assert.rejects(writeCommitMessage(ports(repo.root, sent), () => undefined, new AbortController().signal), OnlySecretFilesError);
    assert.equal(sent.length, 0);
  });

  it('runs none of the repository\'s textconv or clean filter while reading the diff', async () => {
    const repo = repository();
    roots.push(repo.root);
    const marker = path.join(repo.root, 'PWNED');
    repo.write('.gitattributes', '*.txt filter=evil diff=evil\n');
    repo.git('config', 'filter.evil.clean', `touch ${marker}; cat`);
    repo.git('config', 'diff.evil.textconv', `touch ${marker}; cat`);
    repo.write('app.txt', 'two\n');
    const sent: string[] = [];
    await writeCommitMessage(ports(repo.root, sent), () => undefined, new AbortController().signal);
    assert.equal(fs.existsSync(marker), false, 'no program of the repository ran');
    assert.match(sent[0] ?? '', /\+two/);
  });
});

describe('svc: Write Commit Message in Restricted Mode', () => {
  // The fake editor lacks what only this command uses; added here for this suite and taken back after it.
  const fake = fakeVscode as unknown as Record<string, unknown> & { commands: Record<string, unknown>; extensions: Record<string, unknown>; Disposable: Record<string, unknown> };
  const saved = { registerCommand: fake.commands.registerCommand, getExtension: fake.extensions.getExtension, from: fake.Disposable.from };
  const handlers = new Map<string, (...args: unknown[]) => Promise<void>>();
  let gitExtensionAsked = 0;
  before(() => {
    fake.commands.registerCommand = (name: string, handler: (...args: unknown[]) => Promise<void>) => {
      handlers.set(name, handler);
      return { dispose: () => handlers.delete(name) };
    };
    fake.extensions.getExtension = () => {
      gitExtensionAsked++;
      return undefined;
    };
    fake.Disposable.from = (...items: { dispose(): void }[]) => ({ dispose: () => items.forEach((item) => item.dispose()) });
  });
  after(() => {
    fake.commands.registerCommand = saved.registerCommand;
    fake.extensions.getExtension = saved.getExtension;
    fake.Disposable.from = saved.from;
    fakeVscode.workspace.isTrusted = true;
    fakeEditor.reset();
  });

  it('is refused with a reason before git or the service is reached', async () => {
    const { registerCommitMessage } = await import('../../src/extension/scm/commitMessageCommand');
    let clientAsked = 0;
    const registration = registerCommitMessage({
      client: async () => {
        clientAsked++;
        throw new Error('no client in this test');
      },
      identity: requestIdentityWith(),
      log: { warn: () => undefined } as never,
    });
    fakeVscode.workspace.isTrusted = false;
    await handlers.get('svc.writeCommitMessage')?.();
    registration.dispose();
    assert.equal(clientAsked, 0);
    assert.equal(gitExtensionAsked, 0, 'not even the repository was looked up');
    assert.match(fakeEditor.shown.at(-1)?.message ?? '', /Restricted Mode does not allow/);
  });
});
