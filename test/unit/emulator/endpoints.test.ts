// Authentication on every endpoint, models, token estimate, balance, and the session log.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/cl100k_base';
import { MODEL_IDS } from '../../../src/api/models';
import { BalanceSchema, ModelListSchema } from '../../../src/api/schemas';
import { tempDir } from '../../support/emulatorTestBed';
import { perSuite } from '../../support/suiteHooks';
import { call, chat, errorOf, KEY, OTHER_KEY, startKeyedBed, stream, user } from './rawRequests';

const ENDPOINTS: [string, string][] = [
  ['POST', '/chat/completions'],
  ['GET', '/models'],
  ['POST', '/tokenizers/estimate-token-count'],
  ['GET', '/users/me/balance'],
  ['POST', '/files'],
  ['GET', '/files'],
  ['GET', '/files/cf123'],
  ['DELETE', '/files/cf123'],
  ['GET', '/files/cf123/content'],
  ['GET', '/formulas/svc/convert:latest/tools'],
  ['POST', '/formulas/svc/convert:latest/fibers'],
];

describe('emulator endpoints', () => {
  const h = perSuite(startKeyedBed);

  it('requires a Bearer key on every endpoint: missing gives invalid_authentication_error, wrong gives incorrect_api_key_error', async () => {
    for (const [method, route] of ENDPOINTS) {
      const missing = await call(h, method, route, undefined, { key: null });
      assert.equal(missing.status, 401, `${method} ${route}`);
      assert.deepEqual(errorOf(missing), { type: 'invalid_authentication_error', message: 'Invalid Authentication' });
      const wrong = await call(h, method, route, undefined, { key: 'sk-wrong' });
      assert.equal(wrong.status, 401, `${method} ${route}`);
      assert.deepEqual(errorOf(wrong), { type: 'incorrect_api_key_error', message: 'Incorrect API key provided' });
    }
    const basic = await call(h, 'GET', '/models', undefined, { key: null, headers: { authorization: 'Basic abc' } });
    assert.equal(errorOf(basic).type, 'invalid_authentication_error');
  });

  it('answers 403 "not open" for paths and methods it does not serve', async () => {
    for (const [method, route] of [['GET', '/assistants'], ['PUT', '/models'], ['POST', '/files/cf1']] as const) {
      const res = await call(h, method, route);
      assert.equal(res.status, 403, `${method} ${route}`);
      assert.deepEqual(errorOf(res), { type: 'permission_denied_error', message: 'The API you are accessing is not open' });
    }
    const outside = await fetch(h.url.replace(/\/v1$/, '/v2/models'), { headers: { authorization: `Bearer ${KEY}` } });
    assert.equal(outside.status, 403);
  });

  it('lists the spec\'s model ids', async () => {
    const res = await call(h, 'GET', '/models');
    const list = ModelListSchema.parse(res.body);
    assert.deepEqual(list.data.map((m) => m.id), [...MODEL_IDS]);
  });

  it('estimates tokens with the real BPE, refusing the two thinking models', async () => {
    const messages = [user('The quick brown fox jumps over the lazy dog.')];
    const res = await call<{ data: { total_tokens: number } }>(h, 'POST', '/tokenizers/estimate-token-count', { model: 'svc-k2.5', messages });
    assert.equal(res.status, 200);
    // 3 (reply primer) + 4 (message framing) + role + text, all in cl100k_base tokens.
    assert.equal(res.body.data.total_tokens, 3 + 4 + encode('user').length + encode('The quick brown fox jumps over the lazy dog.').length);
    const withImage = await call<{ data: { total_tokens: number } }>(h, 'POST', '/tokenizers/estimate-token-count', {
      model: 'svc-v1-8k-vision-preview',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }],
    });
    assert.equal(withImage.status, 200);
    assert.ok(withImage.body.data.total_tokens > 256);
    for (const model of ['svc-k2-thinking', 'svc-k2-thinking-turbo']) {
      const refused = await call(h, 'POST', '/tokenizers/estimate-token-count', { model, messages });
      assert.equal(refused.status, 400);
      assert.equal(errorOf(refused).type, 'invalid_request_error');
      assert.match(errorOf(refused).message, new RegExp(`model ${model} is not supported by the token estimate endpoint`));
      assert.equal((refused.body as { data?: unknown }).data, undefined, 'error in place of data');
    }
    assert.equal((await call(h, 'POST', '/tokenizers/estimate-token-count', { model: 'nope', messages })).status, 404);
    assert.match(errorOf(await call(h, 'POST', '/tokenizers/estimate-token-count', { model: 'svc-v1-8k' })).message, /^Invalid request: messages: /);
  });

  it('returns the balance result, and 403 for another user\'s balance', async () => {
    const res = await call(h, 'GET', '/users/me/balance');
    const b = BalanceSchema.parse(res.body);
    assert.equal(b.code, 0);
    assert.equal(b.status, true);
    assert.equal(b.data.available_balance, b.data.cash_balance + b.data.voucher_balance);
    const other = await call(h, 'GET', '/users/someone-else/balance');
    assert.equal(other.status, 403);
    assert.deepEqual(errorOf(other), { type: 'permission_denied_error', message: 'You are not allowed to get other user info' });
  });

  it('keeps the balance across a restart', async () => {
    const h2 = await startKeyedBed({ price: 100_000 });
    try {
      await chat(h2, { model: 'svc-v1-8k', messages: [user('spend')] });
      const before = BalanceSchema.parse((await call(h2, 'GET', '/users/me/balance')).body).data.available_balance;
      assert.ok(before < 100);
      await h2.restart();
      assert.equal(BalanceSchema.parse((await call(h2, 'GET', '/users/me/balance')).body).data.available_balance, before);
    } finally {
      await h2.close();
    }
  });

  it('charges web-search against the balance', async () => {
    const h2 = await startKeyedBed({ price: 0 });
    try {
      await call(h2, 'POST', '/formulas/svc/web-search:latest/fibers', { name: 'web_search', arguments: '{"query":"x"}' });
      const b = BalanceSchema.parse((await call(h2, 'GET', '/users/me/balance')).body);
      assert.ok(b.data.available_balance < 100);
    } finally {
      await h2.close();
    }
  });
});

describe('emulator session log (--log)', () => {
  it('appends every request and response as JSON lines with the API keys redacted', async () => {
    const dir = tempDir();
    const logFile = path.join(dir, 'logs', 'session.jsonl');
    const h = await startKeyedBed({ logFile });
    try {
      await chat(h, { model: 'svc-v1-8k', messages: [user(`my key is ${KEY}`)] });
      await stream(h, { model: 'svc-v1-8k', messages: [user('Reply with exactly "hi"')] });
      await call(h, 'GET', '/files', undefined, { key: OTHER_KEY });
      await call(h, 'GET', '/models', undefined, { key: 'sk-wrong' });
    } finally {
      await h.close();
    }
    const text = fs.readFileSync(logFile, 'utf8');
    assert.ok(!text.includes(KEY) && !text.includes(OTHER_KEY), 'no key in the log');
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as { method: string; path: string; status: number; headers: { authorization?: string }; request: unknown; response: unknown });
    assert.equal(lines.length, 4);
    assert.deepEqual(lines.map((l) => [l.method, l.path, l.status]), [['POST', '/v1/chat/completions', 200], ['POST', '/v1/chat/completions', 200], ['GET', '/v1/files', 200], ['GET', '/v1/models', 401]]);
    assert.equal(lines[0]!.headers.authorization, 'Bearer [REDACTED]');
    assert.match(JSON.stringify(lines[0]!.request), /my key is \[REDACTED\]/);
    const events = lines[1]!.response as string[];
    assert.equal(events.at(-1), '[DONE]');
    assert.deepEqual((lines[3]!.response as { error: { type: string } }).error.type, 'incorrect_api_key_error');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('records a stream the client aborted as ended by the client, without [DONE]', async () => {
    const h = await startKeyedBed({ speed: 20 });
    try {
      const stop = new AbortController();
      const res = await fetch(`${h.url}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'svc-v1-8k', stream: true, messages: [user(`Reply with exactly "${'word '.repeat(200)}"`)] }),
        signal: stop.signal,
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      stop.abort();
      const logged = await waitFor(() => readLog(h.logFile).find((l) => l.path === '/v1/chat/completions'));
      assert.equal(logged.ended, 'client closed the connection');
      assert.ok(!(logged.response as string[]).includes('[DONE]'), 'the stream did not run to its end');
      await stream(h, { model: 'svc-v1-8k', messages: [user('Reply with exactly "hi"')] });
      const finished = await waitFor(() => readLog(h.logFile).filter((l) => l.path === '/v1/chat/completions')[1]);
      assert.equal(finished.ended, undefined, 'a stream that ran to its end has no ending reason');
    } finally {
      await h.close();
    }
  });
});

interface LoggedLine { path: string; response: unknown; ended?: string }

function readLog(file: string): LoggedLine[] {
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as LoggedLine);
}

async function waitFor<T>(probe: () => T | undefined): Promise<T> {
  for (const deadline = Date.now() + 10_000; ; ) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('the request log never showed the request');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
