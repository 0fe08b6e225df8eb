// The one gate for paths that come from outside (src/core/tools/givenPathGate.ts), on real files: the real
// path decides, secret and protected rules apply to it as well as to the name given, and every reason
// comes in English for the model and in the display language for the user.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { englishText, useTranslator } from '../../src/core/l10n';
import { EDIT_LINES, EXPLAIN_LINES, GivenPathGate, SEND_FILE } from '../../src/core/tools/givenPathGate';
import { SecretFileRules } from '../../src/core/tools/secretFiles';
import { NodeWorkspaceFiles } from '../../src/extension/workspaceTools/nodeWorkspaceFiles';
import { tempDir } from '../support/emulatorTestBed';

describe('the path gate for paths from outside', () => {
  let workspace: string;
  let home: string;

  beforeEach(() => {
    workspace = tempDir('svc-gate-ws-');
    home = tempDir('svc-gate-home-');
    fs.mkdirSync(path.join(home, '.ssh'));
    fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), 'KEY');
    fs.writeFileSync(path.join(workspace, 'app.ts'), 'code');
    fs.mkdirSync(path.join(workspace, '.git', 'hooks'), { recursive: true });
    fs.writeFileSync(path.join(workspace, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\n');
    fs.symlinkSync(path.join(home, '.ssh', 'id_ed25519'), path.join(workspace, 'notes.txt'));
    fs.symlinkSync(path.join(workspace, '.git', 'hooks', 'pre-commit'), path.join(workspace, 'build.sh'));
    fs.symlinkSync(path.join(home, 'gone'), path.join(workspace, 'dangling.txt'));
  });

  afterEach(() => {
    useTranslator(englishText);
    fs.rmSync(workspace, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
  });

  function gate(globs: string[] = [], roots = [{ name: 'ws', path: workspace }]): GivenPathGate {
    return new GivenPathGate(new NodeWorkspaceFiles(() => roots, () => []), new SecretFileRules(globs));
  }
  const given = (p: string, shownInEditor = false) => ({ path: p, shownInEditor });

  it('judges a workspace symlink by the secret it leads to, in English for the model and translated for the user', async () => {
    useTranslator((message, args) => `«${englishText(message, args)}»`);
    const answer = await gate().check(given(path.join(workspace, 'notes.txt')), EDIT_LINES);
    assert.equal(answer.verdict, 'refuse');
    assert.equal(answer.shown, 'notes.txt');
    assert.equal(answer.real, path.join(home, '.ssh', 'id_ed25519'));
    if (answer.verdict !== 'refuse') return;
    assert.equal(answer.why.reason, `it leads to ${path.join(home, '.ssh', 'id_ed25519')}: files in .ssh/ hold keys and credentials`);
    assert.match(answer.why.shownReason, /^«it leads to .*: «files in \.ssh\/ hold keys and credentials»»$/);
    assert.equal((await gate().check(given(path.join(workspace, 'notes.txt')), SEND_FILE)).verdict, 'ask', 'a command that sends on request asks instead');
  });

  it('asks about a real path outside the workspace, naming it, unless the user has the file open in an editor tab', async () => {
    fs.writeFileSync(path.join(home, 'todo.md'), 'plans');
    const outside = path.join(home, 'todo.md');
    const answer = await gate().check(given(outside), EXPLAIN_LINES);
    assert.equal(answer.verdict, 'ask');
    if (answer.verdict === 'ask') assert.equal(answer.why.reason, `it is outside the workspace folders (its real path is ${outside})`);
    assert.equal((await gate().check(given(outside, true), EXPLAIN_LINES)).verdict, 'go');
    assert.equal((await gate().check(given(path.join(workspace, 'app.ts')), EDIT_LINES)).verdict, 'go');
  });

  it('asks before an edit through a symlink whose real path is a protected file (a git hook)', async () => {
    const answer = await gate().check(given(path.join(workspace, 'build.sh')), EDIT_LINES);
    assert.equal(answer.verdict, 'ask');
    if (answer.verdict === 'ask') assert.match(answer.why.reason, /it leads to .*pre-commit: \.git\/: git runs hooks from here/);
    assert.equal((await gate().check(given(path.join(workspace, 'build.sh')), EXPLAIN_LINES)).verdict, 'go', 'reading it changes nothing');
  });

  it("applies the user's svc.agent.protectedFiles to the real path, and refuses dangling symlinks, missing files and relative paths", async () => {
    fs.mkdirSync(path.join(workspace, 'deploy'));
    fs.writeFileSync(path.join(workspace, 'deploy', 'prod.yaml'), 'password: x');
    fs.symlinkSync(path.join(workspace, 'deploy', 'prod.yaml'), path.join(workspace, 'readme.yaml'));
    assert.equal((await gate(['deploy/**']).check(given(path.join(workspace, 'readme.yaml')), EXPLAIN_LINES)).verdict, 'refuse');
    for (const p of [path.join(workspace, 'dangling.txt'), path.join(workspace, 'missing.txt'), 'app.ts']) {
      assert.equal((await gate().check(given(p), SEND_FILE)).verdict, 'refuse', p);
    }
  });

  it('names a file of a multi-root workspace by its folder', async () => {
    const other = tempDir('svc-gate-other-');
    fs.writeFileSync(path.join(other, 'lib.ts'), 'code');
    try {
      const answer = await gate([], [{ name: 'ws', path: workspace }, { name: 'lib', path: other }]).check(given(path.join(other, 'lib.ts')), SEND_FILE);
      assert.deepEqual([answer.verdict, answer.shown], ['go', 'lib/lib.ts']);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
