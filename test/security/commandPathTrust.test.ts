// Another extension runs our commands that take a file, through the command registry as any extension
// can: with a workspace symlink that leads to a private key outside the workspace, and with an absolute
// path outside it. Each command is registered by its own code and run through the handler VS Code would
// call; the key must reach no request, no chat message and no upload, and the user must be asked (a
// modal question showing the real path) or told why it was refused.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../support/emulatorTestBed';
import { fakeEditor, fakeVscode, installFakeVscode } from './fakeVscodeModule';
import { requestIdentityWith } from '../support/testRequestIdentity';

installFakeVscode();

const KEY = '-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAA';

type Handler = (...args: unknown[]) => Promise<unknown>;
const fake = fakeVscode as unknown as Record<string, Record<string, unknown>>;
const handlers = new Map<string, Handler>();
const opened: string[] = [];
const read: string[] = [];
const disposable = { dispose: () => undefined };

/** What the commands need of the editor beyond the shared fake; put in place for this file and taken back after it. */
function extendFakeEditor(): () => void {
  const parts = ['commands', 'window', 'workspace', 'languages'].map((name) => ({ target: fake[name]!, before: { ...fake[name]! } }));
  Object.assign(fake.commands!, {
    registerCommand: (name: string, handler: Handler) => {
      handlers.set(name, handler);
      return disposable;
    },
    executeCommand: async () => undefined,
  });
  Object.assign(fake.languages!, { registerCodeLensProvider: () => disposable });
  Object.assign(fake.window!, {
    createTextEditorDecorationType: () => disposable,
    activeTextEditor: undefined,
    withProgress: (_options: unknown, task: () => Promise<unknown>) => task(),
  });
  Object.assign(fake.workspace!, {
    textDocuments: [],
    asRelativePath: (uri: { fsPath: string }) => {
      const folder = fakeVscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
      return uri.fsPath.startsWith(`${folder}/`) ? uri.fsPath.slice(folder.length + 1) : uri.fsPath;
    },
    openTextDocument: async (uri: { fsPath: string }) => {
      opened.push(uri.fsPath);
      const text = fs.readFileSync(uri.fsPath, 'utf8');
      const lines = text.split('\n');
      return { uri, languageId: 'plaintext', lineCount: lines.length, getText: () => text, lineAt: (n: number) => ({ text: lines[n] ?? '' }) };
    },
    fs: {
      stat: async (uri: { fsPath: string }) => ({ type: 1, size: fs.statSync(uri.fsPath).size }),
      readFile: async (uri: { fsPath: string }) => {
        read.push(uri.fsPath);
        return fs.readFileSync(uri.fsPath);
      },
    },
  });
  return () => {
    for (const { target, before } of parts) {
      for (const key of Object.keys(target)) if (!(key in before)) delete target[key];
      Object.assign(target, before);
    }
  };
}

describe('commands that take a file, run by another extension', () => {
  let restore: () => void;
  let workspace: string;
  let home: string;
  /** Everything that would have left for the service: requests, chat messages, uploads. */
  let sent: string[];

  before(async () => {
    restore = extendFakeEditor();
    const { USER_ARGUMENTS } = await import('../../src/extension/commandArguments');
    const { registerInlineEdit } = await import('../../src/extension/inlineEdit/registerInlineEdit');
    const { registerExplainCommands } = await import('../../src/extension/files/explainCommands');
    const { registerAddFileToChat } = await import('../../src/extension/files/addFileToChatCommand');
    const services = {
      get: async () => {
        sent.push('the file services were reached');
        throw new Error('the services are not part of this test');
      },
    };
    const chat = { showNotice: () => undefined, selectModel: () => undefined, sendTurn: async (turn: unknown) => void sent.push(JSON.stringify(turn)) };
    registerInlineEdit({ subscriptions: [] } as never, {
      client: async () => {
        sent.push('a request was started');
        throw new Error('no request in this test');
      },
      identity: requestIdentityWith(),
      log: { error: () => undefined } as never,
      explainInChat: async (text) => void sent.push(text),
      commandArguments: USER_ARGUMENTS,
    });
    registerExplainCommands({ services: services as never, chat: chat as never, currentModel: () => 'svc-v1-32k', commandArguments: USER_ARGUMENTS });
    registerAddFileToChat({ services: services as never, chat: chat as never, currentModel: () => 'svc-v1-32k', commandArguments: USER_ARGUMENTS });
  });

  after(() => restore());

  beforeEach(() => {
    fakeEditor.reset();
    opened.length = 0;
    read.length = 0;
    sent = [];
    workspace = tempDir('svc-given-ws-');
    home = tempDir('svc-given-home-');
    fs.mkdirSync(path.join(home, '.ssh'));
    fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), `${KEY}\n`);
    fs.writeFileSync(path.join(home, 'notes.txt'), `${KEY}\n`);
    fs.writeFileSync(path.join(workspace, 'app.ts'), 'const a = 1;\n');
    fs.writeFileSync(path.join(workspace, '.env'), `API_KEY=${KEY}\n`);
    fs.symlinkSync(path.join(home, '.ssh', 'id_ed25519'), path.join(workspace, 'notes.txt'));
    fakeVscode.workspace.workspaceFolders = [{ uri: { fsPath: workspace, scheme: 'file' }, name: 'ws' }];
    fakeVscode.window.tabGroups.all = [];
  });

  afterEach(() => {
    fs.rmSync(workspace, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
    fakeVscode.workspace.workspaceFolders = undefined;
  });

  const run = (command: string, file: string): Promise<unknown> => {
    const uri = fakeVscode.Uri.file(file);
    const args = command === 'svc.inlineEdit.fix' || command === 'svc.explainProblem' ? [uri, 0, 0, 'Fix this problem: unused'] : [uri];
    return handlers.get(command)!(...args);
  };

  function assertNothingLeft(): void {
    assert.equal(sent.filter((s) => s.includes(KEY)).length, 0, 'the key reached nothing');
    assert.deepEqual(sent, [], 'nothing was sent or started');
    assert.deepEqual(read, [], 'nothing was read for an upload');
  }

  /** The one modal question, which must show the file's real path. */
  function assertAskedShowing(realPath: string): void {
    const questions = fakeEditor.shown.filter((m) => m.options?.modal === true);
    assert.equal(questions.length, 1, `one modal question (shown: ${JSON.stringify(fakeEditor.shown.map((m) => m.message))})`);
    assert.ok(questions[0]!.options?.detail?.includes(realPath), `the question shows the real path ${realPath}`);
  }

  for (const command of ['svc.inlineEdit.fix', 'svc.explainProblem']) {
    it(`${command}: a workspace symlink to a private key outside is refused, naming where it leads; nothing is opened or sent`, async () => {
      await run(command, path.join(workspace, 'notes.txt'));
      assertNothingLeft();
      assert.deepEqual(opened, []);
      const warning = fakeEditor.shown.find((m) => m.level === 'warning' && !m.options?.modal);
      assert.match(warning?.message ?? '', /notes\.txt is not sent to svc: it leads to .*\.ssh\/id_ed25519: files in \.ssh\/ hold keys/);
    });

    it(`${command}: an absolute path outside the workspace is sent only after a modal yes that shows it`, async () => {
      const outside = path.join(home, 'notes.txt');
      await run(command, outside);
      assertAskedShowing(outside);
      assertNothingLeft();
      assert.deepEqual(opened, []);
      fakeEditor.reset();
      fakeEditor.answer = (m) => (m.options?.modal ? 'Send' : undefined);
      await run(command, outside);
      assert.deepEqual(opened, [outside], 'after the yes, the file is opened');
    });
  }

  for (const command of ['svc.explainFile', 'svc.addFileToChat']) {
    it(`${command}: a workspace symlink to a private key outside is sent only after a modal yes that shows where it leads`, async () => {
      await run(command, path.join(workspace, 'notes.txt'));
      assertAskedShowing(path.join(home, '.ssh', 'id_ed25519'));
      assertNothingLeft();
    });

    it(`${command}: an absolute path outside the workspace is sent only after a modal yes that shows it`, async () => {
      const outside = path.join(home, 'notes.txt');
      await run(command, outside);
      assertAskedShowing(outside);
      assertNothingLeft();
    });

    it(`${command}: the workspace's .env passed as an argument is sent only after a modal yes saying why`, async () => {
      await run(command, path.join(workspace, '.env'));
      assertAskedShowing('.env');
      assert.match(fakeEditor.shown[0]?.options?.detail ?? '', /its name is one that holds keys, tokens or passwords/);
      assertNothingLeft();
    });

    it(`${command}: a file of the workspace goes without a question (what the explorer's menu passes)`, async () => {
      await run(command, path.join(workspace, 'app.ts'));
      assert.deepEqual(fakeEditor.shown.filter((m) => m.options?.modal), []);
      assert.ok(sent.length > 0 || read.length > 0, 'the command went on to the services');
    });
  }

  for (const command of ['svc.inlineEdit.fix', 'svc.explainProblem', 'svc.explainFile', 'svc.addFileToChat']) {
    it(`${command}: a file the workspace's .gitignore leaves out (local tokens) is sent only after a modal yes saying why`, async () => {
      fs.mkdirSync(path.join(workspace, 'config'));
      fs.writeFileSync(path.join(workspace, 'config', 'local.json'), `{ "token": "${KEY}" }\n`);
      fs.writeFileSync(path.join(workspace, '.gitignore'), 'config/local.json\n');
      await run(command, path.join(workspace, 'config', 'local.json'));
      assertAskedShowing('config/local.json');
      assert.match(fakeEditor.shown.find((m) => m.options?.modal)?.options?.detail ?? '', /\.gitignore leaves it out/);
      assertNothingLeft();
      assert.deepEqual(opened, []);
    });
  }
});
