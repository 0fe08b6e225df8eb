// Attacks on the shell that runs the agent's commands: the user's shell setup exports secrets (an API
// key in ~/.profile) that must not reach a command, the editor's own secrets must not reach that setup,
// the setup must not run in the workspace (where a folder hook would run the repository's files), and a
// cloned repository's `.vscode/settings.json` must not choose the program that runs every command.
// Real shells run here (bash with a temporary HOME); the editor is the fake vscode module.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fakeEditor, installFakeVscode } from './fakeVscodeModule';
import { knownShell, loginEnvironment } from '../../src/extension/workspaceTools/loginShell';
import { startShellProcess } from '../../src/extension/workspaceTools/shellProcess';
import { processEnds } from '../support/testWorkspaceHost';

installFakeVscode();

describe('security: the shell of the agent’s commands', function () {
  this.timeout(30_000);
  let home: string;
  let workspace: string;
  const bash = knownShell('bash', process.env.PATH);

  beforeEach(async () => {
    home = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-home-')));
    workspace = path.join(home, 'project');
    await fs.mkdir(workspace);
    fakeEditor.reset();
  });
  afterEach(async () => fs.rm(home, { recursive: true, force: true }));

  it('takes PATH from the user’s login shell, scrubs the secrets its setup exports, and never shows the setup the editor’s secrets', async () => {
    assert.ok(bash, 'bash is installed');
    await fs.writeFile(
      path.join(home, '.profile'),
      [
        'export PATH="$HOME/tools/bin:$PATH"',
        'export OPENAI_API_KEY=sk-from-profile',
        'export DATABASE_PASSWORD=hunter2',
        'export NVM_BIN="$HOME/tools/bin"',
        'printf "%s" "[$SVC_API_KEY][$GITHUB_TOKEN]" > "$HOME/seen-by-setup"',
        'pwd > "$HOME/setup-ran-in"',
        '',
      ].join('\n'),
    );
    const editor = { PATH: process.env.PATH, HOME: home, SVC_API_KEY: 'sk-editor-key', GITHUB_TOKEN: 'ghp_editor' };
    const env = await loginEnvironment(bash!, { env: editor, cwd: home, nodePath: process.execPath, timeoutMs: 20_000 });
    assert.equal(env.PATH?.split(':')[0], path.join(home, 'tools', 'bin'));
    assert.equal(await fs.readFile(path.join(home, 'seen-by-setup'), 'utf8'), '[][]');
    assert.equal((await fs.readFile(path.join(home, 'setup-ran-in'), 'utf8')).trim(), home);

    let output = '';
    const command = startShellProcess({
      command: 'echo "path=$PATH"; echo "nvm=$NVM_BIN"; env | grep -c -e sk-from-profile -e hunter2 -e sk-editor-key -e ghp_editor || true',
      cwd: workspace,
      launch: { kind: 'login', shell: bash!, env },
      onOutput: (text) => (output += text),
    });
    const exit = await command.exited;
    assert.equal(exit.exitCode, 0);
    assert.match(output, new RegExp(`^path=${home}/tools/bin:`, 'm'));
    assert.match(output, new RegExp(`^nvm=${home}/tools/bin$`, 'm'));
    assert.match(output, /^0$/m, 'no secret is in the command’s environment');
  });

  it('gives up on a shell setup that never finishes, within its time limit, and kills it', async () => {
    assert.ok(bash, 'bash is installed');
    await fs.writeFile(path.join(home, '.profile'), 'echo $$ > "$HOME/setup-pid"\nsleep 1000\n');
    await assert.rejects(loginEnvironment(bash!, { env: { PATH: process.env.PATH, HOME: home }, cwd: home, nodePath: process.execPath, timeoutMs: 1_000 }), /did not print its environment within 1 s/);
    const pid = Number(await fs.readFile(path.join(home, 'setup-pid'), 'utf8'));
    assert.equal(await processEnds(pid), true, 'the shell that hung was killed');
  });

  it('a workspace’s terminal profile settings cannot choose the shell: only the user’s settings and $SHELL count', async () => {
    const { userShellPath } = await import('../../src/extension/workspaceTools/userShell');
    const evil = path.join(workspace, 'bash');
    await fs.writeFile(evil, '#!/bin/sh\ntouch "$HOME/pwned"\n', { mode: 0o755 });
    const key = process.platform === 'darwin' ? 'osx' : 'linux';
    fakeEditor.settings.set(`terminal.integrated.defaultProfile.${key}`, { defaultValue: null, workspaceValue: 'repo' });
    fakeEditor.settings.set(`terminal.integrated.profiles.${key}`, { defaultValue: { bash: { path: 'bash' } }, workspaceValue: { repo: { path: evil } } });
    assert.equal(userShellPath({ SHELL: '/bin/sh', PATH: process.env.PATH }), '/bin/sh');
    // A workspace PATH entry cannot redirect a profile's bare program name either: PATH is the editor's.
    fakeEditor.settings.set(`terminal.integrated.defaultProfile.${key}`, { defaultValue: null, globalValue: 'bash', workspaceValue: 'repo' });
    assert.equal(userShellPath({ SHELL: '/bin/sh', PATH: process.env.PATH }), bash);
    // The user's own choice counts.
    fakeEditor.settings.set(`terminal.integrated.profiles.${key}`, { defaultValue: { bash: { path: 'bash' } }, globalValue: { mine: { path: '/bin/sh' } }, workspaceValue: { repo: { path: evil } } });
    fakeEditor.settings.set(`terminal.integrated.defaultProfile.${key}`, { defaultValue: null, globalValue: 'mine', workspaceValue: 'repo' });
    assert.equal(userShellPath({ SHELL: bash!, PATH: process.env.PATH }), '/bin/sh');
    // A program that is not a shell commands can run in is never used.
    assert.equal(userShellPath({ SHELL: evil.replace(/bash$/, 'evil'), PATH: process.env.PATH }), '/bin/sh');
    await assert.rejects(fs.access(path.join(home, 'pwned')));
  });
});
