// Attacks through a folder that arrives with its own `.git/`: its config names programs git runs on its
// own (an fsmonitor hook on every index refresh, a clean filter for every changed file named in
// .gitattributes), a `git` of its own on a relative PATH entry, and a named pipe where git reads its
// index. `@git` runs git on that folder; whatever git runs, runs as the user.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { draftMentions, type MentionSources } from '../../src/core/context/mentions';
import { findGitExecutable, GitCommandError, WorkspaceGit } from '../../src/extension/git/workspaceGit';
import { tempDir } from '../support/emulatorTestBed';
import { fakeVscode, installFakeVscode } from './fakeVscodeModule';

installFakeVscode();

function hostileRepository(): { root: string; marker: (name: string) => string } {
  const root = tempDir('svc-git-attack-');
  const marker = (name: string): string => path.join(root, `PWNED-${name}`);
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
  git('init', '--quiet');
  git('config', 'user.email', 'a@b.invalid');
  git('config', 'user.name', 'a');
  fs.writeFileSync(path.join(root, 'a.txt'), 'one\n');
  git('add', 'a.txt');
  git('commit', '--quiet', '-m', 'one');
  fs.writeFileSync(path.join(root, '.gitattributes'), '*.txt filter=evil diff=evil\n');
  git('config', 'filter.evil.clean', `touch ${marker('clean')}; cat`);
  git('config', 'filter.evil.process', `touch ${marker('process')}`);
  git('config', 'diff.evil.textconv', `touch ${marker('textconv')}; cat`);
  git('config', 'core.fsmonitor', `touch ${marker('fsmonitor')}; false`);
  fs.appendFileSync(path.join(root, 'a.txt'), 'two\n');
  return { root, marker };
}

const pwned = (root: string): string[] => fs.readdirSync(root).filter((name) => name.startsWith('PWNED-'));

describe('@git on a folder with a hostile .git/', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
    fakeVscode.workspace.isTrusted = true;
    fakeVscode.workspace.workspaceFolders = undefined;
  });

  it('the attack works on a plain `git diff` (the control case)', () => {
    const { root } = hostileRepository();
    roots.push(root);
    spawnSync('git', ['diff', '--no-ext-diff', '--no-textconv'], { cwd: root, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
    assert.ok(pwned(root).length > 0, 'the repository ran its fsmonitor hook or clean filter');
  });

  it('runs none of its fsmonitor hook, clean filter, process filter or textconv, and still shows the diff', async () => {
    const { root } = hostileRepository();
    roots.push(root);
    const git = new WorkspaceGit({ untrustedFolders: () => [root] });
    const unstaged = await git.run(root, ['diff', '--no-ext-diff', '--no-textconv', '--ignore-submodules']);
    const staged = await git.run(root, ['diff', '--no-ext-diff', '--no-textconv', '--ignore-submodules', '--staged']);
    assert.deepEqual(pwned(root), []);
    assert.match(unstaged, /^\+two$/m);
    assert.equal(staged, '');
  });

  it('never runs a `git` from the workspace, whether PATH names it relatively or absolutely', () => {
    const root = tempDir('svc-git-path-');
    roots.push(root);
    const bin = path.join(root, 'node_modules', '.bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'git'), '#!/bin/sh\ntouch PWNED\n', { mode: 0o755 });
    fs.writeFileSync(path.join(root, 'git'), '#!/bin/sh\ntouch PWNED\n', { mode: 0o755 });
    const system = findGitExecutable(process.env.PATH, []);
    assert.ok(system && path.isAbsolute(system), 'a git outside the workspace is found');
    const found = findGitExecutable(['.', 'node_modules/.bin', bin, root, process.env.PATH].join(':'), [root]);
    assert.equal(found, system);
    assert.equal(findGitExecutable(['.', 'node_modules/.bin', bin, root].join(':'), [root]), undefined);
  });

  it('gives up on a named pipe where git reads its index instead of hanging', async () => {
    const { root } = hostileRepository();
    roots.push(root);
    fs.rmSync(path.join(root, '.git', 'index'));
    execFileSync('mkfifo', [path.join(root, '.git', 'index')]);
    const git = new WorkspaceGit({ untrustedFolders: () => [root], timeoutMs: 1_000 });
    await assert.rejects(git.run(root, ['diff']), (error: unknown) => error instanceof GitCommandError && /no answer within 1 s; stopped/.test(error.message));
  });

  it('is not run while the message is typed, only once it is sent', async () => {
    let ran = 0;
    const sources: MentionSources = {
      path: async () => ({ error: 'none' }),
      problems: async () => ({ error: 'none' }),
      selection: async () => ({ error: 'none' }),
      terminal: async () => ({ error: 'none' }),
      git: async () => {
        ran += 1;
        return { title: 'diff', text: '' };
      },
      url: async () => ({ error: 'none' }),
    };
    const outcomes = await draftMentions('look at @git', sources);
    assert.equal(ran, 0);
    assert.deepEqual(outcomes.map((o) => [o.raw, o.message, o.problem]), [['@git', undefined, undefined]]);
  });

  it('is refused in Restricted Mode, before git starts', async () => {
    const { root } = hostileRepository();
    roots.push(root);
    fakeVscode.workspace.isTrusted = false;
    fakeVscode.workspace.workspaceFolders = [{ uri: { fsPath: root, scheme: 'file' }, name: 'repo' }];
    const { EditorMentionSources } = await import('../../src/extension/context/editorMentionSources');
    const sources = new EditorMentionSources(async () => Promise.reject(new Error('no client')), { confirm: async () => false } as never);
    const resolved = await sources.git();
    assert.deepEqual(resolved, { error: '@git runs git, which Restricted Mode does not allow; trust the folder to use it' });
    assert.deepEqual(pwned(root), []);
  });
});
