// The chat in a real extension host, on the local emulator the extension starts itself: streamed
// replies with reasoning, stop, model switch, the key in SecretStorage, and conversations on disk.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SvcTestApi } from '../../src/extension/extension';
import { lastReply, openChatHost, setSetting, svcExtension } from './extensionUnderTest';



async function until(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}


describe('svc chat (integration, local emulator)', function () {
  this.timeout(60_000);
  let api: SvcTestApi;

  before(async () => {
    const extension = svcExtension();
    api = await openChatHost(extension);
  });

  afterEach(async () => {
    api.stop();
    await api.whenIdle();
    for (const key of ['model', 'thinking', 'emulator.speed', 'temperature', 'alternatives', 'baseUrl']) await setSetting(key, undefined);
  });

  it('starts the emulator itself when no key is set, and says so', async () => {
    await vscode.commands.executeCommand('svc.focusChat');
    await vscode.commands.executeCommand('svc.newChat');
    const conversationId = await api.sendMessage('Hello there', { model: 'svc-v1-8k', thinking: false });
    const connection = await api.connection();
    assert.equal(connection.mode, 'emulator');
    assert.match(connection.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    assert.match(connection.detail ?? '', /no API key is set.*svc: Set API Key/);
    assert.equal(await api.hasStoredApiKey(), false);
    assert.equal(lastReply(api.getConversation(conversationId)).status, 'complete');
  });

  it('streams an answer with its reasoning on a thinking model, with usage', async () => {
    await vscode.commands.executeCommand('svc.newChat');
    const id = await api.sendMessage('Hello, who are you?', { model: 'svc-k2-thinking' });
    const conversation = api.getConversation(id);
    const reply = lastReply(conversation);
    assert.equal(reply.status, 'complete');
    assert.equal(reply.model, 'svc-k2-thinking');
    const alt = reply.alternatives[0];
    assert.ok(alt && alt.reasoning.length > 0, 'the reply carries reasoning');
    assert.ok(alt.content.length > 0, 'the reply carries an answer');
    assert.equal(alt.finishReason, 'stop');
    assert.ok(reply.usage && reply.usage.promptTokens > 0 && reply.usage.completionTokens > 0);
    assert.ok((reply.reasoningTokens ?? 0) > 0);
    assert.deepEqual(conversation?.usageTotals, reply.usage);
  });

  it('stops at once and keeps the partial answer, marked stopped', async () => {
    await setSetting('emulator.speed', 20);
    await vscode.commands.executeCommand('svc.newChat');
    const sending = api.sendMessage('Please describe in detail what you can do for me today', { model: 'svc-k2-thinking' });
    await until('the answer to start streaming', () => {
      const id = api.activeConversationId();
      const entry = id ? api.getConversation(id)?.entries.at(-1) : undefined;
      return entry?.role === 'assistant' && (entry.alternatives[0]?.content.length ?? 0) > 0;
    }, 30_000);
    await vscode.commands.executeCommand('svc.stop');
    const id = await sending;
    const reply = lastReply(api.getConversation(id));
    assert.equal(reply.status, 'stopped');
    const alt = reply.alternatives[0];
    assert.ok(alt && alt.content.length > 0 && alt.reasoning.length > 0, 'what arrived is kept');
    assert.ok(!alt.content.includes('(Your message has'), 'the rest of the answer never arrived');
  });

  it('switches models through the setting the model picker writes', async () => {
    await vscode.commands.executeCommand('svc.newChat');
    await setSetting('model', 'svc-k2-turbo-preview');
    const id = await api.sendMessage('Hello');
    const first = lastReply(api.getConversation(id));
    assert.equal(first.model, 'svc-k2-turbo-preview');
    assert.equal(first.alternatives[0]?.reasoning, '', 'a non-thinking model sends no reasoning');
    await setSetting('model', 'svc-k2-thinking');
    await api.sendMessage('Hello again');
    const second = lastReply(api.getConversation(id));
    assert.equal(second.model, 'svc-k2-thinking');
    assert.ok((second.alternatives[0]?.reasoning.length ?? 0) > 0);
  });

  it('stores the key in SecretStorage only, never in settings or conversations, and switches back', async () => {
    const key = 'sk-integration-test-key-0123456789';
    // Whatever the key triggers (the balance refresh) stays on this machine: port 9 (discard) refuses.
    await setSetting('baseUrl', 'http://127.0.0.1:9/v1');
    await vscode.commands.executeCommand('svc.setApiKey', key);
    try {
      assert.equal(await api.hasStoredApiKey(), true);
      const connection = await api.connection();
      assert.equal(connection.mode, 'apiKey');
      assert.equal(connection.baseUrl, 'http://127.0.0.1:9/v1');
      assert.equal(JSON.stringify(connection).includes(key), false);
      const config = vscode.workspace.getConfiguration('svc');
      const everySetting = Object.keys(config).map((k) => JSON.stringify(config.inspect(k) ?? null));
      assert.equal(everySetting.join('\n').includes(key), false, 'no svc setting holds the key');
      assert.equal(JSON.stringify(await api.loadSavedConversations()).includes(key), false);
    } finally {
      await vscode.commands.executeCommand('svc.clearApiKey');
      await vscode.commands.executeCommand('svc.useLocalEmulator');
    }
    assert.equal(await api.hasStoredApiKey(), false);
    assert.equal((await api.connection()).mode, 'emulator');
  });

  it('brings conversations back from disk, as after a reload', async () => {
    await vscode.commands.executeCommand('svc.newChat');
    const id = await api.sendMessage('Reply with exactly "saved"', { model: 'svc-v1-8k', thinking: false });
    const live = api.getConversation(id);
    assert.equal(lastReply(live).alternatives[0]?.content, 'saved');
    const saved = await api.loadSavedConversations();
    const back = saved.find((c) => c.id === id);
    assert.ok(back, 'the conversation is on disk');
    assert.deepEqual(back.entries, live?.entries);
    assert.equal(back.title, live?.title);
    assert.ok(api.getConversations().some((c) => c.id === id));
  });

  it('shows a refused setting in the conversation with the field at fault, without sending', async () => {
    await vscode.commands.executeCommand('svc.newChat');
    await setSetting('temperature', 1.5);
    const id = await api.sendMessage('Hello', { model: 'svc-v1-8k' });
    const reply = lastReply(api.getConversation(id));
    assert.equal(reply.status, 'failed');
    assert.equal(reply.error?.action, 'fixRequest');
    assert.equal(reply.error?.field, 'temperature');
    assert.match(reply.error?.message ?? '', /temperature/);
    assert.equal(reply.usage, undefined, 'nothing was sent, nothing was billed');
  });

  it('a wrong key gets the 401 in the conversation with the action that fixes it', async () => {
    await vscode.commands.executeCommand('svc.newChat');
    await api.sendMessage('Hello', { model: 'svc-v1-8k' });
    const emulator = await api.connection();
    assert.equal(emulator.mode, 'emulator');
    // The emulator is the service here; it knows only its own key.
    await setSetting('baseUrl', emulator.baseUrl);
    await vscode.commands.executeCommand('svc.setApiKey', 'sk-wrong-key-for-the-emulator');
    try {
      await vscode.commands.executeCommand('svc.newChat');
      const id = await api.sendMessage('Hello', { model: 'svc-v1-8k' });
      const reply = lastReply(api.getConversation(id));
      assert.equal(reply.status, 'failed');
      assert.equal(reply.error?.status, 401);
      assert.equal(reply.error?.kind, 'authentication');
      assert.equal(reply.error?.action, 'setKey');
    } finally {
      await vscode.commands.executeCommand('svc.clearApiKey');
    }
    assert.equal((await api.connection()).mode, 'emulator');
  });

  it('generates n alternatives when svc.alternatives is above 1', async () => {
    await vscode.commands.executeCommand('svc.newChat');
    await setSetting('alternatives', 2);
    await setSetting('temperature', 0.7);
    const id = await api.sendMessage('Hello', { model: 'svc-v1-8k', choiceCount: 2 });
    const reply = lastReply(api.getConversation(id));
    assert.equal(reply.status, 'complete');
    assert.equal(reply.alternatives.length, 2);
    assert.ok(reply.alternatives.every((a) => a.content.length > 0 && a.finishReason === 'stop'));
  });
});
