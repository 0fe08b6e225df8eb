// An inline edit or a quick fix on a file that looks like it holds secrets (`.env`, a key, a file the
// user listed in svc.agent.protectedFiles) is refused before anything is read or sent: the user is told
// why, the file is not opened, and no request reaches the service. The same rules as the chat's mentions.
import assert from 'node:assert/strict';
import { fakeEditor, fakeVscode, installFakeVscode } from './fakeVscodeModule';
import { requestIdentityWith } from '../support/testRequestIdentity';

installFakeVscode();

const opened: string[] = [];
const fake = fakeVscode as unknown as Record<string, Record<string, unknown>>;
Object.assign(fake.window!, { createTextEditorDecorationType: () => ({ dispose: () => undefined }), activeTextEditor: undefined });
Object.assign(fake.workspace!, {
  asRelativePath: (uri: { fsPath: string }) => uri.fsPath.replace(/^\/ws\//, ''),
  openTextDocument: async (uri: { fsPath: string }) => {
    opened.push(uri.fsPath);
    throw new Error('the file must not be opened');
  },
});

describe('inline edit on secret files', () => {
  type Controller = typeof import('../../src/extension/inlineEdit/inlineEditController');
  let module: Controller;
  let requests: number;
  const file = (p: string) => fakeVscode.Uri.file(p) as never;

  before(async () => {
    module = await import('../../src/extension/inlineEdit/inlineEditController');
  });

  beforeEach(() => {
    fakeEditor.reset();
    opened.length = 0;
    requests = 0;
  });

  function controller() {
    return new module.InlineEditController({
      client: async () => {
        requests++;
        throw new Error('no request may be made');
      },
      identity: requestIdentityWith(),
      log: { error: () => undefined } as never,
    });
  }

  for (const name of ['.env', 'config/.env.production', 'keys/id_rsa', '.ssh/config', 'credentials.json']) {
    it(`refuses ${name} before reading or sending it`, async () => {
      await controller().start({ uri: file(`/ws/${name}`), startLine: 0, endLine: 0, instruction: 'Fix this problem: Trailing comma' });
      assert.equal(requests, 0);
      assert.deepEqual(opened, []);
      assert.equal(fakeEditor.shown.length, 1);
      assert.match(fakeEditor.shown[0]!.message, new RegExp(`${name.replace(/\./g, '\\.')} is not sent to svc`));
    });
  }

  it("refuses a file the user's svc.agent.protectedFiles names, and lets an ordinary file through to the request", async () => {
    fakeEditor.settings.set('svc.agent.protectedFiles', { globalValue: ['deploy/**'] });
    await controller().start({ uri: file('/ws/deploy/prod.yaml'), startLine: 0, endLine: 0, instruction: 'Fix' });
    assert.match(fakeEditor.shown[0]?.message ?? '', /it matches your svc\.agent\.protectedFiles setting/);
    assert.deepEqual(opened, []);
    assert.equal(controller().refusal(file('/ws/src/app.ts')), undefined);
  });
});
