// Every chat request rule of the spec, enforced by the emulator over raw HTTP with the spec's status,
// error type and message shape.
import assert from 'node:assert/strict';
import { perSuite } from '../../support/suiteHooks';
import { call, chat, errorOf, OTHER_KEY, startKeyedBed, user } from './rawRequests';

const tool = (name: string) => ({ type: 'function', function: { name, description: 'd', parameters: { type: 'object', properties: {}, required: [] } } });

describe('emulator chat request rules', () => {
  const h = perSuite(startKeyedBed);

  async function rejects(body: unknown, status: number, type: string, message: RegExp | string): Promise<void> {
    const res = await call(h, 'POST', '/chat/completions', body);
    assert.equal(res.status, status, JSON.stringify(res.body));
    const error = errorOf(res);
    assert.equal(error.type, type);
    if (typeof message === 'string') assert.equal(error.message, message);
    else assert.match(error.message, message);
  }

  const ok = { model: 'svc-k2-turbo-preview', messages: [user('hi')] };

  it('rejects a body that is not JSON', async () => {
    await rejects('{not json', 400, 'invalid_request_error', /^Invalid request: the body is not valid JSON/);
  });

  it('requires model and messages, and a non-empty list of messages', async () => {
    await rejects({ messages: [user('x')] }, 400, 'invalid_request_error', 'Invalid request: model is required');
    await rejects({ model: 'svc-v1-8k' }, 400, 'invalid_request_error', 'Invalid request: messages is required');
    await rejects({ model: 'svc-v1-8k', messages: [] }, 400, 'invalid_request_error', 'Invalid request: messages must not be empty');
    await rejects({ model: 'svc-v1-8k', messages: 'hi' }, 400, 'invalid_request_error', 'Invalid request: messages must be a list of messages');
  });

  it('names the field of a wrongly typed value', async () => {
    await rejects({ ...ok, temperature: 'hot' }, 400, 'invalid_request_error', /^Invalid request: temperature: /);
    await rejects({ ...ok, messages: [{ role: 'user', content: [{ type: 'text' }] }] }, 400, 'invalid_request_error', /^Invalid request: messages\[0\]\.content/);
  });

  it('rejects an unknown role and empty content', async () => {
    await rejects({ ...ok, messages: [{ role: 'robot', content: 'x' }] }, 400, 'invalid_request_error', /messages\[0\]\.role must be one of system, user, assistant, tool; got "robot"/);
    await rejects({ ...ok, messages: [user('')] }, 400, 'invalid_request_error', 'Invalid request: messages[0].content must not be empty');
    await rejects({ ...ok, messages: [{ role: 'user', content: [] }] }, 400, 'invalid_request_error', 'Invalid request: messages[0].content must not be empty');
  });

  it('answers 404 for an unknown model', async () => {
    await rejects({ ...ok, model: 'gpt-4o' }, 404, 'resource_not_found_error', 'Not found the model gpt-4o or Permission denied');
  });

  it('rejects duplicate function names with HTTP 401, and bad function names with 400', async () => {
    await rejects({ ...ok, tools: [tool('a'), tool('a')] }, 401, 'invalid_request_error', /function name "a" is duplicated/);
    await rejects({ ...ok, tools: [tool('has space')] }, 400, 'invalid_request_error', /tools\[0\]\.function\.name must start with a letter/);
  });

  it('rejects changing both temperature and top_p, and JSON mode without a request for JSON', async () => {
    await rejects({ ...ok, temperature: 0.3, top_p: 0.5 }, 400, 'invalid_request_error', 'Invalid request: change temperature or top_p, not both');
    assert.equal((await chat(h, { ...ok, temperature: 0.3, top_p: 1 })).status, 200, 'top_p at its default is not a change');
    await rejects({ ...ok, response_format: { type: 'json_object' } }, 400, 'invalid_request_error', /response_format json_object needs a message that asks for JSON/);
    assert.equal((await chat(h, { ...ok, response_format: { type: 'json_object' }, messages: [user('Answer in JSON: {"a": number}')] })).status, 200);
  });

  it('enforces the ranges of temperature, top_p, penalties and n', async () => {
    await rejects({ ...ok, temperature: 1.5 }, 400, 'invalid_request_error', 'Invalid request: temperature must be between 0 and 1, got 1.5');
    await rejects({ ...ok, top_p: 0 }, 400, 'invalid_request_error', /top_p must be greater than 0 and at most 1/);
    await rejects({ ...ok, presence_penalty: -2.5 }, 400, 'invalid_request_error', 'Invalid request: presence_penalty must be between -2 and 2, got -2.5');
    await rejects({ ...ok, frequency_penalty: 3 }, 400, 'invalid_request_error', 'Invalid request: frequency_penalty must be between -2 and 2, got 3');
    await rejects({ ...ok, n: 6, temperature: 0.5 }, 400, 'invalid_request_error', 'Invalid request: n must be between 1 and 5, got 6');
    await rejects({ ...ok, n: 0 }, 400, 'invalid_request_error', 'Invalid request: n must be between 1 and 5, got 0');
  });

  it('rejects n > 1 with temperature near 0, including a model default of 0', async () => {
    await rejects({ ...ok, n: 2, temperature: 0 }, 400, 'invalid_request_error', /n must be 1 when temperature is near 0/);
    await rejects({ model: 'svc-v1-8k', messages: [user('x')], n: 2 }, 400, 'invalid_request_error', /the default of svc-v1-8k/);
    const res = await chat(h, { ...ok, n: 2, temperature: 0.7 });
    assert.equal(res.status, 200);
  });

  it('keeps the fixed parameters of svc-k2.5 fixed', async () => {
    const k25 = { model: 'svc-k2.5', messages: [user('x')] };
    await rejects({ ...k25, temperature: 0.3 }, 400, 'invalid_request_error', 'Invalid request: temperature cannot be changed for svc-k2.5; it is fixed at 1, got 0.3');
    await rejects({ ...k25, top_p: 0.5 }, 400, 'invalid_request_error', /top_p cannot be changed for svc-k2.5/);
    await rejects({ ...k25, n: 2 }, 400, 'invalid_request_error', /n cannot be changed for svc-k2.5/);
    await rejects({ ...k25, presence_penalty: 1 }, 400, 'invalid_request_error', /presence_penalty cannot be changed/);
    await rejects({ ...k25, frequency_penalty: 1 }, 400, 'invalid_request_error', /frequency_penalty cannot be changed/);
    assert.equal((await chat(h, { ...k25, temperature: 1, top_p: 0.95, n: 1 })).status, 200);
  });

  it('accepts thinking only for svc-k2.5', async () => {
    await rejects({ ...ok, thinking: { type: 'enabled' } }, 400, 'invalid_request_error', 'Invalid request: thinking is only accepted by svc-k2.5, not by svc-k2-turbo-preview');
    assert.equal((await chat(h, { model: 'svc-k2.5', messages: [user('x')], thinking: { type: 'disabled' } })).status, 200);
  });

  it('limits stop to 5 strings of at most 32 bytes', async () => {
    await rejects({ ...ok, stop: ['a', 'b', 'c', 'd', 'e', 'f'] }, 400, 'invalid_request_error', 'Invalid request: stop accepts at most 5 strings, got 6');
    await rejects({ ...ok, stop: ['é'.repeat(17)] }, 400, 'invalid_request_error', 'Invalid request: stop[0] is 34 bytes; each stop string may have at most 32 bytes');
    assert.equal((await chat(h, { ...ok, stop: 'x'.repeat(32) })).status, 200);
  });

  it('checks max_completion_tokens, max_tokens and stream_options', async () => {
    await rejects({ ...ok, max_completion_tokens: 0 }, 400, 'invalid_request_error', 'Invalid request: max_completion_tokens must be a positive integer, got 0');
    await rejects({ ...ok, max_tokens: -1 }, 400, 'invalid_request_error', 'Invalid request: max_tokens must be a positive integer, got -1');
    await rejects({ ...ok, stream_options: { include_usage: true } }, 400, 'invalid_request_error', 'Invalid request: stream_options is only allowed when stream is true');
  });

  it('rejects unanswered, unknown and doubly answered tool calls', async () => {
    const calls = { role: 'assistant', content: '', tool_calls: [
      { id: 'c1', type: 'function', function: { name: 'a', arguments: '{}' } },
      { id: 'c2', type: 'function', function: { name: 'a', arguments: '{}' } },
    ] };
    const answer = (id: string) => ({ role: 'tool', tool_call_id: id, content: 'done' });
    const base = { ...ok, tools: [tool('a')] };
    await rejects({ ...base, messages: [user('x'), calls, answer('c1')] }, 400, 'invalid_request_error', /unanswered: c2$/);
    await rejects({ ...base, messages: [user('x'), calls, answer('c1'), user('next')] }, 400, 'invalid_request_error', /unanswered: c2$/);
    await rejects({ ...base, messages: [user('x'), answer('zz')] }, 400, 'invalid_request_error', /answers tool_call_id "zz", which no preceding assistant tool call has/);
    await rejects({ ...base, messages: [user('x'), calls, answer('c1'), answer('c1'), answer('c2')] }, 400, 'invalid_request_error', /answers tool_call_id "c1" a second time/);
    const dupIds = { ...calls, tool_calls: [calls.tool_calls[0], calls.tool_calls[0]] };
    await rejects({ ...base, messages: [user('x'), dupIds, answer('c1')] }, 400, 'invalid_request_error', /has the id "c1" twice/);
    // Order of the answers is free.
    assert.equal((await chat(h, { ...base, messages: [user('x'), calls, answer('c2'), answer('c1')] })).status, 200);
  });

  it('rejects images for non-vision models and malformed data URIs', async () => {
    const image = (url: string) => ({ role: 'user', content: [{ type: 'text', text: 'what is this' }, { type: 'image_url', image_url: { url } }] });
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    await rejects({ model: 'svc-v1-8k', messages: [image(png)] }, 400, 'invalid_request_error', /messages\[0\]\.content\[1\] is an image_url part but model svc-v1-8k does not accept images/);
    await rejects({ model: 'svc-v1-8k-vision-preview', messages: [image('http://example.com/a.png')] }, 400, 'invalid_request_error', /must be data:image\/<subtype>;base64,<data> or ms:\/\/<file_id>/);
    assert.equal((await chat(h, { model: 'svc-v1-8k-vision-preview', messages: [image(png)] })).status, 200);
    await rejects({ model: 'svc-v1-8k-vision-preview', messages: [image('ms://cfmissing')] }, 404, 'resource_not_found_error', /Not found the file cfmissing/);
  });

  it('rejects ms:// references to another account\'s file (403) and to a file of the wrong purpose', async () => {
    const form = new FormData();
    form.append('purpose', 'image');
    form.append('file', new Blob([Buffer.from('iVBORw0KGgo=', 'base64')]), 'a.png');
    const uploaded = await call<{ id: string }>(h, 'POST', '/files', form, { key: OTHER_KEY });
    assert.equal(uploaded.status, 200);
    const image = { role: 'user', content: [{ type: 'image_url', image_url: { url: `ms://${uploaded.body.id}` } }] };
    await rejects({ model: 'svc-v1-8k-vision-preview', messages: [image] }, 403, 'permission_denied_error', 'You are not allowed to get other user info');
    const text = new FormData();
    text.append('purpose', 'file-extract');
    text.append('file', new Blob(['hello']), 'a.txt');
    const doc = await call<{ id: string }>(h, 'POST', '/files', text);
    const asImage = { role: 'user', content: [{ type: 'image_url', image_url: { url: `ms://${doc.body.id}` } }] };
    await rejects({ model: 'svc-v1-8k-vision-preview', messages: [asImage] }, 400, 'invalid_request_error', /uploaded with purpose file-extract; an image_url part needs a file uploaded with purpose image/);
  });

  it('applies the token-length rows with the model length (svc-v1-8k = 8192)', async () => {
    const long = 'lorem ipsum dolor sit amet '.repeat(2000);
    await rejects({ model: 'svc-v1-8k', messages: [user(long)] }, 400, 'invalid_request_error', 'Input token length too long');
    await rejects({ model: 'svc-v1-8k', messages: [user('hello')], max_completion_tokens: 8190 }, 400, 'invalid_request_error', 'Your request exceeded model token limit : 8192');
    await rejects({ model: 'svc-v1-32k', messages: [user('hello')], max_tokens: 32760 }, 400, 'invalid_request_error', 'Your request exceeded model token limit : 32768');
    assert.equal((await chat(h, { model: 'svc-v1-8k', messages: [user('hello')], max_completion_tokens: 8000 })).status, 200);
  });
});

describe('emulator quota (balance) rows', () => {
  it('answers 429 suspended when available_balance <= 0 and token quota when it cannot cover the prompt', async () => {
    const broke = await startKeyedBed({ balance: 0 });
    try {
      const res = await chat(broke, { model: 'svc-v1-8k', messages: [user('hi')] });
      assert.equal(res.status, 429);
      assert.equal(errorOf(res).type, 'exceeded_current_quota_error');
      assert.match(errorOf(res).message, /^Your account org-[0-9a-f]+<ak-[0-9a-f]+> is suspended, please check your plan and billing details$/);
    } finally {
      await broke.close();
    }
    const poor = await startKeyedBed({ balance: 0.00001, price: 1 });
    try {
      const res = await chat(poor, { model: 'svc-v1-8k', messages: [user('a longer question that costs more than the balance can cover')] });
      assert.equal(res.status, 429);
      assert.match(errorOf(res).message, /^You exceeded your current token quota: <org-[0-9a-f]+> 0\.00001, please check your account balance$/);
    } finally {
      await poor.close();
    }
  });
});
