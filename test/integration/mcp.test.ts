// MCP servers in agent tasks, in a real extension host: the reference "everything" server over stdio and
// over streamable HTTP, a server that dies mid-task, and a repository's server that was not approved.
// The model is scripted by test/fixtures/scenarios/mcp-integration.json; the emulator's request log
// shows what was offered and answered.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SvcTestApi } from '../../src/extension/extension';
import { REQUEST_LOG_ENV, SCENARIOS_ENV } from '../../src/extension/localEmulator';
import { openChatHost, setSetting, svcExtension } from './extensionUnderTest';

const MODEL = { model: 'svc-k2-thinking', thinking: true };

interface LoggedChat {
  path: string;
  request?: { tools?: Array<{ function: { name: string } }>; messages: Array<{ role: string; content: unknown }> };
}

describe('svc agent tasks with MCP servers (integration, local emulator)', function () {
  this.timeout(90_000);
  let api: SvcTestApi;
  let http: ChildProcess | undefined;
  let root: string;
  const logFile = path.join(os.tmpdir(), `svc-mcp-requests-${process.pid}-${Date.now()}.jsonl`);
  const chats = (): LoggedChat[] =>
    (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').filter((l) => l.trim() !== '') : [])
      .map((l) => JSON.parse(l) as LoggedChat)
      .filter((r) => r.path === '/v1/chat/completions');
  let approvals: vscode.Disposable | undefined;
  const asked: Array<{ kind: string; title: string; detail: string }> = [];

  before(async () => {
    const extension = svcExtension();
    const repo = extension.extensionPath;
    process.env[SCENARIOS_ENV] = path.join(repo, 'test', 'fixtures', 'scenarios', 'mcp-integration.json');
    process.env[REQUEST_LOG_ENV] = logFile;
    api = await openChatHost(extension);
    await setSetting('emulator.speed', 1_000_000);
    await setSetting('emulator.speed', undefined);
    root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    assert.ok(root, 'the suite runs with a workspace folder open');

    http = spawn(process.execPath, [path.join(repo, 'test', 'fixtures', 'mcp', 'everythingOverHttp.mjs')], { stdio: ['ignore', 'pipe', 'ignore'], cwd: repo });
    const port = await new Promise<number>((resolve, reject) => {
      http?.stdout?.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      http?.on('exit', (code) => reject(new Error(`the HTTP MCP server exited with ${code}`)));
    });
    const everything = path.join(repo, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
    await setSetting('mcp.servers', {
      everything: { type: 'stdio', command: process.execPath, args: [everything, 'stdio'] },
      'everything-http': { type: 'http', url: `http://127.0.0.1:${port}/mcp` },
      crashy: { command: process.execPath, args: [path.join(repo, 'test', 'fixtures', 'mcp', 'crashingServer.mjs')] },
    });
    approvals = api.agent.onApprovalRequest((pending) => {
      asked.push({ kind: pending.request.kind, title: pending.request.title, detail: pending.request.detail });
      api.agent.answerApproval(pending.requestId, 'approve');
    });
  });

  after(async () => {
    approvals?.dispose();
    http?.kill();
    await setSetting('mcp.servers', undefined);
    fs.rmSync(path.join(root, '.vscode', 'mcp.json'), { force: true });
    delete process.env[SCENARIOS_ENV];
    delete process.env[REQUEST_LOG_ENV];
    fs.rmSync(logFile, { force: true });
  });

  beforeEach(async () => {
    asked.length = 0;
    await vscode.commands.executeCommand('svc.newChat');
  });

  for (const [transport, server] of [['stdio', 'everything'], ['http', 'everything-http']] as const) {
    it(`calls a tool of an MCP server over ${transport} in an agent task`, async () => {
      const before = chats().length;
      const record = await api.agent.runTask(`mcp-it ${transport}`, MODEL);
      assert.equal(record?.summary.stopReason, 'stop', record?.summary.error);
      assert.equal(record?.summary.answer, `The server said: Echo: hello over ${transport}`);
      const sent = chats().slice(before);
      const offered = sent[0]?.request?.tools?.map((t) => t.function.name) ?? [];
      assert.ok(offered.includes(`mcp_${server}_echo`), `the server's tools are offered: ${offered.join(', ')}`);
      assert.ok(offered.includes('read_file'), 'beside the workspace tools');
      const answer = sent[1]?.request?.messages.find((m) => m.role === 'tool');
      assert.equal(answer?.content, `Echo: hello over ${transport}`);
      assert.deepEqual(
        asked.map((a) => a.kind),
        ['external-tool'],
        'the call was asked once, as an external tool',
      );
      assert.match(asked[0]?.title ?? '', new RegExp(`"echo" of (your MCP server "${server}" \\(svc\\.mcp\\.servers\\)|the MCP server "${server}" of this workspace)`));
      assert.match(asked[0]?.detail ?? '', new RegExp(`"message": "hello over ${transport}"`));
    });
  }

  it('goes on when a server dies mid-call: the model gets an error result, the task ends normally', async () => {
    const record = await api.agent.runTask('mcp-it crash', MODEL);
    assert.equal(record?.summary.stopReason, 'stop', record?.summary.error);
    assert.match(record?.summary.answer ?? '', /^After the crash: The tool crash of (your MCP server "crashy" \(svc\.mcp\.servers\)|the MCP server "crashy" of this workspace \(\.vscode\/mcp\.json\)) failed: /);
  });

  it("leaves a repository's server that was not approved stopped", async () => {
    const marker = path.join(os.tmpdir(), `svc-mcp-unapproved-${process.pid}.txt`);
    fs.mkdirSync(path.join(root, '.vscode'), { recursive: true });
    fs.writeFileSync(
      path.join(root, '.vscode', 'mcp.json'),
      JSON.stringify({ servers: { helper: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`] } } }),
    );
    const before = chats().length;
    const record = await api.agent.runTask('mcp-it plain', MODEL);
    assert.equal(record?.summary.stopReason, 'stop', record?.summary.error);
    assert.equal(fs.existsSync(marker), false, 'the command of the unapproved server never ran');
    const offered = chats().slice(before)[0]?.request?.tools?.map((t) => t.function.name) ?? [];
    assert.ok(!offered.some((name) => name.startsWith('mcp_helper')), 'its tools are not offered');
    assert.ok(offered.includes('mcp_everything_echo'), 'the user-level servers still are');
  });
});
