// The workspace's AGENTS.md in a real extension host: sent first in a chat request, before the
// conversation (the emulator's request log shows it), and gone from the next request once deleted.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SvcTestApi } from '../../src/extension/extension';
import { REQUEST_LOG_ENV } from '../../src/extension/localEmulator';
import { openChatHost, setSetting, svcExtension } from './extensionUnderTest';

interface Logged {
  path: string;
  request?: { messages: Array<{ role: string; content: unknown }> };
}

describe('svc project rules (integration, local emulator)', function () {
  this.timeout(60_000);
  let api: SvcTestApi;
  let rulesFile: string;
  const logFile = path.join(os.tmpdir(), `svc-rules-requests-${process.pid}-${Date.now()}.jsonl`);
  const lastChat = (): Logged | undefined =>
    fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Logged)
      .filter((r) => r.path === '/v1/chat/completions')
      .at(-1);

  before(async () => {
    process.env[REQUEST_LOG_ENV] = logFile;
    api = await openChatHost(svcExtension());
    await setSetting('emulator.speed', 1_000_000);
    await setSetting('emulator.speed', undefined);
    rulesFile = path.join(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '', 'AGENTS.md');
  });

  after(() => {
    fs.rmSync(rulesFile, { force: true });
    delete process.env[REQUEST_LOG_ENV];
    fs.rmSync(logFile, { force: true });
  });

  it("sends the workspace's AGENTS.md first in every request, and stops once it is deleted", async () => {
    fs.writeFileSync(rulesFile, 'Always answer in exactly one sentence.\n');
    await vscode.commands.executeCommand('svc.newChat');
    await api.sendMessage('What is a leap year?', { model: 'svc-v1-8k' });
    const first = lastChat()?.request?.messages[0];
    assert.equal(first?.role, 'system');
    assert.match(String(first?.content), /## AGENTS\.md \(from the workspace\)\n\nAlways answer in exactly one sentence\./);

    fs.rmSync(rulesFile);
    await api.sendMessage('And in 2100?', { model: 'svc-v1-8k' });
    assert.ok(!JSON.stringify(lastChat()?.request?.messages).includes('Always answer in exactly one sentence'));
  });
});
