// The API key in a real extension host: set through the command (SecretStorage), then used for a whole
// session against an emulator that accepts only that key: a chat, "Explain This File" (an upload), an
// agent task that edits a file after approval, and a failing request shown as an error. The key comes from
// the runner (SVC_INTEGRATION_SECRET); after VS Code exits, the runner scans every file of the run (user
// data with its logs and settings, the extension's storage, the workspace, the emulator's request log)
// for it (test/harness/secretScan.ts). Here: the key reaches the service, and nothing the extension hands
// out (connection, settings, conversations) holds it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SvcTestApi } from '../../src/extension/extension';
import { lastReply, openChatHost, setSetting, svcExtension } from './extensionUnderTest';
import { SECRET_ENV, secretForms } from '../harness/secretScan';


interface Emulator {
  url: string;
  close(): Promise<void>;
}

interface EmulatorModule {
  startEmulator(options: Record<string, unknown>): Promise<Emulator>;
}



function assertNoKey(what: string, value: unknown, secret: string): void {
  const text = JSON.stringify(value);
  for (const form of secretForms(secret)) assert.equal(text.includes(form), false, `${what} holds the key`);
}

describe('svc API key in a whole session (integration)', function () {
  this.timeout(120_000);
  let api: SvcTestApi;
  let secret: string;
  let emulator: Emulator;
  let failing: Emulator;
  const logFile = path.join(os.tmpdir(), `svc-secret-requests-${process.pid}.jsonl`);

  before(async () => {
    const fromRunner = process.env[SECRET_ENV];
    assert.ok(fromRunner && fromRunner.length >= 20, `${SECRET_ENV} names the key to use (set by runIntegrationTests.ts)`);
    secret = fromRunner;
    const extension = svcExtension();
    api = await openChatHost(extension);
    // The shipped emulator bundle, loaded at run time as the extension itself loads it.
    const { startEmulator } = createRequire(__filename)(path.join(extension.extensionPath, 'dist', 'emulator.js')) as EmulatorModule;
    const common = { port: 0, apiKey: secret, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'svc-secret-emulator-')) };
    emulator = await startEmulator({ ...common, logFile, scenarios: path.join(extension.extensionPath, 'test', 'fixtures', 'scenarios', 'agent-integration.json') });
    // Every chat request to this one is answered 500 "invalid state transition": the error path, with retries.
    failing = await startEmulator({ ...common, faults: { invalidStateRate: 1 } });
    await setSetting('baseUrl', emulator.url);
    await vscode.commands.executeCommand('svc.setApiKey', secret);
  });

  after(async () => {
    await vscode.commands.executeCommand('svc.clearApiKey');
    await vscode.commands.executeCommand('svc.useLocalEmulator');
    await setSetting('baseUrl', undefined);
    await emulator.close();
    await failing.close();
  });

  it('uses the key for chat, files and an agent task, and an error, without handing it out anywhere', async () => {
    const connection = await api.connection();
    assert.equal(connection.mode, 'apiKey');
    assertNoKey('the connection shown to the view', connection, secret);

    await vscode.commands.executeCommand('svc.newChat');
    const chatId = await api.sendMessage('Reply with exactly "keyed"', { model: 'svc-v1-8k', thinking: false });
    assert.equal(lastReply(api.getConversation(chatId)).alternatives[0]?.content, 'keyed');

    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace is open');
    const file = vscode.Uri.joinPath(folder.uri, 'src', 'inventory.py');
    await vscode.commands.executeCommand('svc.newChat');
    await vscode.commands.executeCommand('svc.explainFile', file, [file]);
    await api.whenIdle();
    const explainId = api.activeConversationId();
    assert.ok(explainId);
    assert.equal(lastReply(api.getConversation(explainId)).status, 'complete');

    const target = path.join(folder.uri.fsPath, 'agent-target.txt');
    fs.writeFileSync(target, 'The colour of the sky.\n');
    const approvals = api.agent.onApprovalRequest((pending) => api.agent.answerApproval(pending.requestId, 'approve'));
    try {
      await vscode.commands.executeCommand('svc.newChat');
      const record = await api.agent.runTask('agent-it edit: use US spelling in agent-target.txt', { model: 'svc-k2-thinking' });
      assert.equal(record?.summary.stopReason, 'stop', record?.summary.error);
      assert.equal(fs.readFileSync(target, 'utf8'), 'The color of the sky.\n');
      if (record) await api.agent.undo(record.taskId);
    } finally {
      approvals.dispose();
    }

    // A key goes only to the address it was stored for: storing it again binds it to the new one.
    await setSetting('baseUrl', failing.url);
    await vscode.commands.executeCommand('svc.setApiKey', secret);
    await vscode.commands.executeCommand('svc.newChat');
    const failedId = await api.sendMessage('Hello', { model: 'svc-v1-8k', thinking: false });
    const failed = lastReply(api.getConversation(failedId));
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error?.action, 'retry');
    await setSetting('baseUrl', emulator.url);

    const requests = fs.readFileSync(logFile, 'utf8');
    for (const endpoint of ['/v1/chat/completions', '/v1/files']) assert.ok(requests.includes(endpoint), `the key reached ${endpoint}`);
    assertNoKey('the saved conversations', await api.loadSavedConversations(), secret);
    assertNoKey('the conversations in memory', [chatId, explainId, failedId].map((id) => api.getConversation(id)), secret);
    const config = vscode.workspace.getConfiguration('svc');
    assertNoKey('the svc settings', Object.keys(config).map((k) => config.inspect(k) ?? null), secret);
  });
});
