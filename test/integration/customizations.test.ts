// Skills and instruction files in a real extension host: a workspace skill's name and description and
// copilot-instructions.md go with a chat request (the emulator's request log shows them), the skill's body
// does not.
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

describe('svc customizations (integration, local emulator)', function () {
  this.timeout(60_000);
  let api: SvcTestApi;
  let root: string;
  const logFile = path.join(os.tmpdir(), `svc-custom-requests-${process.pid}-${Date.now()}.jsonl`);
  const lastChat = (): Logged | undefined =>
    fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Logged)
      .filter((r) => r.path === '/v1/chat/completions')
      .at(-1);

  before(async () => {
    root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    fs.mkdirSync(path.join(root, '.github', 'skills', 'leap-years'), { recursive: true });
    fs.writeFileSync(path.join(root, '.github', 'skills', 'leap-years', 'SKILL.md'), '---\nname: leap-years\ndescription: Decide whether a year is a leap year.\n---\nDivisible by 4, not by 100 unless by 400.\n');
    fs.writeFileSync(path.join(root, '.github', 'copilot-instructions.md'), 'Answer in one sentence.\n');
    api = await openChatHost(svcExtension());
    // The emulator reads the variable when it starts (an earlier suite may have started it); a change of pace restarts it.
    process.env[REQUEST_LOG_ENV] = logFile;
    await setSetting('emulator.speed', 1_000_000);
    await setSetting('emulator.speed', undefined);
    // An earlier suite may have read the customizations already: the new files are seen once VS Code's
    // watcher reports them, which on a busy machine can take a while.
    const wanted = ['.github/copilot-instructions.md', '.github/skills/leap-years/SKILL.md'];
    for (let seen: string[] = []; !wanted.every((file) => seen.includes(file)); ) {
      seen = await api.customizationFiles();
      if (!wanted.every((file) => seen.includes(file))) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  after(() => {
    fs.rmSync(path.join(root, '.github', 'skills'), { recursive: true, force: true });
    fs.rmSync(path.join(root, '.github', 'copilot-instructions.md'), { force: true });
    delete process.env[REQUEST_LOG_ENV];
    fs.rmSync(logFile, { force: true });
  });

  it("sends copilot-instructions.md as a rule and the skill's name and description, never its body", async () => {
    await vscode.commands.executeCommand('svc.newChat');
    await api.sendMessage('Is 2100 a leap year?', { model: 'svc-v1-8k' });
    const rules = lastChat()?.request?.messages.find((m) => m.role === 'system' && String(m.content).includes('## Skills'));
    assert.match(String(rules?.content), /## \.github\/copilot-instructions\.md \(from the workspace\)\n\nAnswer in one sentence\./);
    assert.match(String(rules?.content), /- leap-years \(workspace\): Decide whether a year is a leap year\./);
    assert.ok(!JSON.stringify(lastChat()?.request?.messages).includes('Divisible by 4'), 'the body waits for use_skill');
  });
});
