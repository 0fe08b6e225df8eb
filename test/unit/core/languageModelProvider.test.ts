import assert from 'node:assert/strict';
import { RequestValidationError, type ChatRequest, type TokenEstimateRequest } from '../../../src/api/index';
import { LanguageModelChat, ModelOptionError, RequiredToolCallError, takeModelOptions } from '../../../src/core/languageModels/languageModelChat';
import { ProviderMessageError, toChatMessages, toolCallPart, type ProviderMessage, type ProviderResponsePart } from '../../../src/core/languageModels/providerMessages';
import { ReasoningStore } from '../../../src/core/languageModels/reasoningStore';
import { MemoryStorage } from './support/memoryStorage';
import { delta, ScriptedChatClient, type ScriptStep } from './support/scriptedChatClient';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const none = () => undefined;

describe('language-model provider: VS Code messages to chat messages', () => {
  it('maps text, images, text data, tool calls and tool results, each where the service wants it', () => {
    const messages: ProviderMessage[] = [
      { role: 'system', parts: [{ kind: 'text', text: 'Be brief.' }] },
      { role: 'user', parts: [{ kind: 'text', text: 'What is in ' }, { kind: 'data', mimeType: 'image/png', data: png }, { kind: 'data', mimeType: 'application/json', data: new TextEncoder().encode('{"a":1}') }] },
      { role: 'assistant', parts: [{ kind: 'text', text: 'Let me run it.' }, { kind: 'toolCall', callId: 'call-1', name: 'svc_quickjs', input: { code: '1+1' } }] },
      { role: 'user', parts: [{ kind: 'toolResult', callId: 'call-1', parts: [{ kind: 'text', text: '2' }, { kind: 'data', mimeType: 'image/png', data: png }] }, { kind: 'text', text: 'Thanks' }] },
    ];
    const { messages: out, withoutReasoning } = toChatMessages(messages, (ids) => (ids[0] === 'call-1' ? 'I should compute.' : undefined));
    assert.equal(withoutReasoning, 0);
    assert.deepEqual(out, [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in ' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw==' } },
          { type: 'text', text: '{"a":1}' },
        ],
      },
      {
        role: 'assistant',
        content: 'Let me run it.',
        tool_calls: [{ id: 'call-1', type: 'function', function: { name: 'svc_quickjs', arguments: '{"code":"1+1"}' } }],
        reasoning_content: 'I should compute.',
      },
      { role: 'tool', tool_call_id: 'call-1', content: '2[image image/png, 4 bytes, not shown to the model]' },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it('counts tool-call messages whose reasoning is unknown, and names data it cannot send', () => {
    const { withoutReasoning } = toChatMessages([{ role: 'assistant', parts: [{ kind: 'toolCall', callId: 'x', name: 'f', input: {} }] }], none);
    assert.equal(withoutReasoning, 1);
    assert.throws(
      () => toChatMessages([{ role: 'user', parts: [{ kind: 'data', mimeType: 'application/zip', data: png }] }], none),
      (error: unknown) => error instanceof ProviderMessageError && error.field === 'messages[0].content[0]' && /application\/zip/.test(error.message),
    );
  });

  it('turns a streamed tool call back into a call with its input as an object, or names what is wrong', () => {
    assert.deepEqual(toolCallPart({ id: 'c', type: 'function', function: { name: 'f', arguments: '{"x":1}' } }, 0), { kind: 'toolCall', callId: 'c', name: 'f', input: { x: 1 } });
    assert.deepEqual(toolCallPart({ id: 'c', type: 'function', function: { name: 'f', arguments: '' } }, 0), { kind: 'toolCall', callId: 'c', name: 'f', input: {} });
    assert.throws(() => toolCallPart({ id: 'c', type: 'function', function: { name: 'f', arguments: '{oops' } }, 2), /tool_calls\[2\]\.function\.arguments: the model sent arguments that are not JSON/);
    assert.throws(() => toolCallPart({ id: 'c', type: 'function', function: { name: 'f', arguments: '[1]' } }, 0), /not a JSON object/);
  });
});

describe('language-model provider: the reasoning store', () => {
  it('gives back the reasoning of a reply by all of its call ids, and nothing for a partial or unknown set', async () => {
    const store = await ReasoningStore.open(new MemoryStorage());
    await store.remember(['a', 'b'], 'think');
    assert.equal(store.recall(['a', 'b']), 'think');
    assert.equal(store.recall(['a', 'z']), undefined);
    assert.equal(store.recall(['z']), undefined);
  });

  it('drops the least recently used entries beyond its count and size limits', async () => {
    const store = await ReasoningStore.open(new MemoryStorage(), { maxEntries: 2, maxChars: 10 });
    await store.remember(['1'], 'aaa');
    await store.remember(['2'], 'bbb');
    store.recall(['1']);
    await store.remember(['3'], 'ccc');
    assert.equal(store.recall(['2']), undefined, 'the least recently used entry went');
    assert.equal(store.recall(['1']), 'aaa');
    await store.remember(['4'], 'dddddddd');
    assert.equal(store.size, 1, 'the size limit drops older entries too');
    assert.equal(store.recall(['4']), 'dddddddd');
  });

  it('comes back after a reload, and starts empty from an unreadable save', async () => {
    const storage = new MemoryStorage();
    const first = await ReasoningStore.open(storage);
    await first.remember(['k'], 'kept');
    assert.equal((await ReasoningStore.open(storage)).recall(['k']), 'kept');
    await storage.write('languageModels/reasoning', { version: 9, entries: 'nope' });
    assert.equal((await ReasoningStore.open(storage)).size, 0);
  });
});

class Client extends ScriptedChatClient {
  readonly estimates: TokenEstimateRequest[] = [];
  async estimateTokens(request: TokenEstimateRequest): Promise<number> {
    this.estimates.push(request);
    return 7;
  }
}

async function chatWith(scripts: ScriptStep[][]) {
  const client = new Client(scripts);
  const reasoning = await ReasoningStore.open(new MemoryStorage());
  const logged: string[] = [];
  const chat = new LanguageModelChat({ client: async () => client, reasoning, identity: { promptCacheKey: async () => 'ws-key', safetyIdentifier: () => undefined }, log: { info: (m) => void logged.push(m) } });
  return { chat, client, reasoning, logged };
}

const callOf = (id: string): ProviderMessage[] => [
  { role: 'user', parts: [{ kind: 'text', text: 'compute' }] },
  { role: 'assistant', parts: [{ kind: 'toolCall', callId: id, name: 'svc_quickjs', input: { code: '1' } }] },
  { role: 'user', parts: [{ kind: 'toolResult', callId: id, parts: [{ kind: 'text', text: '1' }] }] },
];

describe('language-model provider: requests and streams', () => {
  it('streams text, then the complete tool calls, and keeps their reasoning for the return', async () => {
    const { chat, client, reasoning } = await chatWith([
      [
        delta({ role: 'assistant', reasoning_content: 'Use the tool.' }),
        delta({ content: 'Calling.' }),
        delta({ tool_calls: [{ index: 0, id: 'call-9', type: 'function', function: { name: 'svc_quickjs', arguments: '{"code":' } }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: '"2+2"}' } }] }, 0, 'tool_calls'),
      ],
    ]);
    const parts: ProviderResponsePart[] = [];
    await chat.respond({ model: 'svc-k2-thinking', messages: [{ role: 'user', parts: [{ kind: 'text', text: 'add' }] }], tools: [{ name: 'svc_quickjs', description: 'js' }], toolMode: 'auto' }, (p) => void parts.push(p), new AbortController().signal);
    assert.deepEqual(parts, [
      { kind: 'text', text: 'Calling.' },
      { kind: 'toolCall', callId: 'call-9', name: 'svc_quickjs', input: { code: '2+2' } },
    ]);
    assert.equal(reasoning.recall(['call-9']), 'Use the tool.');
    const request = client.requests[0] as ChatRequest;
    assert.equal(request.prompt_cache_key, 'ws-key');
    assert.deepEqual(request.tools, [{ type: 'function', function: { name: 'svc_quickjs', description: 'js', parameters: { type: 'object', properties: {} } } }]);
    assert.equal(request.max_completion_tokens, 16_000, 'a thinking model gets room to think');
  });

  it('sends a known reasoning back, and when it is gone turns thinking off (switchable) or sends it empty (always thinking)', async () => {
    const { chat, reasoning, logged } = await chatWith([]);
    await reasoning.remember(['known'], 'kept reasoning');
    const known = await chat.buildRequest({ model: 'svc-k2-thinking', messages: callOf('known'), toolMode: 'auto' });
    assert.equal((known.messages[1] as { reasoning_content?: string }).reasoning_content, 'kept reasoning');

    const switchable = await chat.buildRequest({ model: 'svc-k2.5', messages: callOf('lost'), toolMode: 'auto' });
    assert.deepEqual(switchable.thinking, { type: 'disabled' });
    assert.equal((switchable.messages[1] as { reasoning_content?: string }).reasoning_content, undefined);

    const always = await chat.buildRequest({ model: 'svc-k2-thinking', messages: callOf('lost'), toolMode: 'auto' });
    assert.equal((always.messages[1] as { reasoning_content?: string }).reasoning_content, '');
    assert.equal(logged.length, 2);
  });

  it('passes the model options the service knows, and names one it does not or a wrong value', async () => {
    assert.deepEqual(takeModelOptions({ temperature: 0.3, max_tokens: 200, stop: ['x'], thinking: false }), {
      extra: { temperature: 0.3, stop: ['x'] },
      maxCompletionTokens: 200,
      thinking: false,
    });
    assert.throws(() => takeModelOptions({ seed: 1 }), (e: unknown) => e instanceof ModelOptionError && e.option === 'seed' && /allowed: temperature/.test(e.message));
    assert.throws(() => takeModelOptions({ temperature: 'hot' }), /modelOptions.temperature: must be a number/);
    const { chat } = await chatWith([]);
    await assert.rejects(chat.buildRequest({ model: 'svc-v1-8k', messages: callOf('x'), modelOptions: { temperature: 3 }, toolMode: 'auto' }), RequestValidationError);
  });

  it("ignores VS Code's own options (a leading underscore), as its chat sends them on every request", async () => {
    const vsCodeChat = { _capturingTokenCorrelationId: 'c0ffee', _otelTraceContext: null, _telemetryTurn: 3, _conversationId: 'conv-1' };
    assert.deepEqual(takeModelOptions({ ...vsCodeChat, temperature: 0.2 }), { extra: { temperature: 0.2 }, maxCompletionTokens: undefined, thinking: undefined });
    const { chat } = await chatWith([]);
    const built = await chat.buildRequest({ model: 'svc-v1-8k', messages: callOf('x'), modelOptions: vsCodeChat, toolMode: 'auto' });
    assert.equal(JSON.stringify(built).includes('c0ffee'), false, 'nothing of VS Code’s options reaches the service');
    assert.throws(() => takeModelOptions({ ...vsCodeChat, capturingTokenCorrelationId: 'x' }), (e: unknown) => e instanceof ModelOptionError && e.option === 'capturingTokenCorrelationId' && /VS Code's own/.test(e.message));
  });

  it("maps VS Code's _enableThinking onto thinking where the model can switch it, an explicit thinking winning", async () => {
    assert.equal(takeModelOptions({ _enableThinking: false }).thinking, false);
    assert.equal(takeModelOptions({ _enableThinking: false, thinking: { type: 'enabled' } }).thinking, true);
    assert.equal(takeModelOptions({ _enableThinking: 'yes' }).thinking, undefined);
    const { chat } = await chatWith([]);
    const user = [{ role: 'user' as const, parts: [{ kind: 'text' as const, text: 'hi' }] }];
    const off = await chat.buildRequest({ model: 'svc-k2.5', messages: user, modelOptions: { _enableThinking: false }, toolMode: 'auto' });
    assert.deepEqual(off.thinking, { type: 'disabled' });
    const on = await chat.buildRequest({ model: 'svc-k2.5', messages: user, modelOptions: { _enableThinking: true }, toolMode: 'auto' });
    assert.deepEqual(on.thinking, { type: 'enabled' });
    const always = await chat.buildRequest({ model: 'svc-k2-thinking', messages: user, modelOptions: { _enableThinking: false }, toolMode: 'auto' });
    assert.equal(always.thinking, undefined, 'a model that always thinks takes no switch');
  });

  it('fails a required tool call that did not come, and counts tokens once per text', async () => {
    const { chat, client } = await chatWith([[delta({ role: 'assistant', content: 'no tool' }, 0, 'stop')]]);
    await assert.rejects(chat.respond({ model: 'svc-v1-8k', messages: [{ role: 'user', parts: [{ kind: 'text', text: 'hi' }] }], toolMode: 'required' }, () => undefined, new AbortController().signal), RequiredToolCallError);
    assert.equal(await chat.countTokens('svc-v1-8k', 'hello'), 7);
    assert.equal(await chat.countTokens('svc-v1-8k', 'hello'), 7);
    assert.equal(client.estimates.length, 1);
  });
});
