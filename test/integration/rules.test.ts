// The workspace's AGENTS.md in a real extension host: sent first in a chat request, before the
// conversation (the emulator's request log shows it), and gone from the next request once deleted. A
// subfolder's AGENTS.md goes with the first message that mentions a file under it, right before it.
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
    fs.rmSync(path.join(path.dirname(rulesFile), 'src', 'AGENTS.md'), { force: true });
    delete process.env[REQUEST_LOG_ENV];
    fs.rmSync(logFile, { force: true });
  });

  it("sends the workspace's AGENTS.md right after the ground rules in every request, and stops once it is deleted", async () => {
    fs.writeFileSync(rulesFile, 'Always answer in exactly one sentence.\n');
    await vscode.commands.executeCommand('svc.newChat');
    await api.sendMessage('What is a leap year?', { model: 'svc-v1-8k' });
    const [groundRules, rules] = lastChat()?.request?.messages ?? [];
    assert.match(String(groundRules?.content), /^You work in the user's workspace through tools\./, 'the ground rules open every request, Ask or Agent');
    assert.equal(rules?.role, 'system');
    assert.match(String(rules?.content), /## AGENTS\.md \(from the workspace\)\n\nAlways answer in exactly one sentence\./);

    fs.rmSync(rulesFile);
    await api.sendMessage('And in 2100?', { model: 'svc-v1-8k' });
    assert.ok(!JSON.stringify(lastChat()?.request?.messages).includes('Always answer in exactly one sentence'));
  });

  it("sends a subfolder's AGENTS.md with the first message that mentions a file under it, after the conversation so far, and not again", async () => {
    const root = path.dirname(rulesFile);
    const file = fs.readdirSync(path.join(root, 'src')).find((name) => fs.statSync(path.join(root, 'src', name)).isFile());
    assert.ok(file, 'the sample workspace has a file in src/');
    fs.writeFileSync(path.join(root, 'src', 'AGENTS.md'), 'In src/, every function has a doc comment.\n');
    await vscode.commands.executeCommand('svc.newChat');
    await api.sendMessage('Hello', { model: 'svc-v1-8k' });
    assert.ok(!JSON.stringify(lastChat()?.request?.messages).includes('every function has a doc comment'), 'nothing mentions src/ yet');

    await api.sendMessage(`Explain @src/${file}`, { model: 'svc-v1-8k' });
    const messages = lastChat()?.request?.messages ?? [];
    const rules = messages.findIndex((m) => String(m.content).startsWith('Rules of src/AGENTS.md (from the workspace), for the files under src/:'));
    assert.ok(rules > 1, `the subfolder's rules come after the first turn: ${JSON.stringify(messages.map((m) => m.role))}`);
    assert.match(String(messages[rules]?.content), /every function has a doc comment/);
    assert.equal(messages.at(-1)?.content, `Explain @src/${file}`);

    await api.sendMessage(`And @src/${file} again?`, { model: 'svc-v1-8k' });
    const again = lastChat()?.request?.messages ?? [];
    assert.equal(again.filter((m) => String(m.content).includes('every function has a doc comment')).length, 1, 'kept in the history once, not sent again');
  });
});
