// Attacks by another extension through our commands' arguments: any extension can run any command with
// any arguments. It must not pass a dialog stand-in that answers "Delete" for the user, a file outside the
// workspace for Explain or Add File (sent to the service), or silently clear the key or switch the service.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SEND_FILE } from '../../src/core/tools/givenPathGate';
import { tempDir } from '../support/emulatorTestBed';
import { fakeEditor, fakeVscode, installFakeVscode } from './fakeVscodeModule';

installFakeVscode();

type CommandArguments = typeof import('../../src/extension/commandArguments');

describe("our commands' arguments, from another extension", () => {
  let args: CommandArguments;
  let workspace: string;
  let outside: string;

  before(async () => {
    args = await import('../../src/extension/commandArguments');
  });

  beforeEach(() => {
    fakeEditor.reset();
    workspace = tempDir('svc-args-workspace-');
    outside = tempDir('svc-args-home-');
    fs.writeFileSync(path.join(workspace, 'app.ts'), 'code');
    fs.writeFileSync(path.join(outside, 'id_rsa'), 'PRIVATE KEY');
    fs.symlinkSync(path.join(outside, 'id_rsa'), path.join(workspace, 'innocent.txt'));
    fakeVscode.workspace.workspaceFolders = [{ uri: { fsPath: workspace, scheme: 'file' }, name: 'ws' }];
    fakeVscode.window.tabGroups.all = [];
  });

  afterEach(() => {
    fs.rmSync(workspace, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
    fakeVscode.workspace.workspaceFolders = undefined;
  });

  const file = (p: string) => ({ scheme: 'file', fsPath: p, path: p }) as never;

  it('a dialog stand-in (the manage-uploads seam) is honoured only under the test harness', () => {
    const seam = { shown: () => undefined, confirm: async () => true };
    const isSeam = (value: unknown): value is typeof seam => typeof value === 'object' && value !== null && 'confirm' in value;
    assert.equal(args.USER_ARGUMENTS.seam(seam, isSeam), undefined);
    assert.equal(args.HARNESS_ARGUMENTS.seam(seam, isSeam), seam);
  });

  it('a file outside the workspace, or a workspace symlink to one, is sent only after a modal yes that names it', async () => {
    for (const target of [path.join(outside, 'id_rsa'), path.join(workspace, 'innocent.txt')]) {
      fakeEditor.shown.length = 0;
      assert.deepEqual(await args.USER_ARGUMENTS.admitFiles([file(target)], 'Explain This File', SEND_FILE), [], target);
      const question = fakeEditor.shown[0];
      assert.equal(question?.options?.modal, true);
      assert.match(question?.options?.detail ?? '', new RegExp(path.basename(target)));
    }
    fakeEditor.answer = () => 'Send';
    assert.equal((await args.USER_ARGUMENTS.admitFiles([file(path.join(outside, 'id_rsa'))], 'Explain This File', SEND_FILE)).length, 1);
  });

  it('a file of the workspace, or one open in an editor tab, goes without a question (what the menus pass)', async () => {
    fs.writeFileSync(path.join(outside, 'notes.md'), 'notes');
    fakeVscode.window.tabGroups.all = [{ tabs: [{ input: new fakeVscode.TabInputText({ fsPath: path.join(outside, 'notes.md'), scheme: 'file' }) }] }];
    assert.equal((await args.USER_ARGUMENTS.admitFiles([file(path.join(workspace, 'app.ts')), file(path.join(outside, 'notes.md'))], 'Explain This File', SEND_FILE)).length, 2);
    assert.deepEqual(fakeEditor.shown, []);
  });

  it('clearing the key or switching to the emulator asks in a modal dialog; dismissing it does nothing', async () => {
    assert.equal(await args.USER_ARGUMENTS.confirmEffect('Remove the svc API key from secret storage?', 'detail', 'Remove Key'), false);
    assert.equal(fakeEditor.shown[0]?.options?.modal, true);
    assert.deepEqual(fakeEditor.shown[0]?.items, ['Remove Key']);
    fakeEditor.answer = () => 'Remove Key';
    assert.equal(await args.USER_ARGUMENTS.confirmEffect('Remove the svc API key from secret storage?', 'detail', 'Remove Key'), true);
  });
});

describe('questions in modal dialogs', () => {
  beforeEach(() => fakeEditor.reset());

  it("a restore's list of files shows a hidden direction mark and folds a run of blank lines in a file name", async () => {
    const { vscodeHostWindow } = await import('../../src/extension/chat/vscodeHostWindow');
    const names = ['restore: src/app.ts', `delete (created since): ${'\n'.repeat(60)}innocent\u202Egnp.js`, 'restore: ~/.ssh/authorized_keys'];
    assert.equal(await vscodeHostWindow.confirm('Restore 3 files?', 'Restore Files', names.join('\n')), false);
    const detail = fakeEditor.shown[0]?.options?.detail ?? '';
    assert.match(detail, /⟨U\+202E RLO⟩/);
    assert.match(detail, /⟨\d+ blank lines⟩/);
    assert.match(detail, /Look closely/);
    assert.ok(detail.split('\n').length < 15, 'the whole list fits on screen');
    assert.match(detail, /authorized_keys/);
  });
});
