// The svc models and formulas through VS Code's own language-model API, as any other extension uses
// them, against the emulator; what crossed the wire is read from its request log.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { languageModelDataPartClass } from '../../src/extension/languageModels/languageModelDataPart';
import { OPTIONS_ENV, REQUEST_LOG_ENV, SCENARIOS_ENV } from '../../src/extension/localEmulator';
import { openChatHost, setSetting, svcExtension } from './extensionUnderTest';

interface LoggedChat {
  path: string;
  request?: { model: string; messages: Array<{ role: string; content: unknown; reasoning_content?: string; tool_calls?: Array<{ id: string }>; tool_call_id?: string }>; prompt_cache_key?: string };
}

const LISTED = ['svc-k2-thinking', 'svc-k2.5', 'svc-v1-8k', 'svc-v1-8k-vision-preview', 'svc-v9-preview'];
/** The smallest PNG: one transparent pixel. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Whether the VS Code running the tests is at least major.minor. */
function vscodeAtLeast(major: number, minor: number): boolean {
  const [hostMajor = 0, hostMinor = 0] = vscode.version.split('.').map(Number);
  return hostMajor > major || (hostMajor === major && hostMinor >= minor);
}

async function text(response: vscode.LanguageModelChatResponse): Promise<string> {
  let out = '';
  for await (const chunk of response.text) out += chunk;
  return out;
}

async function parts(response: vscode.LanguageModelChatResponse): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const part of response.stream) out.push(part);
  return out;
}

describe('svc in VS Code\'s language-model API (integration, local emulator)', function () {
  this.timeout(60_000);
  const logFile = path.join(os.tmpdir(), `svc-lm-requests-${process.pid}-${Date.now()}.jsonl`);
  const chats = (): LoggedChat[] =>
    (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').filter((l) => l.trim() !== '') : [])
      .map((l) => JSON.parse(l) as LoggedChat)
      .filter((r) => r.path === '/v1/chat/completions');
  /**
   * The svc models VS Code offers, once `until` holds of them: a change of pace restarts the emulator, and until
   * the provider has listed the models of the new one VS Code may offer none (1.105 clears its list meanwhile).
   */
  const offered = async (what: string, until: (models: vscode.LanguageModelChat[]) => boolean): Promise<vscode.LanguageModelChat[]> => {
    for (const deadline = Date.now() + 30_000; ; ) {
      const models = await vscode.lm.selectChatModels({ vendor: 'svc' });
      if (until(models)) return models;
      assert.ok(Date.now() < deadline, `${what}: offered ${JSON.stringify(models.map((m) => m.id))}`);
      await new Promise<void>((resolve) => {
        const listed = vscode.lm.onDidChangeChatModels(() => done());
        const timer = setTimeout(() => done(), 250);
        function done(): void {
          listed.dispose();
          clearTimeout(timer);
          resolve();
        }
      });
    }
  };
  const model = async (id: string): Promise<vscode.LanguageModelChat> =>
    (await offered(`model ${id} is offered`, (models) => models.some((m) => m.id === id))).find((m) => m.id === id) as vscode.LanguageModelChat;

  before(async () => {
    const extension = svcExtension();
    process.env[SCENARIOS_ENV] = path.join(extension.extensionPath, 'test', 'fixtures', 'scenarios', 'language-models.json');
    process.env[REQUEST_LOG_ENV] = logFile;
    process.env[OPTIONS_ENV] = JSON.stringify({ models: LISTED });
    await openChatHost(extension);
    // A change of pace restarts a running emulator, so it reads the variables above.
    await setSetting('emulator.speed', 1_000_000);
    await setSetting('emulator.speed', undefined);
  });

  after(async () => {
    delete process.env[SCENARIOS_ENV];
    delete process.env[REQUEST_LOG_ENV];
    delete process.env[OPTIONS_ENV];
    await setSetting('emulator.speed', 1_000_000);
    await setSetting('emulator.speed', undefined);
    fs.rmSync(logFile, { force: true });
  });

  it('offers the models the service lists, with capabilities from the catalogue', async () => {
    await vscode.commands.executeCommand('svc.refreshModels');
    // After the refresh VS Code asks the provider again; 1.105 offers none until it has answered.
    const models = await offered('the listed models', (found) => found.length > 0);
    assert.deepEqual(models.map((m) => m.id).sort(), [...LISTED].sort());
    const thinking = models.find((m) => m.id === 'svc-k2-thinking');
    assert.equal(thinking?.family, 'svc-k2');
    assert.equal(thinking?.version, 'thinking');
    const v1 = models.find((m) => m.id === 'svc-v1-8k');
    assert.equal((v1?.maxInputTokens ?? 0) + 4096, 8192, 'input plus output fit the 8k context');
  });

  it('streams a reply, with the workspace\'s prompt cache key', async () => {
    const before = chats().length;
    const response = await (await model('svc-v1-8k')).sendRequest([vscode.LanguageModelChatMessage.User('Say hello to the language-model API.')], {});
    const answer = await text(response);
    assert.ok(answer.length > 0, 'text arrived');
    const sent = chats().slice(before);
    assert.equal(sent.length, 1);
    assert.match(sent[0]?.request?.prompt_cache_key ?? '', /\S/);
  });

  it('runs a two-step tool call with a thinking model: the reasoning goes back with the call, every call answered', async () => {
    const thinking = await model('svc-k2-thinking');
    const tool: vscode.LanguageModelChatTool = { name: 'lm_it_calculator', description: 'Evaluates arithmetic', inputSchema: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] } };
    const task = vscode.LanguageModelChatMessage.User('lm-it tools: what is six times seven?');
    const first = await parts(await thinking.sendRequest([task], { tools: [tool] }));
    const call = first.find((p): p is vscode.LanguageModelToolCallPart => p instanceof vscode.LanguageModelToolCallPart);
    assert.ok(call, `a tool call came back: ${JSON.stringify(first)}`);
    assert.equal(call.name, 'lm_it_calculator');
    assert.deepEqual(call.input, { expression: '6*7' });
    assert.ok(!first.some((p) => p instanceof vscode.LanguageModelTextPart && /calculator; six/.test(p.value)), 'the reasoning is not shown as answer text');

    const before = chats().length;
    const second = await text(
      await thinking.sendRequest(
        [task, vscode.LanguageModelChatMessage.Assistant([call]), vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart(call.callId, [new vscode.LanguageModelTextPart('42')])])],
        { tools: [tool] },
      ),
    );
    assert.match(second, /The calculator says 42/);
    const sent = chats().slice(before)[0]?.request;
    const assistant = sent?.messages.find((m) => m.role === 'assistant');
    assert.equal(assistant?.reasoning_content, 'The caller offered a calculator; six times seven needs it.');
    const ids = (assistant?.tool_calls ?? []).map((c) => c.id);
    assert.deepEqual(sent?.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id), ids, 'every call answered');
  });

  it('sends an image to a vision model as image_url', async () => {
    // Stable API from VS Code 1.106; 1.105 (the oldest supported, Cursor's) carries it too, and the provider finds it.
    const dataPart = languageModelDataPartClass();
    assert.ok(dataPart, `VS Code ${vscode.version} has LanguageModelDataPart`);
    // The 1.105 types list no data part among a message's parts; the host accepts one all the same.
    const image = dataPart.image(PIXEL, 'image/png') as unknown as vscode.LanguageModelTextPart;
    const before = chats().length;
    await text(await (await model('svc-v1-8k-vision-preview')).sendRequest([vscode.LanguageModelChatMessage.User([new vscode.LanguageModelTextPart('What is this?'), image])], {}));
    const content = chats().slice(before)[0]?.request?.messages.at(-1)?.content;
    assert.ok(Array.isArray(content), 'content parts were sent');
    assert.match(JSON.stringify(content), /"type":"image_url".*data:image\/png;base64,iVBOR/);
  });

  it('counts tokens', async () => {
    const count = await (await model('svc-v1-8k')).countTokens('Counting the tokens of this sentence.');
    assert.ok(count > 3 && count < 40, `a plausible count: ${count}`);
  });

  // VS Code passes a caller's cancel on to the provider once the stream has started only from 1.127
  // (microsoft/vscode#319098); before that the reply runs to its end, as docs/compatibility.md tells users.
  const forwardsCancel = vscodeAtLeast(1, 127);
  it(forwardsCancel ? 'stops a stream when the caller cancels it' : 'lets a stream the caller cancelled run to its end, as this VS Code does', async () => {
    await setSetting('emulator.speed', 20);
    try {
      const source = new vscode.CancellationTokenSource();
      const response = await (await model('svc-v1-8k')).sendRequest([vscode.LanguageModelChatMessage.User('lm-it long')], {}, source.token);
      let received = '';
      try {
        for await (const chunk of response.text) {
          received += chunk;
          source.cancel();
        }
      } catch {
        // A cancelled stream may end with a cancellation error instead of quietly: both are a stop.
      }
      assert.ok(received.length > 0, 'text arrived before the cancel');
      assert.equal(received.includes('fifty'), !forwardsCancel, `${forwardsCancel ? 'the stream stopped before its end' : 'the stream ran to its end'}: ${received}`);
    } finally {
      await setSetting('emulator.speed', undefined);
    }
  });

  it('runs svc_quickjs through vscode.lm.invokeTool and returns its output', async () => {
    assert.ok(vscode.lm.tools.some((t) => t.name === 'svc_quickjs'), 'the tool is listed');
    const result = await vscode.lm.invokeTool('svc_quickjs', { input: { code: '6 * 7' }, toolInvocationToken: undefined });
    const out = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    assert.match(out, /42/);
    const bad = await vscode.lm.invokeTool('svc_quickjs', { input: { program: '1' }, toolInvocationToken: undefined }).then(
      (r) => r.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join(''),
      (error: unknown) => `thrown: ${String(error)}`,
    );
    assert.match(bad, /code/, `bad arguments are named: ${bad}`);
  });
});
