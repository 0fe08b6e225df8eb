// Attacks that try to make git read outside the folder the user opened, or run a program through a
// submodule: a repository's config moving the work tree (`core.worktree`) onto the user's home, a `.git`
// file pointing at another repository on the machine, a submodule's own config defining a clean filter,
// and git's variables in the editor's environment. Both users of git are attacked: the commit-message
// writer and `@git`. Real repositories in temp folders; the "home" is a temp folder too.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeCommitMessage, type CommitMessagePorts } from '../../src/core/scm/commitMessageWriter';
import { WorkspaceGit } from '../../src/extension/git/workspaceGit';
import { startEmulatorTestBed, tempDir } from '../support/emulatorTestBed';
import { recordingCommitMessagePorts } from '../support/commitMessageTestPorts';
import { perSuite } from '../support/suiteHooks';
import { fakeEditor, fakeVscode, installFakeVscode } from './fakeVscodeModule';

installFakeVscode();

const TOKEN = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b.invalid', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b.invalid' };

function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: GIT_ENV });
}

function write(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** A repository with one committed file, `app.txt`. */
function repository(root: string): string {
  gitIn(root, 'init', '--quiet');
  write(root, 'app.txt', 'one\n');
  gitIn(root, 'add', 'app.txt');
  gitIn(root, 'commit', '--quiet', '-m', 'Add the app');
  return root;
}

/** A home-like folder holding a token where the GitHub CLI keeps it. */
function homeWithToken(): string {
  const home = tempDir('svc-fake-home-');
  write(home, '.config/gh/hosts.yml', `github.com:\n    oauth_token: ${TOKEN}\n`);
  return home;
}

/**
 * A repository whose `.git/config` moves its work tree onto `home`, and whose index and HEAD list
 * `.config/gh/hosts.yml` with harmless content: git's unstaged diff then shows the real file.
 */
function repositoryMovedOnto(home: string): string {
  const root = repository(tempDir('svc-git-worktree-'));
  const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: root, input: 'harmless\n', encoding: 'utf8', env: GIT_ENV }).trim();
  gitIn(root, 'update-index', '--add', '--cacheinfo', `100644,${blob},.config/gh/hosts.yml`);
  gitIn(root, 'commit', '--quiet', '-m', 'Track the host list');
  gitIn(root, 'config', 'core.worktree', home);
  return root;
}

describe('git is pinned to the folder the user opened', () => {
  const bed = perSuite(() => startEmulatorTestBed());
  const folders: string[] = [];
  const track = (folder: string): string => {
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
    fakeVscode.workspace.workspaceFolders = undefined;
    fakeVscode.workspace.isTrusted = true;
  });

  function ports(root: string, sent: string[]): CommitMessagePorts {
    return recordingCommitMessagePorts(bed.client, root, sent);
  }


  async function gitMention(root: string): Promise<{ text?: string; error?: string }> {
    fakeVscode.workspace.workspaceFolders = [{ uri: { fsPath: root, scheme: 'file' }, name: 'repo' }];
    const { EditorMentionSources } = await import('../../src/extension/context/editorMentionSources');
    const sources = new EditorMentionSources(async () => Promise.reject(new Error('no client')), { confirm: async () => false } as never);
    return (await sources.git()) as { text?: string; error?: string };
  }

  it('core.worktree cannot move the work tree onto the home folder: the commit message does not carry its token', async () => {
    const home = track(homeWithToken());
    const root = track(repositoryMovedOnto(home));
    const sent: string[] = [];
    await writeCommitMessage(ports(root, sent), () => undefined, new AbortController().signal).catch(() => undefined);
    assert.ok(sent.every((request) => !request.includes(TOKEN)), 'the token in the home folder was not sent');
    assert.equal(bed.exchanges().filter((e) => JSON.stringify(e).includes(TOKEN)).length, 0, 'the service saw no token');
  });

  it('core.worktree cannot move the work tree onto the home folder: @git does not carry its token', async () => {
    const home = track(homeWithToken());
    const root = track(repositoryMovedOnto(home));
    const resolved = await gitMention(root);
    assert.ok(!(resolved.text ?? '').includes(TOKEN), 'the token in the home folder is not in the mention');
  });

  it('a .git file pointing at another repository on the machine is refused, by the commit message and by @git', async () => {
    const elsewhere = track(repository(tempDir('svc-git-elsewhere-')));
    write(elsewhere, 'plans.txt', `private plans ${TOKEN}\n`);
    gitIn(elsewhere, 'add', 'plans.txt');
    const root = track(tempDir('svc-git-gitfile-'));
    write(root, '.git', `gitdir: ${path.relative(root, path.join(elsewhere, '.git'))}\n`);
    write(root, 'app.txt', 'one\n');
    const sent: string[] = [];
    const failure = await writeCommitMessage(ports(root, sent), () => undefined, new AbortController().signal).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.equal(sent.length, 0, 'nothing was sent');
    assert.ok(failure instanceof Error && /outside/.test(failure.message), `refused, saying the git folder is outside: ${String(failure)}`);
    const resolved = await gitMention(root);
    assert.ok(!(resolved.text ?? '').includes(TOKEN), 'the other repository\'s staged file is not in the mention');
    assert.match(resolved.error ?? '', /outside/);
  });

  it('a .git that is a symbolic link, or a commondir pointing away, is refused', async () => {
    const elsewhere = track(repository(tempDir('svc-git-elsewhere-')));
    write(elsewhere, 'plans.txt', `private plans ${TOKEN}\n`);
    gitIn(elsewhere, 'add', 'plans.txt');
    const linked = track(tempDir('svc-git-linked-'));
    fs.symlinkSync(path.join(elsewhere, '.git'), path.join(linked, '.git'));
    const git = new WorkspaceGit({ untrustedFolders: () => [linked] });
    await assert.rejects(git.run(linked, ['diff', '--cached']), /outside the repository folder/);
    const common = track(repository(tempDir('svc-git-commondir-')));
    write(common, '.git/commondir', path.relative(path.join(common, '.git'), path.join(elsewhere, '.git')));
    await assert.rejects(new WorkspaceGit({ untrustedFolders: () => [common] }).run(common, ['diff', '--cached']), /commondir points to .* outside the repository folder/);
  });

  it('a repository that neither holds nor lies inside a workspace folder is refused (the commit message of an editor\'s file from elsewhere)', async () => {
    const elsewhere = track(repository(tempDir('svc-git-elsewhere-')));
    write(elsewhere, 'app.txt', `${TOKEN}\n`);
    const workspace = track(repository(tempDir('svc-git-workspace-')));
    const git = new WorkspaceGit({ untrustedFolders: () => [workspace] });
    await assert.rejects(git.run(elsewhere, ['diff']), /outside the workspace folders and holds none of them/);
  });

  it('@git on a folder inside a larger repository shows that folder\'s changes only, with the protected-file globs anchored at the folder', async () => {
    const root = track(repository(tempDir('svc-git-outer-')));
    write(root, 'web/page.txt', 'one\n');
    write(root, 'web/config/prod.yml', 'password: placeholder\n');
    gitIn(root, 'add', '-A');
    gitIn(root, 'commit', '--quiet', '-m', 'Add the site');
    write(root, 'app.txt', `outside the folder ${TOKEN}\n`);
    write(root, 'web/page.txt', 'two\n');
    write(root, 'web/config/prod.yml', `password: ${TOKEN}\n`);
    fakeEditor.settings.set('svc.agent.protectedFiles', { globalValue: ['/config/prod.yml'] });
    try {
      const resolved = await gitMention(path.join(root, 'web'));
      assert.ok(!(resolved.text ?? '').includes(TOKEN), 'neither the file outside the folder nor the protected one');
      assert.match(resolved.text ?? '', /^\+\+\+ b\/page\.txt$/m);
      assert.match(resolved.text ?? '', /left out[^\n]*config\/prod\.yml/);
    } finally {
      fakeEditor.reset();
    }
  });

  it('a submodule\'s own clean filter never runs, for the commit message or @git', async () => {
    const library = track(repository(tempDir('svc-git-library-')));
    const root = track(repository(tempDir('svc-git-super-')));
    gitIn(root, '-c', 'protocol.file.allow=always', 'submodule', '--quiet', 'add', library, 'sub');
    gitIn(root, 'commit', '--quiet', '-m', 'Add the library');
    const marker = path.join(root, 'PWNED');
    gitIn(path.join(root, 'sub'), 'config', 'filter.evil.clean', `touch ${marker}; cat`);
    write(path.join(root, 'sub'), '.gitattributes', '* filter=evil\n');
    write(path.join(root, 'sub'), 'app.txt', 'six\n'); // the size unchanged: git must read (and filter) the content to see the change
    write(root, 'app.txt', 'two\n');
    assert.match(fs.readFileSync(path.join(root, '.git', 'modules', 'sub', 'config'), 'utf8'), /\[filter "evil"\]/, 'the filter is in the submodule\'s own config');
    const sent: string[] = [];
    await writeCommitMessage(ports(root, sent), () => undefined, new AbortController().signal);
    assert.equal(fs.existsSync(marker), false, 'the commit message ran no program of the submodule');
    assert.match(sent[0] ?? '', /\+two/);
    const resolved = await gitMention(root);
    assert.equal(fs.existsSync(marker), false, '@git ran no program of the submodule');
    assert.match(resolved.text ?? '', /\+two/);
  });

  it('a filter whose name holds "=" (which git\'s -c would split at) is not left running', async () => {
    const root = track(repository(tempDir('svc-git-equals-')));
    const marker = path.join(root, 'PWNED');
    write(root, '.gitattributes', '*.txt filter=x=y\n');
    gitIn(root, 'config', 'filter.x=y.clean', `touch ${marker}; cat`);
    write(root, 'app.txt', 'two\n');
    const sent: string[] = [];
    const failure = await writeCommitMessage(ports(root, sent), () => undefined, new AbortController().signal).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.equal(fs.existsSync(marker), false, 'the filter did not run');
    assert.ok(failure instanceof Error && /x=y/.test(failure.message), `refused, naming the driver: ${String(failure)}`);
  });

  it('GIT_DIR and GIT_WORK_TREE in the editor\'s environment cannot point git at another repository', async () => {
    const elsewhere = track(repository(tempDir('svc-git-elsewhere-')));
    write(elsewhere, 'plans.txt', `private plans ${TOKEN}\n`);
    gitIn(elsewhere, 'add', 'plans.txt');
    const root = track(repository(tempDir('svc-git-plain-')));
    write(root, 'app.txt', 'two\n');
    const saved = { GIT_DIR: process.env.GIT_DIR, GIT_WORK_TREE: process.env.GIT_WORK_TREE, GIT_INDEX_FILE: process.env.GIT_INDEX_FILE };
    process.env.GIT_DIR = path.join(elsewhere, '.git');
    process.env.GIT_WORK_TREE = elsewhere;
    process.env.GIT_INDEX_FILE = path.join(elsewhere, '.git', 'index');
    try {
      const sent: string[] = [];
      await writeCommitMessage(ports(root, sent), () => undefined, new AbortController().signal);
      assert.ok(!sent[0]?.includes(TOKEN), 'the other repository is not what was described');
      assert.match(sent[0] ?? '', /\+two/);
      const resolved = await gitMention(root);
      assert.ok(!(resolved.text ?? '').includes(TOKEN));
      assert.match(resolved.text ?? '', /\+two/);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

describe('@git applies the commit message\'s secret-file rules', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
    fakeVscode.workspace.workspaceFolders = undefined;
  });

  it('names a changed tracked .env and a staged deploy/id_ed25519 as left out, and sends neither', async () => {
    const root = repository(tempDir('svc-git-mention-secrets-'));
    folders.push(root);
    write(root, '.env', 'API_KEY=placeholder\n');
    gitIn(root, 'add', '.env');
    gitIn(root, 'commit', '--quiet', '-m', 'Track the example environment');
    write(root, '.env', `API_KEY=${TOKEN}\n`);
    write(root, 'deploy/id_ed25519', `-----BEGIN OPENSSH PRIVATE KEY-----\n${TOKEN}\n`);
    gitIn(root, 'add', 'deploy/id_ed25519');
    write(root, 'app.txt', 'two\n');
    fakeVscode.workspace.workspaceFolders = [{ uri: { fsPath: root, scheme: 'file' }, name: 'repo' }];
    const { EditorMentionSources } = await import('../../src/extension/context/editorMentionSources');
    const sources = new EditorMentionSources(async () => Promise.reject(new Error('no client')), { confirm: async () => false } as never);
    const resolved = (await sources.git()) as { text?: string };
    const text = resolved.text ?? '';
    assert.ok(!text.includes(TOKEN), 'no secret content is in the mention');
    assert.ok(!text.includes('PRIVATE KEY'), 'not even the key\'s first line');
    assert.match(text, /\+two/, 'the other change is still there');
    assert.match(text, /left out[^\n]*\.env/i, 'the .env is named as left out');
    assert.match(text, /left out[^\n]*deploy\/id_ed25519/i, 'the key is named as left out');
  });
});
