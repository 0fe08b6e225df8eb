// The API key never lands anywhere on disk or on the wire to the webview: a whole session (chat with a
// fault and an authentication failure, files through the upload cache, an agent task with workspace
// tools, a Markdown export) against the emulator CLI run with `--log`, then every byte written under
// the session's folder (request log, conversations, upload records, workspace, exports), the
// emulator's own output and every event meant for the webview are scanned for the key.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SvcClient } from '../../src/api/index';
import { runAgentTask } from '../../src/core/agent/agentLoop';
import { createAgentToolset } from '../../src/core/agent/agentToolset';
import { ChatSession, type SessionEvent } from '../../src/core/chat/chatSession';
import { systemClock } from '../../src/core/clock';
import { conversationToMarkdown } from '../../src/core/conversations/conversationMarkdown';
import { ConversationStore } from '../../src/core/conversations/conversationStore';
import { accountKey } from '../../src/core/files/accountKey';
import { UploadCache } from '../../src/core/files/uploadCache';
import { FormulaToolCatalog } from '../../src/core/tools/formulaTools';
import { ConversationFolderFiles } from '../../src/extension/conversationFolderFiles';
import { FileKeyValueStorage } from '../../src/extension/fileKeyValueStorage';
import { nodeTestHost, ScriptedApprover } from '../support/testWorkspaceHost';
import { FAULT_HEADER, SETTINGS } from '../faults/faultInjection';
import { requestSettings } from '../../src/core/requests/requestSettings';

const ROOT = path.resolve(__dirname, '../..');
const KEY = `sk-secret-${randomBytes(20).toString('hex')}`;
const WRONG_KEY = `sk-wrong-${randomBytes(20).toString('hex')}`;

const SCENARIOS = {
  scenarios: [
    { match: { hasTools: true, lastIsToolResult: false }, reply: { reasoning: 'Read it, then write notes.', toolCalls: [{ name: 'read_file', arguments: { path: 'README.md' } }, { name: 'write_file', arguments: { path: 'notes.md', content: 'notes\n' } }] } },
    { match: { hasTools: true, lastIsToolResult: true }, reply: { content: 'Done: {{lastToolResult}}' } },
  ],
};

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

function startCli(base: string, logFile: string, scenarioFile: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  // The key goes through the environment, not the command line, where any local user could read it.
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'emulator.js'), '--port', '0', '--log', logFile, '--data-dir', path.join(base, 'emulator-data'), '--scenarios', scenarioFile], {
    env: { ...process.env, SVC_EMULATOR_KEY: KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const url = /listening on (\S+)/.exec(output)?.[1];
      if (url) resolve({ child, url, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}): ${output}`)));
  });
}

describe('security: the API key stays secret', function () {
  this.timeout(120_000);

  it('appears in no log, conversation, upload record, export, emulator log or webview event after a full session', async () => {
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-secrets-'));
    const logFile = path.join(base, 'logs', 'emulator-requests.jsonl');
    const scenarioFile = path.join(base, 'scenarios.json');
    await fs.writeFile(scenarioFile, JSON.stringify(SCENARIOS));
    const cli = await startCli(base, logFile, scenarioFile);
    const events: unknown[] = [];
    try {
      let fault: string | undefined;
      const withFault: typeof fetch = (input, init) => {
        const headers = new Headers(init?.headers);
        if (fault) headers.set(FAULT_HEADER, fault);
        return fetch(input, { ...init, headers });
      };
      const client = new SvcClient({ baseUrl: cli.url, apiKey: KEY, fetch: withFault, maxRetries: 0 });
      const wrongClient = new SvcClient({ baseUrl: cli.url, apiKey: WRONG_KEY, maxRetries: 0 });

      // Chat: a reply, a rate-limit error (its message names the account), an authentication error.
      const { store } = await ConversationStore.open(new ConversationFolderFiles(path.join(base, 'workspace-storage')), systemClock);
      let useWrongKey = false;
      const session = new ChatSession({ client: () => (useWrongKey ? wrongClient : client), store, clock: systemClock, onEvent: (e: SessionEvent) => events.push(e), maxAutomaticRetries: 0 });
      const conversation = await store.create();
      await session.send(conversation.id, 'Hello, what can you do?', SETTINGS);
      fault = 'rate-limit=1';
      await session.send(conversation.id, 'Again please.', SETTINGS);
      fault = 'error-event';
      await session.send(conversation.id, 'And once more.', SETTINGS);
      fault = undefined;
      useWrongKey = true;
      await session.send(conversation.id, 'With the wrong key.', SETTINGS);
      useWrongKey = false;
      const kinds = conversation.entries.flatMap((e) => (e.role === 'assistant' && e.error ? [e.error.kind] : []));
      assert.deepEqual(kinds, ['rateLimit', 'server', 'authentication'], 'the session went through its errors');
      await session.dispose();

      // Files: uploads through the cache (its record is filed under a hash of the key), listing, content.
      const globalState = new FileKeyValueStorage(path.join(base, 'global-storage'));
      const cache = new UploadCache(client, globalState, accountKey(cli.url, KEY));
      const uploaded = await cache.upload({ source: 'file:///ws/notes.txt', filename: 'notes.txt', data: new TextEncoder().encode('notes about leap years\n'), purpose: 'file-extract' });
      assert.equal((await cache.upload({ source: 'file:///ws/notes.txt', filename: 'notes.txt', data: new TextEncoder().encode('notes about leap years\n'), purpose: 'file-extract' })).reused, true);
      assert.match(await client.files.content(uploaded.file.id), /leap years/);
      assert.ok((await client.files.list()).length >= 1);

      // Agent: workspace tools (a read and an approved write) and the formula catalogue.
      const workspace = path.join(base, 'workspace');
      await fs.mkdir(workspace, { recursive: true });
      await fs.writeFile(path.join(workspace, 'README.md'), '# Sample\n');
      const toolset = await createAgentToolset({
        catalog: new FormulaToolCatalog(client.formulas),
        approver: new ScriptedApprover(() => 'approve'),
        workspace: nodeTestHost([{ name: 'workspace', path: workspace }]),
        workspaceOptions: { shell: false },
      });
      const agent = await runAgentTask({ client, settings: requestSettings({ model: SETTINGS.model }), task: 'Read the readme and write notes.', tools: toolset.registry, promptCacheKey: 'svc-ws-secrets', journal: toolset.journal, onEvent: (e) => events.push(e) });
      assert.equal(agent.summary.stopReason, 'stop', agent.summary.error);
      assert.deepEqual(agent.summary.filesChanged, ['notes.md']);

      // Export.
      await fs.mkdir(path.join(base, 'exports'), { recursive: true });
      await fs.writeFile(path.join(base, 'exports', 'conversation.md'), conversationToMarkdown(store.require(conversation.id)));
    } finally {
      cli.child.kill('SIGTERM');
      await new Promise((resolve) => cli.child.once('exit', resolve));
    }

    const log = await fs.readFile(logFile, 'utf8');
    for (const endpoint of ['/v1/chat/completions', '/v1/files', '/v1/formulas/']) assert.ok(log.includes(endpoint), `the request log recorded ${endpoint}`);
    assert.ok(log.includes('Bearer [REDACTED]'), 'authorization headers were logged, redacted');

    const files = await filesUnder(base);
    const places: [string, Buffer][] = [
      ...(await Promise.all(files.map(async (f): Promise<[string, Buffer]> => [path.relative(base, f), await fs.readFile(f)]))),
      ['emulator stdout/stderr', Buffer.from(cli.output())],
      ['events for the webview', Buffer.from(JSON.stringify(events))],
    ];
    assert.ok(files.some((f) => f.includes('workspace-storage')) && files.some((f) => f.includes('global-storage')) && files.some((f) => f.endsWith('.md')));
    const leaks: string[] = [];
    for (const secret of [KEY, WRONG_KEY]) {
      // The whole key, its random part alone, and its base64 form (a Basic header or an encoded dump).
      const forms = [secret, secret.slice(secret.lastIndexOf('-') + 1), Buffer.from(secret).toString('base64').slice(0, 40)];
      for (const [where, bytes] of places) for (const form of forms) if (bytes.includes(form)) leaks.push(`${where} holds ${form === secret ? 'the key' : 'a form of the key'}`);
    }
    console.log(`      scanned ${places.length} files and streams (${places.reduce((s, [, b]) => s + b.length, 0)} bytes)`);
    assert.deepEqual(leaks, [], 'the key is nowhere');
    await fs.rm(base, { recursive: true, force: true });
  });
});
