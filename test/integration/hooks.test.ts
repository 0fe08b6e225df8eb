// Hooks in a real extension host: a repository's `.claude/settings.json` PreToolUse hook, approved once
// through the same approval path the chat view's buttons take, blocks the agent's command, and the model
// reads the hook's reason; the next task runs it without asking. The model is scripted by
// test/fixtures/scenarios/hooks-integration.json.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SvcTestApi } from '../../src/extension/extension';
import { SCENARIOS_ENV } from '../../src/extension/localEmulator';
import { openChatHost, setSetting, svcExtension } from './extensionUnderTest';

const MODEL = { model: 'svc-k2-thinking', thinking: true };

describe('svc hooks (integration, local emulator)', function () {
  this.timeout(90_000);
  let api: SvcTestApi;
  let root: string;
  let approvals: vscode.Disposable | undefined;
  const asked: Array<{ kind: string; title: string; detail: string }> = [];
  // Unique per run: an approval is remembered in the profile's global state.
  const reason = `commands are frozen (${process.pid}-${Date.now()})`;
  const command = `echo "${reason}" >&2; exit 2`;

  before(async () => {
    const extension = svcExtension();
    process.env[SCENARIOS_ENV] = path.join(extension.extensionPath, 'test', 'fixtures', 'scenarios', 'hooks-integration.json');
    api = await openChatHost(extension);
    // A settings change restarts the local emulator, which then reads this suite's scenarios.
    await setSetting('emulator.speed', 1_000_000);
    await setSetting('emulator.speed', undefined);
    root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    assert.ok(root, 'the suite runs with a workspace folder open');
    assert.ok(vscode.workspace.isTrusted, 'the workspace is trusted');
    fs.mkdirSync(path.join(root, '.claude'), { recursive: true });
    fs.writeFileSync(path.join(root, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }));
    approvals = api.agent.onApprovalRequest((pending) => {
      asked.push({ kind: pending.request.kind, title: pending.request.title, detail: pending.request.detail });
      api.agent.answerApproval(pending.requestId, 'approve');
    });
  });

  after(() => {
    approvals?.dispose();
    fs.rmSync(path.join(root, '.claude'), { recursive: true, force: true });
    fs.rmSync(path.join(root, 'hook-it-ran.txt'), { force: true });
    delete process.env[SCENARIOS_ENV];
  });

  it("blocks the agent's command with a repository's hook once the user approved it, and asks only once", async () => {
    await vscode.commands.executeCommand('svc.newChat');
    const first = await api.agent.runTask('hooks-it', MODEL);
    assert.equal(first?.summary.stopReason, 'stop', first?.summary.error);
    assert.match(first?.summary.answer ?? '', new RegExp(`A PreToolUse hook blocked this call of run_command[\\s\\S]*${reason.replace(/[()]/g, '\\$&')}`));
    assert.equal(fs.existsSync(path.join(root, 'hook-it-ran.txt')), false, 'the command did not run');
    assert.deepEqual(asked.map((a) => a.kind), ['run-hook'], 'the hook was asked about; the blocked command never was');
    assert.equal(asked[0]?.detail, command);
    assert.match(asked[0]?.title ?? '', /\.claude\/settings\.json, PreToolUse/);

    asked.length = 0;
    await vscode.commands.executeCommand('svc.newChat');
    const second = await api.agent.runTask('hooks-it', MODEL);
    assert.match(second?.summary.answer ?? '', /A PreToolUse hook blocked this call/);
    assert.deepEqual(asked, [], 'approved once: not asked again');
  });
});
