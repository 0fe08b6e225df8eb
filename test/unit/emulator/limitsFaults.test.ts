// Account limits (concurrency, RPM, TPM, TPD) and injected faults, server-wide and per request
// through the x-svc-fault header.
import assert from 'node:assert/strict';
import { perSuite } from '../../support/suiteHooks';
import { call, chat, errorOf, KEY, startKeyedBed, stream, user } from './rawRequests';

const simple = { model: 'svc-v1-8k', messages: [user('Reply with exactly "one two three four five six seven eight"')] };

describe('emulator limits', () => {
  it('answers 429 at the concurrency limit while a request is in flight', async () => {
    const h = await startKeyedBed({ limits: { concurrency: 1 }, speed: 20 });
    const abort = new AbortController();
    try {
      const first = await fetch(`${h.url}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...simple, stream: true }),
        signal: abort.signal,
      });
      assert.equal(first.status, 200, 'the first stream is open (and counted in flight)');
      const second = await chat(h, simple);
      assert.equal(second.status, 429);
      assert.equal(errorOf(second).type, 'rate_limit_reached_error');
      assert.match(errorOf(second).message, /^Your account org-[0-9a-f]+<ak-[0-9a-f]+> request reached organization max concurrency: 1, please try again after 1 seconds$/);
      assert.equal(second.headers.get('retry-after'), '1');
    } finally {
      abort.abort();
      await h.close();
    }
  });

  it('answers 429 over the RPM limit with "try again after N seconds"', async () => {
    const h = await startKeyedBed({ limits: { rpm: 2 } });
    try {
      assert.equal((await chat(h, simple)).status, 200);
      assert.equal((await chat(h, simple)).status, 200);
      const third = await chat(h, simple);
      assert.equal(third.status, 429);
      const m = /reached organization max RPM: 2, please try again after (\d+) seconds$/.exec(errorOf(third).message);
      assert.ok(m, errorOf(third).message);
      assert.ok(Number(m[1]) >= 1 && Number(m[1]) <= 60);
    } finally {
      await h.close();
    }
  });

  it('answers 429 over the TPM and TPD limits with current and limit', async () => {
    for (const [limit, label] of [[{ tpm: 40 }, 'TPM rate limit, current:'], [{ tpd: 40 }, 'TPD rate limit,current:']] as const) {
      const h = await startKeyedBed({ limits: limit });
      try {
        const first = await chat(h, simple);
        assert.equal(first.status, 200);
        const used = (first.body as { usage: { total_tokens: number } }).usage.total_tokens;
        const second = await chat(h, simple);
        assert.equal(second.status, 429);
        assert.ok(errorOf(second).message.endsWith(`${label}${used}, limit:40`), errorOf(second).message);
      } finally {
        await h.close();
      }
    }
  });
});

describe('emulator faults', () => {
  const h = perSuite(startKeyedBed);

  const fault = (value: string) => ({ headers: { 'x-svc-fault': value } });

  it('overload: 429 engine_overloaded_error', async () => {
    const res = await chat(h, simple, fault('overload'));
    assert.equal(res.status, 429);
    assert.deepEqual(errorOf(res), { type: 'engine_overloaded_error', message: 'The engine is currently overloaded, please try again later' });
    assert.equal((await chat(h, simple)).status, 200, 'only that request');
  });

  it('invalid-state: 500 unexpected_output', async () => {
    const res = await chat(h, simple, fault('invalid-state'));
    assert.equal(res.status, 500);
    assert.deepEqual(errorOf(res), { type: 'unexpected_output', message: 'invalid state transition' });
  });

  it('rate-limit=N: 429 asking to retry after N seconds', async () => {
    const res = await chat(h, simple, fault('rate-limit=7'));
    assert.equal(res.status, 429);
    assert.match(errorOf(res).message, /please try again after 7 seconds$/);
    assert.equal(res.headers.get('retry-after'), '7');
  });

  it('content-filter: 400 content_filter', async () => {
    const res = await chat(h, simple, fault('content-filter'));
    assert.deepEqual(errorOf(res), { type: 'content_filter', message: 'The request was rejected because it was considered high risk' });
  });

  it('drop-after=N: the connection breaks after N chunks, without [DONE]', async () => {
    const s = await stream(h, simple, { 'x-svc-fault': 'drop-after=3' });
    assert.equal(s.status, 200);
    assert.equal(s.events.length, 3);
    assert.ok(!s.events.includes('[DONE]'));
    assert.ok(s.error, 'the client sees a broken connection');
  });

  it('malformed-chunk: one event is not JSON; the rest of the stream is intact', async () => {
    const s = await stream(h, simple, { 'x-svc-fault': 'malformed-chunk' });
    const broken = s.events.filter((e) => {
      try {
        JSON.parse(e);
        return false;
      } catch {
        return e !== '[DONE]';
      }
    });
    assert.equal(broken.length, 1);
    assert.equal(s.events.at(-1), '[DONE]');
  });

  it('error-event: an error object arrives mid-stream and the stream ends without [DONE]', async () => {
    const s = await stream(h, simple, { 'x-svc-fault': 'error-event' });
    const last = JSON.parse(s.events.at(-1)!) as { error: { type: string; message: string } };
    assert.equal(last.error.type, 'server_error');
    assert.ok(!s.events.includes('[DONE]'));
    assert.equal(s.error, undefined, 'the connection itself ended cleanly');
  });

  it('slow-first-byte=MS delays the answer at least that long; faults combine', async () => {
    const started = Date.now();
    const res = await chat(h, simple, fault('slow-first-byte=300'));
    assert.equal(res.status, 200);
    assert.ok(Date.now() - started >= 290);
    const both = Date.now();
    const overloaded = await chat(h, simple, fault('slow-first-byte=200, overload'));
    assert.equal(overloaded.status, 429);
    assert.ok(Date.now() - both >= 190);
  });

  it('rejects an unknown fault or a bad value, naming what is allowed', async () => {
    const res = await chat(h, simple, fault('explode'));
    assert.equal(res.status, 400);
    assert.match(errorOf(res).message, /^Invalid request: header x-svc-fault: unknown fault "explode"; allowed: overload, invalid-state/);
    assert.match(errorOf(await chat(h, simple, fault('drop-after=x'))).message, /drop-after needs a whole number >= 0, got "x"/);
  });

  it('server-wide rates hit an even, reproducible share of requests', async () => {
    const rated = await startKeyedBed({ faults: { overloadRate: 0.5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await chat(rated, simple)).status);
      assert.deepEqual(statuses, [200, 429, 200, 429, 200, 429]);
    } finally {
      await rated.close();
    }
    const broken = await startKeyedBed({ faults: { invalidStateRate: 1, dropAfterChunks: 2 } });
    try {
      assert.equal((await chat(broken, simple)).status, 500);
    } finally {
      await broken.close();
    }
    const dropping = await startKeyedBed({ faults: { dropAfterChunks: 2 } });
    try {
      const s = await stream(dropping, simple);
      assert.equal(s.events.length, 2);
      assert.ok(s.error);
    } finally {
      await dropping.close();
    }
  });

  it('does not let faults touch endpoints other than chat', async () => {
    const res = await call(h, 'GET', '/models', undefined, fault('overload'));
    assert.equal(res.status, 200);
  });
});
