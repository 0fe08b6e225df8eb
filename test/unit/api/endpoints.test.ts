// Every endpoint against the local test server: method, path, headers and body sent; the answer parsed
// and validated (unknown fields kept; a malformed answer names its bad field).
import assert from 'node:assert/strict';
import {
  InvalidResponseError,
  RequestValidationError,
  ServerError,
  SvcClient,
  type FileObject,
  ENCRYPTED_BEGIN,
  ENCRYPTED_END,
  InvalidRequestError,
} from '../../../src/api';
import { perSuite } from '../../support/suiteHooks';
import { apiError, json, sse, sseBody, chunk, TestServer, type RecordedRequest } from './testServer';
import { testClient } from './testClient';

const fileObject: FileObject = {
  id: 'file-1',
  object: 'file',
  bytes: 5,
  created_at: 1700000000,
  filename: 'notes.txt',
  purpose: 'file-extract',
  status: 'ok',
  status_details: '',
};

const completion = {
  id: 'chatcmpl-9',
  object: 'chat.completion',
  created: 1700000000,
  model: 'svc-k2-thinking',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hi', reasoning_content: 'greet' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5, prompt_tokens_details: { cached_tokens: 1 } },
  system_fingerprint: 'fp-x',
};

function bodyOf(request: RecordedRequest | undefined): Record<string, unknown> {
  assert.ok(request, 'no request was recorded');
  return JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
}

describe('api client: endpoints', () => {
  const server = perSuite(() => TestServer.start());
  let client: SvcClient;
  beforeEach(() => {
    server.reset();
    client = testClient(server, { maxRetries: 0, userAgent: 'svc-test/1' }).client;
  });

  it('chat: POST /chat/completions with auth, JSON and the normalized request; keeps unknown fields', async () => {
    server.route('POST /chat/completions', json(200, completion));
    const result = await client.chat({ model: 'svc-k2-thinking', messages: [{ role: 'user', content: 'Hello' }], max_tokens: 64, stream: true });
    assert.deepEqual(result, completion);
    const request = server.requests[0];
    assert.equal(request?.headers.authorization, 'Bearer sk-test');
    assert.equal(request?.headers['content-type'], 'application/json');
    assert.equal(request?.headers['user-agent'], 'svc-test/1');
    assert.deepEqual(bodyOf(request), { model: 'svc-k2-thinking', messages: [{ role: 'user', content: 'Hello' }], max_completion_tokens: 64 });
  });

  it('chat: refuses an invalid request without sending it', async () => {
    await assert.rejects(
      client.chat({ model: 'svc-v1-8k', messages: [{ role: 'user', content: '' }] }),
      (e: unknown) => e instanceof RequestValidationError && e.issues[0]?.field === 'messages[0].content',
    );
    assert.equal(server.requests.length, 0);
  });

  it('chat: a malformed completion is an InvalidResponseError naming the field', async () => {
    const broken = { ...completion, choices: [{ index: 0, message: { role: 'assistant', content: 'x' }, finish_reason: 'done' }] };
    server.route('POST /chat/completions', json(200, broken));
    await assert.rejects(client.chat({ model: 'svc-k2.5', messages: [{ role: 'user', content: 'Hi' }] }), (e: unknown) => {
      assert.ok(e instanceof InvalidResponseError);
      assert.equal(e.field, 'choices[0].finish_reason');
      assert.equal(e.status, 200);
      assert.match(e.message, /choices\[0\]\.finish_reason/);
      return true;
    });
    server.route('POST /chat/completions', (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id": ');
    });
    await assert.rejects(client.chat({ model: 'svc-k2.5', messages: [{ role: 'user', content: 'Hi' }] }), (e: unknown) => e instanceof InvalidResponseError && e.field === '(body)');
  });

  it('chatStream: POST with stream: true and an event-stream Accept; yields the chunks', async () => {
    const chunks = [chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]), chunk([{ index: 0, delta: { content: 'Hi' }, finish_reason: 'stop' }])];
    server.route('POST /chat/completions', sse(sseBody(chunks)));
    const received = [];
    for await (const c of client.chatStream({ model: 'svc-k2.5', messages: [{ role: 'user', content: 'Hello' }], stream_options: { include_usage: true } })) received.push(c);
    assert.deepEqual(received, chunks);
    const request = server.requests[0];
    assert.equal(request?.headers.accept, 'text/event-stream');
    assert.deepEqual(bodyOf(request), { model: 'svc-k2.5', messages: [{ role: 'user', content: 'Hello' }], stream_options: { include_usage: true }, stream: true });
  });

  it('estimateTokens: POST /tokenizers/estimate-token-count -> data.total_tokens', async () => {
    server.route('POST /tokenizers/estimate-token-count', json(200, { data: { total_tokens: 42 }, code: 0 }));
    const messages = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
    assert.equal(await client.estimateTokens({ model: 'svc-v1-8k', messages }), 42);
    assert.deepEqual(bodyOf(server.requests[0]), { model: 'svc-v1-8k', messages });
  });

  it('estimateTokens: an `error` in place of `data` is a typed error; thinking models are refused before sending', async () => {
    server.route('POST /tokenizers/estimate-token-count', json(200, { error: { type: 'invalid_request_error', message: 'Invalid request: bad model' } }));
    await assert.rejects(client.estimateTokens({ model: 'svc-v1-8k', messages: [{ role: 'user', content: 'Hi' }] }), (e: unknown) => {
      assert.ok(e instanceof InvalidRequestError);
      assert.equal(e.type, 'invalid_request_error');
      assert.equal(e.message, 'Invalid request: bad model');
      return true;
    });
    await assert.rejects(
      client.estimateTokens({ model: 'svc-k2-thinking', messages: [{ role: 'user', content: 'Hi' }] }),
      (e: unknown) => e instanceof RequestValidationError && e.issues[0]?.field === 'model' && /does not accept svc-k2-thinking/.test(e.message),
    );
    assert.equal(server.requests.length, 1);
  });

  it('estimateTokens: measures a context mid-way through a tool step, refuses what the endpoint does not take', async () => {
    server.route('POST /tokenizers/estimate-token-count', json(200, { data: { total_tokens: 7 } }));
    const pendingCall = [
      { role: 'user' as const, content: 'Weather?' },
      { role: 'assistant' as const, content: '', tool_calls: [{ id: 'a', type: 'function' as const, function: { name: 'w', arguments: '{}' } }] },
    ];
    assert.equal(await client.estimateTokens({ model: 'svc-v1-8k', messages: pendingCall }), 7);
    await assert.rejects(
      client.estimateTokens({ model: 'svc-v1-8k', messages: [{ role: 'user', content: [{ type: 'video_url', video_url: { url: 'ms://f' } }] }] }),
      (e: unknown) => e instanceof RequestValidationError && e.issues[0]?.field === 'messages[0].content[0].type',
    );
    await assert.rejects(
      client.estimateTokens({ model: 'svc-v1-8k', messages: [{ role: 'bot', content: 'x' }] as never }),
      (e: unknown) => e instanceof RequestValidationError && e.issues[0]?.field === 'messages[0].role',
    );
    await assert.rejects(client.estimateTokens({ model: 'svc-v1-8k', messages: [] }), (e: unknown) => e instanceof RequestValidationError && e.issues[0]?.field === 'messages');
    assert.equal(server.requests.length, 1);
  });

  it('listModels: GET /models -> the entries, extra fields kept', async () => {
    server.route('GET /models', json(200, { object: 'list', data: [{ id: 'svc-k2.5', object: 'model', owned_by: 'svc' }] }));
    assert.deepEqual(await client.listModels(), [{ id: 'svc-k2.5', object: 'model', owned_by: 'svc' }]);
    assert.equal(server.requests[0]?.method, 'GET');
    assert.equal(server.requests[0]?.body.length, 0);
    server.route('GET /models', json(200, { data: [{ name: 'no id' }] }));
    await assert.rejects(client.listModels(), (e: unknown) => e instanceof InvalidResponseError && e.field === 'data[0].id');
  });

  it('balance: GET /users/me/balance -> the data fields; a failed status is an error', async () => {
    const data = { available_balance: 49.5, voucher_balance: 50, cash_balance: -0.5 };
    server.route('GET /users/me/balance', json(200, { code: 0, status: true, scode: '0x0', data }));
    assert.deepEqual(await client.balance(), data);
    server.route('GET /users/me/balance', json(200, { code: 5, status: false, scode: '0x5', data }));
    await assert.rejects(client.balance(), (e: unknown) => e instanceof ServerError && /code 5, scode 0x5/.test(e.message));
  });

  it('files.upload: multipart/form-data with purpose and the file under its name', async () => {
    server.route('POST /files', json(200, fileObject));
    const result = await client.files.upload({ data: new TextEncoder().encode('hello'), filename: 'notes.txt', purpose: 'file-extract' });
    assert.deepEqual(result, fileObject);
    const request = server.requests[0];
    assert.ok(request);
    assert.match(String(request.headers['content-type']), /^multipart\/form-data; boundary=/);
    const form = await new Response(new Uint8Array(request.body), { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
    assert.equal(form.get('purpose'), 'file-extract');
    const file = form.get('file');
    assert.ok(file instanceof Blob);
    assert.equal((file as File).name, 'notes.txt');
    assert.equal(await file.text(), 'hello');
  });

  it('files.upload: refuses a bad purpose, an empty file or a missing name before sending', async () => {
    await assert.rejects(
      client.files.upload({ data: 'x', filename: 'a.txt', purpose: 'avatar' as never }),
      (e: unknown) => e instanceof RequestValidationError && e.issues[0]?.field === 'purpose' && /file-extract, image, video/.test(e.message),
    );
    await assert.rejects(
      client.files.upload({ data: new Blob([]), filename: 'a.txt', purpose: 'file-extract' }),
      (e: unknown) => e instanceof RequestValidationError && e.issues[0]?.field === 'data' && /empty/.test(e.message),
    );
    await assert.rejects(
      client.files.upload({ data: 'x', filename: ' ', purpose: 'image' }),
      (e: unknown) => e instanceof RequestValidationError && e.issues[0]?.field === 'filename',
    );
    assert.equal(server.requests.length, 0);
  });

  it('files.list / get / delete / content', async () => {
    server.route('GET /files', json(200, { object: 'list', data: [fileObject] }));
    server.route('GET /files/file-1', json(200, fileObject));
    server.route('DELETE /files/file-1', json(200, { id: 'file-1', object: 'file', deleted: true }));
    server.route('GET /files/file-1/content', (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"content":"hello","file_type":"text/plain"}');
    });
    assert.deepEqual(await client.files.list(), [fileObject]);
    assert.deepEqual(await client.files.get('file-1'), fileObject);
    assert.deepEqual(await client.files.delete('file-1'), { id: 'file-1', object: 'file', deleted: true });
    assert.equal(await client.files.content('file-1'), '{"content":"hello","file_type":"text/plain"}');
    assert.deepEqual(server.requests.map((r) => `${r.method} ${r.path}`), ['GET /files', 'GET /files/file-1', 'DELETE /files/file-1', 'GET /files/file-1/content']);
    server.route('GET /files/file-1', json(200, { ...fileObject, status: 'pending' }));
    await assert.rejects(client.files.get('file-1'), (e: unknown) => e instanceof InvalidResponseError && e.field === 'status');
    await assert.rejects(client.files.get(''), (e: unknown) => e instanceof RequestValidationError && e.issues[0]?.field === 'id');
  });

  it('formulas.tools: GET /formulas/{uri}/tools, the tag defaulting to latest', async () => {
    const tool = { type: 'function', function: { name: 'date', description: 'Dates', parameters: { type: 'object', properties: {}, required: [] } } };
    server.route('GET /formulas/svc/date:latest/tools', json(200, { object: 'list', tools: [tool] }));
    assert.deepEqual(await client.formulas.tools('svc/date'), [tool]);
    assert.deepEqual(await client.formulas.tools('svc/date:latest'), [tool]);
    await assert.rejects(client.formulas.tools('date'), (e: unknown) => e instanceof RequestValidationError && e.issues[0]?.field === 'uri');
  });

  it('formulas.call: POST /formulas/{uri}/fibers with name and the arguments string as produced', async () => {
    const fiber = {
      id: 'fiber-1',
      object: 'fiber',
      created_at: 1700000000,
      lambda_id: 'l-1',
      status: 'succeeded',
      context: { input: '{"query":"x"}', encrypted_output: `${ENCRYPTED_BEGIN}abc${ENCRYPTED_END}` },
      formula: 'svc/web-search:latest',
      organization_id: 'org',
      project_id: 'proj',
    };
    server.route('POST /formulas/svc/web-search:latest/fibers', json(200, fiber));
    const args = '{"query": "svc \\"quoted\\""}';
    assert.deepEqual(await client.formulas.call('svc/web-search:latest', { name: 'web_search', arguments: args }), fiber);
    assert.deepEqual(bodyOf(server.requests[0]), { name: 'web_search', arguments: args });
    await assert.rejects(client.formulas.call('svc/web-search', { name: '', arguments: '{}' }), RequestValidationError);
  });

  it('the constructor refuses bad options, naming them', () => {
    assert.throws(() => new SvcClient({ baseUrl: 'not a url', apiKey: '' }), (e: unknown) => {
      assert.ok(e instanceof RequestValidationError);
      assert.deepEqual(e.issues.map((i) => i.field), ['baseUrl', 'apiKey']);
      return true;
    });
    assert.throws(() => new SvcClient({ baseUrl: 'http://127.0.0.1/v1', apiKey: 'k', timeoutMs: 0, maxRetries: -1 }), /timeoutMs.*maxRetries/);
  });

  it('a route error on any endpoint is typed the same way', async () => {
    server.route('DELETE /files/nope', apiError(404, 'resource_not_found_error', 'Not found the file nope or Permission denied'));
    await assert.rejects(client.files.delete('nope'), (e: unknown) => e instanceof Error && 'kind' in e && e.kind === 'not_found');
  });
});
