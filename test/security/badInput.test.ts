// Bad input gets a clear error, never a crash: every request-validation rule of validateChatRequest
// (table-driven, each row the field named and what is allowed), every upload limit (the core's checks
// before a byte leaves, and the service's limits through the client), and fuzzed host<->webview
// messages (seeded random values and malformed JSON) rejected by the protocol parsers without throwing.
import assert from 'node:assert/strict';
import { RequestValidationError, SvcApiError, SvcClient, validateChatRequest, type ChatRequest } from '../../src/api/index';
import { checkUpload, checkUploadFor, emptyReason, tooLargeReason, UploadRefusedError } from '../../src/core/files/uploadChecks';
import { HostMessageSchema, WebviewMessageSchema } from '../../src/shared/protocol';
import { parseHostMessage, parseWebviewMessage, ProtocolError } from '../../src/shared/messageParsing';
import { seededRandom, seedFromEnv, type SeededRandom } from '../faults/seededRandom';
import { startEmulatorTestBed } from '../support/emulatorTestBed';
import { perSuite } from '../support/suiteHooks';

type Req = Record<string, unknown>;
const user = (content: unknown = 'hi'): Req => ({ role: 'user', content });
const base = (extra: Req = {}, model = 'svc-v1-8k'): Req => ({ model, messages: [user()], ...extra });
const call = (id: string, name = 'f', args: unknown = '{}') => ({ id, type: 'function', function: { name, arguments: args } });
const toolDef = (name: string, parameters: unknown = { type: 'object', properties: {}, required: [] }) => ({ type: 'function', function: { name, description: 'd', parameters } });

/** [rule, request, field named, what the message must say] */
const RULES: [string, unknown, string, RegExp, { inputTokens?: number }?][] = [
  ['request must be an object', 'not an object', '(request)', /object with model and messages/],
  ['model is required', { messages: [user()] }, 'model', /required/],
  ['messages are required', { model: 'svc-v1-8k' }, 'messages', /non-empty list/],
  ['messages must not be empty', base({ messages: [] }), 'messages', /non-empty/],
  ['a message must be an object', base({ messages: ['hi'] }), 'messages[0]', /object with role and content/],
  ['role must be known', base({ messages: [{ role: 'robot', content: 'x' }] }), 'messages[0].role', /must be one of/],
  ['content is required', base({ messages: [{ role: 'user' }] }), 'messages[0].content', /required/],
  ['content must not be empty', base({ messages: [user('')] }), 'messages[0].content', /must not be empty/],
  ['content must be text or parts', base({ messages: [user(42)] }), 'messages[0].content', /string or a list of content parts/],
  ['content parts must not be empty', base({ messages: [user([])] }), 'messages[0].content', /must not be empty/],
  ['a part needs a type', base({ messages: [user([{ text: 'x' }])] }), 'messages[0].content[0].type', /must be one of text, image_url, video_url/],
  ['a part must be an object', base({ messages: [user(['x'])] }), 'messages[0].content[0]', /content part object with a type/],
  ['a part type must be known', base({ messages: [user([{ type: 'audio', text: 'x' }])] }), 'messages[0].content[0].type', /must be one of/],
  ['a text part needs text', base({ messages: [user([{ type: 'text' }])] }), 'messages[0].content[0].text', /required on text parts/],
  ['a text part must not be empty', base({ messages: [user([{ type: 'text', text: '' }])] }), 'messages[0].content[0].text', /must not be empty/],
  ['an image part needs a url', base({ messages: [user([{ type: 'image_url', image_url: {} }])] }, 'svc-k2.5'), 'messages[0].content[0].image_url.url', /required on image_url parts/],
  ['an image url must be data: or ms://', base({ messages: [user([{ type: 'image_url', image_url: { url: 'https://evil.example/x.png' } }])] }, 'svc-k2.5'), 'messages[0].content[0].image_url.url', /base64 data URI .* or an uploaded file reference/],
  ['a javascript: image url is refused', base({ messages: [user([{ type: 'image_url', image_url: { url: 'javascript:alert(1)' } }])] }, 'svc-k2.5'), 'messages[0].content[0].image_url.url', /base64 data URI/],
  ['a video url must be data: or ms://', base({ messages: [user([{ type: 'video_url', video_url: { url: 'file:///etc/passwd' } }])] }, 'svc-k2.5'), 'messages[0].content[0].video_url.url', /data:video/],
  ['images need a vision model', base({ messages: [user([{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }])] }), 'messages[0].content[0]', /needs a vision model/],
  ['name must be a string', base({ messages: [{ role: 'user', content: 'x', name: 5 }] }), 'messages[0].name', /must be a string/],
  ['only assistants carry tool calls', base({ messages: [{ role: 'user', content: 'x', tool_calls: [call('a')] }] }), 'messages[0].tool_calls', /only assistant messages/],
  ['tool messages need tool_call_id', base({ messages: [user(), { role: 'tool', content: 'r' }] }), 'messages[1].tool_call_id', /required on tool messages/],
  ['reasoning_content must be a string', base({ messages: [user(), { role: 'assistant', content: 'a', reasoning_content: 7 }, user()] }), 'messages[1].reasoning_content', /must be a string/],
  ['tool_calls must be a list', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: 'x' }] }), 'messages[1].tool_calls', /list of tool calls/],
  ['a tool call must be an object', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: ['x'] }] }), 'messages[1].tool_calls[0]', /tool call object/],
  ['a tool call needs an id', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: [call('')] }] }), 'messages[1].tool_calls[0].id', /non-empty string/],
  ['tool call ids are unique', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: [call('a'), call('a')] }, { role: 'tool', tool_call_id: 'a', content: 'r' }] }), 'messages[1].tool_calls[1].id', /must be unique/],
  ['a tool call type is function', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: [{ ...call('a'), type: 'code' }] }, { role: 'tool', tool_call_id: 'a', content: 'r' }] }), 'messages[1].tool_calls[0].type', /must be "function"/],
  ['a tool call needs a function', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: [{ id: 'a', type: 'function' }] }, { role: 'tool', tool_call_id: 'a', content: 'r' }] }), 'messages[1].tool_calls[0].function', /name and arguments/],
  ['a tool call needs a name', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: [call('a', '')] }, { role: 'tool', tool_call_id: 'a', content: 'r' }] }), 'messages[1].tool_calls[0].function.name', /non-empty string/],
  ['arguments are a string', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: [call('a', 'f', {})] }, { role: 'tool', tool_call_id: 'a', content: 'r' }] }), 'messages[1].tool_calls[0].function.arguments', /encoded as a string/],
  ['every call is answered', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: [call('a')] }, user()] }), 'messages[1].tool_calls[0].id', /has no tool message answering it/],
  ['a tool message answers a call', base({ messages: [user(), { role: 'tool', tool_call_id: 'a', content: 'r' }] }), 'messages[1].tool_call_id', /answers no tool call/],
  ['a call is answered once', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: [call('a')] }, { role: 'tool', tool_call_id: 'a', content: 'r' }, { role: 'tool', tool_call_id: 'a', content: 'r' }] }), 'messages[3].tool_call_id', /a second time/],
  ['a tool message matches a call id', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: [call('a')] }, { role: 'tool', tool_call_id: 'a', content: 'r' }, { role: 'tool', tool_call_id: 'zz', content: 'r' }] }), 'messages[3].tool_call_id', /matches no tool call/],
  ['thinking models need reasoning on tool calls', base({ messages: [user(), { role: 'assistant', content: '', tool_calls: [call('a')] }, { role: 'tool', tool_call_id: 'a', content: 'r' }] }, 'svc-k2-thinking'), 'messages[1].reasoning_content', /required on assistant messages with tool_calls/],
  ['tools must be a list', base({ tools: {} }), 'tools', /list of tool definitions/],
  ['a tool must be an object', base({ tools: ['x'] }), 'tools[0]', /tool definition object/],
  ['a tool type is function', base({ tools: [{ ...toolDef('f'), type: 'x' }] }), 'tools[0].type', /must be "function"/],
  ['a tool needs a function', base({ tools: [{ type: 'function' }] }), 'tools[0].function', /name, description and parameters/],
  ['a tool needs a name', base({ tools: [toolDef('')] }), 'tools[0].function.name', /non-empty string/],
  ['tool names are unique', base({ tools: [toolDef('f'), toolDef('f')] }), 'tools[1].function.name', /must be unique/],
  ['a tool description is a string', base({ tools: [{ type: 'function', function: { name: 'f', description: 1, parameters: { type: 'object', properties: {} } } }] }), 'tools[0].function.description', /must be a string/],
  ['tool parameters are an object schema', base({ tools: [toolDef('f', { type: 'string' })] }), 'tools[0].function.parameters', /schema object/],
  ['temperature is 0 to 1', base({ temperature: 1.5 }), 'temperature', /from 0 to 1/],
  ['top_p is 0 to 1', base({ top_p: -0.1 }), 'top_p', /from 0 to 1/],
  ['presence_penalty is -2 to 2', base({ presence_penalty: 3 }), 'presence_penalty', /from -2 to 2/],
  ['frequency_penalty is -2 to 2', base({ frequency_penalty: -2.5 }), 'frequency_penalty', /from -2 to 2/],
  ['not both temperature and top_p', base({ temperature: 0.5, top_p: 0.5 }), 'top_p', /not both/],
  ['n is 1 to 5', base({ n: 6 }), 'n', /from 1 to 5/],
  ['n is 1 near temperature 0', base({ n: 2, temperature: 0 }), 'n', /must be 1 when temperature is near 0/],
  ['svc-k2.5 parameters are fixed', base({ temperature: 0.3 }, 'svc-k2.5'), 'temperature', /cannot be changed for svc-k2.5/],
  ['stop is a string or list', base({ stop: 5 }), 'stop', /string or a list of strings/],
  ['at most 5 stop strings', base({ stop: ['a', 'b', 'c', 'd', 'e', 'f'] }), 'stop', /at most 5/],
  ['stop strings are strings', base({ stop: ['a', 5] }), 'stop[1]', /must be a string/],
  ['stop strings are at most 32 bytes', base({ stop: ['é'.repeat(17)] }), 'stop[0]', /at most 32 bytes/],
  ['thinking has a known type', base({ thinking: { type: 'maybe' } }, 'svc-k2.5'), 'thinking', /enabled.*disabled/],
  ['thinking only for svc-k2.5', base({ thinking: { type: 'enabled' } }), 'thinking', /only svc-k2\.5 accepts thinking/],
  ['max_completion_tokens is at least 1', base({ max_completion_tokens: 0 }), 'max_completion_tokens', /at least 1/],
  ['max_tokens and max_completion_tokens agree', base({ max_tokens: 10, max_completion_tokens: 20 }), 'max_tokens', /disagree/],
  ['inputTokens must be a count', base(), '(options).inputTokens', /whole number of tokens/, { inputTokens: -1 }],
  ['input must fit the model', base(), 'messages', /input token length too long/, { inputTokens: 9000 }],
  ['input plus output must fit', base({ max_completion_tokens: 4000 }), 'max_completion_tokens', /exceeds svc-v1-8k's total length/, { inputTokens: 5000 }],
  ['response_format type is known', base({ response_format: { type: 'xml' } }), 'response_format.type', /"text" or "json_object"/],
  ['JSON mode needs a JSON request', base({ response_format: { type: 'json_object' } }), 'response_format', /asks for JSON/],
  ['stream is a boolean', base({ stream: 'yes' }), 'stream', /true or false/],
  ['stream_options is an object', base({ stream: true, stream_options: 1 }), 'stream_options', /must be an object/],
  ['include_usage is a boolean', base({ stream: true, stream_options: { include_usage: 'y' } }), 'stream_options.include_usage', /true or false/],
  ['safety_identifier is a string', base({ safety_identifier: 5 }), 'safety_identifier', /must be a string/],
  ['prompt_cache_key is a string', base({ prompt_cache_key: {} }), 'prompt_cache_key', /must be a string/],
];

describe('security: bad input gets a clear error', () => {
  describe(`validateChatRequest: ${RULES.length} rules`, () => {
    for (const [rule, request, field, message, options] of RULES) {
      it(rule, () => {
        let caught: unknown;
        try {
          validateChatRequest(request, options);
        } catch (error) {
          caught = error;
        }
        assert.ok(caught instanceof RequestValidationError, `refused with a RequestValidationError (got ${String(caught)})`);
        const issue = caught.issues.find((i) => i.field === field);
        assert.ok(issue, `an issue names ${field}; got ${caught.message}`);
        assert.match(issue.message, message);
        assert.ok(caught.message.includes(`${field}: `), 'the error message names the field');
      });
    }

    it('refuses a bad request in the client before anything is sent', async () => {
      let sent = 0;
      const client = new SvcClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', fetch: async () => { sent++; throw new Error('must not be called'); } });
      // Typed callers cannot build these; the client refuses them at run time all the same (a request may be built from model output).
      await assert.rejects(client.chat(base({ temperature: 9 }) as ChatRequest), RequestValidationError);
      await assert.rejects(async () => { for await (const _ of client.chatStream(base({ n: 0 }) as ChatRequest)) void _; }, RequestValidationError);
      assert.equal(sent, 0);
    });
  });

  describe('upload limits', () => {
    const text = new TextEncoder().encode('hello\n');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]);
    const CASES: [string, () => Promise<unknown>, RegExp][] = [
      ['an empty file', () => checkUpload({ name: 'empty.txt', size: 0, head: new Uint8Array() }), new RegExp(emptyReason().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
      ['a file over 100 MB', () => checkUpload({ name: 'huge.log', size: 100 * 1024 * 1024 + 1, head: text }), /max file size is 100MB/],
      ['a file over a smaller limit', () => checkUpload({ name: 'big.txt', size: 2001, head: text }, 2000), new RegExp(tooLargeReason().slice(0, 20))],
      ['an unknown binary', () => checkUpload({ name: 'tool.bin', size: elf.length, head: elf }), /binary file.*not sent/],
      ['a document as an image', () => checkUploadFor({ name: 'notes.txt', size: text.length, head: text }, 'image'), /not an image/],
      ['an image as a video', () => checkUploadFor({ name: 'pixel.png', size: png.length, head: png }, 'video'), /not a video/],
    ];
    for (const [label, run, reason] of CASES) {
      it(`refuses ${label}, naming the file and the reason`, async () => {
        await assert.rejects(run, (error: unknown) => {
          assert.ok(error instanceof UploadRefusedError);
          assert.match(error.message, reason);
          assert.ok(error.message.startsWith(`${error.fileName}: `));
          return true;
        });
      });
    }

    describe('the service limits, through the client', () => {
      const bed = perSuite(() => startEmulatorTestBed({ fileLimits: { maxFileBytes: 1000, maxFiles: 2, maxTotalBytes: 1500 } }));
      const upload = (bytes: number, name: string) => bed.client.files.upload({ data: new TextEncoder().encode('x'.repeat(bytes)), filename: name, purpose: 'file-extract' });

      it('a file over the size limit, too many files and too many bytes each get their clear error', async () => {
        await assert.rejects(upload(1001, 'big.txt'), (e: unknown) => e instanceof SvcApiError && e.status === 400 && /too large/i.test(e.message));
        await assert.rejects(upload(0, 'empty.txt'), (e: unknown) => e instanceof SvcApiError && /empty/i.test(e.message));
        await upload(800, 'a.txt');
        await assert.rejects(upload(800, 'b.txt'), (e: unknown) => e instanceof SvcApiError && /total size/i.test(e.message));
        await upload(100, 'c.txt');
        await assert.rejects(upload(10, 'd.txt'), (e: unknown) => e instanceof SvcApiError && /max file count 2/i.test(e.message));
      });
    });
  });

  describe('fuzzed host<->webview messages', () => {
    const random = seededRandom(seedFromEnv('FUZZ_SEED', 8080));

    function randomValue(r: SeededRandom, depth = 0): unknown {
      const kinds = depth > 3 ? 6 : 9;
      switch (r.int(0, kinds - 1)) {
        case 0: return null;
        case 1: return r.chance(0.5);
        case 2: return r.pick([0, -1, 1.5, Number.MAX_SAFE_INTEGER, 1e308, -0, 5, 6]);
        case 3: return r.pick(['', 'x', '<script>alert(1)</script>', '\u0000', '\ud800', 'c1', 'a'.repeat(10_000), 'javascript:alert(1)']);
        case 4: return undefined;
        case 5: return r.pick(['init', 'send', 'contentDelta', 'replyFailed', 'openLink', 'runAction', '__proto__', 'constructor']);
        case 6: return Array.from({ length: r.int(0, 4) }, () => randomValue(r, depth + 1));
        default: {
          const object: Record<string, unknown> = {};
          for (let i = r.int(0, 6); i > 0; i--) {
            const key = r.pick(['type', 'conversationId', 'messageId', 'text', 'choiceIndex', 'error', 'href', 'action', 'requestId', 'options', 'settings', '__proto__', 'constructor', 'toString']);
            object[key] = randomValue(r, depth + 1);
          }
          return object;
        }
      }
    }

    /** A valid message with one field replaced by a random value: the near misses a parser must catch. */
    function mutated(r: SeededRandom, valid: Record<string, unknown>): unknown {
      const copy: Record<string, unknown> = { ...valid };
      const keys = Object.keys(copy);
      const key = r.pick(keys);
      if (r.chance(0.2)) delete copy[key];
      else copy[key] = randomValue(r);
      return copy;
    }

    const VALID_WEBVIEW: Record<string, unknown>[] = [
      { type: 'send', conversationId: 'c1', text: 'hi', options: { model: 'svc-k2.5', thinking: true, jsonMode: false, choiceCount: 1 } },
      { type: 'openLink', href: 'https://example.invalid' },
      { type: 'runAction', action: 'setKey' },
      { type: 'renameConversation', conversationId: 'c1', title: 'x' },
      { type: 'estimateTokens', requestId: 'r', conversationId: null, draft: '', model: 'm' },
    ];
    const VALID_HOST: Record<string, unknown>[] = [
      { type: 'contentDelta', conversationId: 'c', messageId: 'm', choiceIndex: 0, text: 'x' },
      { type: 'replyFailed', conversationId: 'c', messageId: 'm', status: 'failed', error: { kind: 'server', message: 'x', action: 'retry' } },
      { type: 'notice', level: 'info', message: 'x' },
      { type: 'replyStarted', conversationId: 'c', messageId: 'm', model: 'x', choiceCount: 1 },
    ];

    it(`rejects seeded random and mutated messages in both directions without throwing (seed ${random.seed})`, () => {
      let rejected = 0;
      let accepted = 0;
      for (let i = 0; i < 3000; i++) {
        const toHost = i % 2 === 0 ? randomValue(random) : mutated(random, random.pick(VALID_WEBVIEW));
        const toWebview = i % 2 === 0 ? randomValue(random) : mutated(random, random.pick(VALID_HOST));
        for (const [parse, schema, value] of [
          [parseWebviewMessage, WebviewMessageSchema, toHost],
          [parseHostMessage, HostMessageSchema, toWebview],
        ] as const) {
          const result = (parse as (d: unknown) => ReturnType<typeof parseHostMessage>)(value);
          if (result.ok) {
            accepted++;
            assert.ok((schema as typeof HostMessageSchema).safeParse(result.message).success, 'what is accepted matches the schema');
          } else {
            rejected++;
            assert.ok(result.error instanceof ProtocolError);
            assert.ok(result.error.issues.length > 0 && result.error.issues.every((s) => /: /.test(s)), 'each issue names the field');
          }
        }
      }
      console.log(`      ${rejected} fuzzed messages rejected, ${accepted} valid by chance accepted`);
      assert.ok(rejected > 5000);
    });

    it('rejects malformed JSON text and JSON values of every shape', () => {
      const texts = ['', '{', '{"type":', 'null', '[]', '"send"', '{"type":"send"}', '{"type":"send","text":""}', '{"__proto__":{"type":"ready"}}', '{"type":"ready","type":"x"}', 'NaN', '1e999', '{"type":"openLink","href":""}'];
      for (const text of texts) {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          value = text;
        }
        for (const parse of [parseWebviewMessage, parseHostMessage]) {
          const result = parse(value);
          assert.equal(result.ok, false, `${JSON.stringify(text)} is rejected`);
        }
      }
      const cyclic: Record<string, unknown> = { type: 'send' };
      cyclic.self = cyclic;
      assert.equal(parseWebviewMessage(cyclic).ok, false);
      assert.equal(parseWebviewMessage(Object.create(null)).ok, false);
    });
  });
});
