// The agent-edit review's commands take a path, and any extension can run them: with a workspace symlink
// that leads to a file outside the workspace, or with an absolute path outside it. The path is only a
// key into the files under review (the agent's own writes), so neither may open, keep, undo or write
// anything; the file under review keeps its hunks. Run through the handlers registerAgentReview gives
// VS Code, on real files.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChardetEncodingDetector } from '../../src/extension/workspaceTools/chardetEncodingDetector';
import { NodeWorkspaceFiles } from '../../src/extension/workspaceTools/nodeWorkspaceFiles';
import { tempDir } from '../support/emulatorTestBed';
import { fakeEditor, fakeVscode, installFakeVscode } from './fakeVscodeModule';

installFakeVscode();

type Handler = (...args: unknown[]) => Promise<unknown>;
const fake = fakeVscode as unknown as Record<string, Record<string, unknown>>;
const disposable = { dispose: () => undefined };

describe("the agent-edit review's commands, run by another extension with a path outside", () => {
  const handlers = new Map<string, Handler>();
  const shownDocuments: string[] = [];
  let parts: { target: Record<string, unknown>; before: Record<string, unknown> }[];
  let workspace: string;
  let home: string;

  before(() => {
    parts = ['commands', 'window', 'workspace', 'languages'].map((name) => ({ target: fake[name]!, before: { ...fake[name]! } }));
    Object.assign(fake.commands!, {
      registerCommand: (name: string, handler: Handler) => {
        handlers.set(name, handler);
        return disposable;
      },
      executeCommand: async () => undefined,
    });
    Object.assign(fake.languages!, { registerCodeLensProvider: () => disposable, registerHoverProvider: () => disposable });
    Object.assign(fake.window!, {
      createTextEditorDecorationType: () => disposable,
      onDidChangeVisibleTextEditors: () => disposable,
      onDidChangeActiveTextEditor: () => disposable,
      visibleTextEditors: [],
      activeTextEditor: undefined,
      showTextDocument: async (uri: { fsPath: string }) => {
        shownDocuments.push(uri.fsPath);
        throw new Error('no editor in this test');
      },
    });
    Object.assign(fake.workspace!, {
      textDocuments: [],
      onDidChangeTextDocument: () => disposable,
      asRelativePath: (p: string) => path.relative(workspace, p),
    });
  });

  after(() => {
    for (const { target, before } of parts) {
      for (const key of Object.keys(target)) if (!(key in before)) delete target[key];
      Object.assign(target, before);
    }
  });

  beforeEach(() => {
    fakeEditor.reset();
    handlers.clear();
    shownDocuments.length = 0;
    workspace = fs.realpathSync(tempDir('svc-review-ws-'));
    home = fs.realpathSync(tempDir('svc-review-home-'));
    fs.writeFileSync(path.join(home, '.bashrc'), 'export PATH=/usr/bin\n');
    fs.writeFileSync(path.join(workspace, 'app.js'), 'const a = 2;\nconst b = 2;\n');
    fs.symlinkSync(path.join(home, '.bashrc'), path.join(workspace, 'notes.js'));
  });

  afterEach(() => {
    fs.rmSync(workspace, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
  });

  for (const command of ['svc.agentReview.nextFile', 'svc.agentReview.keepHunk', 'svc.agentReview.undoHunk', 'svc.agentReview.keepFile', 'svc.agentReview.undoFile']) {
    it(`${command} with a workspace symlink to a file outside, or an absolute path outside, touches nothing outside and leaves the review as it was`, async () => {
      const { registerAgentReview } = await import('../../src/extension/agentReview/registerAgentReview');
      const files = new NodeWorkspaceFiles(() => [{ name: 'ws', path: workspace }], () => []);
      const controller = registerAgentReview({ subscriptions: [] } as never, { files, encodingDetector: new ChardetEncodingDetector() }, { error: () => undefined } as never);
      const app = path.join(workspace, 'app.js');
      controller.review.noteAgentWrite({ path: app, display: 'app.js', before: 'const a = 1;\nconst b = 2;\n', after: 'const a = 2;\nconst b = 2;\n', afterBytes: fs.readFileSync(app) });
      const [hunk] = await controller.review.hunks(app);
      assert.ok(hunk, 'the agent change is under review');
      for (const given of [path.join(workspace, 'notes.js'), path.join(home, '.bashrc')]) {
        await handlers.get(command)!(given, hunk.id);
      }
      assert.equal(fs.readFileSync(path.join(home, '.bashrc'), 'utf8'), 'export PATH=/usr/bin\n', 'the file outside is unchanged');
      assert.equal(fs.readFileSync(app, 'utf8'), 'const a = 2;\nconst b = 2;\n', 'the reviewed file is unchanged');
      assert.deepEqual(await controller.review.hunks(app), [hunk], 'its hunk is still under review');
      assert.ok(shownDocuments.every((shown) => shown === app), `only the file under review may be opened (opened: ${shownDocuments.join(', ')})`);
      controller.dispose();
    });
  }
});
