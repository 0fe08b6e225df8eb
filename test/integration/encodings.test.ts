// A file in a legacy encoding read and edited by the agent in a real extension host (scenarios in
// test/fixtures/scenarios/encoding-integration.json): the encoding is guessed by the jschardet of the
// VS Code the extension runs in, loaded from vscode.env.appRoot, and the chardet the extension carries
// is not loaded at all.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as iconv from 'iconv-lite';
import * as vscode from 'vscode';
import type { ToolEntry } from '../../src/core/conversations/conversation';
import type { SvcTestApi } from '../../src/extension/extension';
import { SCENARIOS_ENV } from '../../src/extension/localEmulator';
import { bundledJschardet } from '../../src/extension/workspaceTools/vscodeJschardet';
import { openChatHost, setSetting, svcExtension } from './extensionUnderTest';

const MODEL = 'svc-k2-thinking';

describe('svc agent on a GBK file (integration, local emulator)', function () {
  this.timeout(60_000);
  let api: SvcTestApi;
  let root: string;
  let subscription: vscode.Disposable | undefined;

  before(async () => {
    const extension = svcExtension();
    process.env[SCENARIOS_ENV] = path.join(extension.extensionPath, 'test', 'fixtures', 'scenarios', 'encoding-integration.json');
    api = await openChatHost(extension);
    // A change of pace restarts a running emulator, so it picks the scenarios up whatever ran before.
    await setSetting('emulator.speed', 5000);
    await setSetting('emulator.speed', undefined);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the suite runs with a workspace folder open');
    root = folder.uri.fsPath;
    subscription = api.agent.onApprovalRequest((pending) => api.agent.answerApproval(pending.requestId, 'approve'));
    await vscode.commands.executeCommand('svc.newChat');
  });

  after(() => {
    subscription?.dispose();
    delete process.env[SCENARIOS_ENV];
  });

  it("reads and edits it in GBK, guessed by VS Code's own jschardet", async () => {
    const folder = path.join(root, 'encoding-it');
    const file = path.join(folder, 'greeting.js');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(file, iconv.encode('// 中文注释\r\nconst 问候 = "你好";\r\n', 'gbk'));
    try {
      const record = await api.agent.runTask('agent-it encoding: greet the whole world in encoding-it/greeting.js', { model: MODEL });
      assert.ok(record, 'the task ran');
      assert.equal(record.summary.stopReason, 'stop', record.summary.error);
      const [read, edit] = (api.getConversation(record.conversationId)?.entries ?? []).filter((e): e is ToolEntry => e.role === 'tool');
      assert.equal(read?.content, 'encoding-it/greeting.js lines 1-3 of 3 (CRLF, GB18030):\n// 中文注释\nconst 问候 = "你好";\n');
      assert.equal(edit?.card?.status, 'done', edit?.content);
      assert.deepEqual(fs.readFileSync(file), iconv.encode('// 中文注释\r\nconst 问候 = "你好，世界";\r\n', 'gbk'));

      const loaded = Object.keys(require.cache);
      const vscodeJschardet = bundledJschardet(vscode.env.appRoot, []);
      assert.ok(vscodeJschardet !== undefined && loaded.includes(vscodeJschardet), `VS Code's jschardet (${vscodeJschardet ?? `none under ${vscode.env.appRoot}`}) was loaded`);
      assert.ok(!loaded.some((module) => module.endsWith(path.join('dist', 'vendor', 'chardet.js'))), 'the chardet the extension carries was not loaded');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
