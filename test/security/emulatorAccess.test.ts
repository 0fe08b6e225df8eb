// Attacks on the local emulator from outside the extension: another local process guessing the key,
// a web page reaching 127.0.0.1 through DNS rebinding or a cross-origin request, an oversized body
// sent without a key, a connection flood, and the fetch formula aimed at the user's own machine,
// network or cloud metadata service, directly, by name or through a redirect.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { FiberSchema } from '../../src/api/schemas';
import { startEmulator } from '../../src/emulator/index';
import { MAX_CONNECTIONS } from '../../src/emulator/server';
import { LocalEmulator, OPTIONS_ENV } from '../../src/extension/localEmulator';
import { repoRoot } from '../harness/toolPaths';
import { call, KEY, startKeyedBed } from '../unit/emulator/rawRequests';
import { serveOnLoopback, tempDir } from '../support/emulatorTestBed';
import { perSuite } from '../support/suiteHooks';

/** A raw HTTP/1.1 exchange, so the test decides every header (fetch would set Host and refuse Origin). */
function rawRequest(port: number, head: string, body = ''): Promise<{ status: number; headers: string; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(`${head}\r\n\r\n${body}`));
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    socket.on('end', () => {
      const [headers = '', text = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1] ?? 0), headers, text });
    });
    socket.on('error', reject);
  });
}

describe('security: only the extension that started the emulator can use it', function () {
  this.timeout(60_000);

  describe('the key', () => {
    const dirs: string[] = [];
    const emulators: LocalEmulator[] = [];
    after(async () => {
      for (const emulator of emulators) await emulator.stop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });
    const noTestVariables = () => undefined;
    const extensionEmulator = (testEnv: (name: string) => string | undefined = noTestVariables): LocalEmulator => {
      const dir = tempDir('svc-emu-key-');
      dirs.push(dir);
      const emulator = new LocalEmulator(repoRoot, dir, 0, testEnv);
      emulators.push(emulator);
      return emulator;
    };

    it('is random at every start: the old constant key and another start’s key are refused', async () => {
      const first = await extensionEmulator().start();
      const second = await extensionEmulator().start();
      assert.notEqual(first.apiKey, second.apiKey);
      assert.ok(first.apiKey.length >= 32, first.apiKey);
      for (const guess of ['sk-local', second.apiKey]) {
        const res = await fetch(`${first.url}/models`, { headers: { authorization: `Bearer ${guess}` } });
        assert.equal(res.status, 401, guess);
      }
      const own = await fetch(`${first.url}/models`, { headers: { authorization: `Bearer ${first.apiKey}` } });
      assert.equal(own.status, 200);
    });

    it('keeps files and balance across starts although the key changes', async () => {
      const dir = tempDir('svc-emu-persist-');
      dirs.push(dir);
      const first = new LocalEmulator(repoRoot, dir, 0, noTestVariables);
      const a = await first.start();
      const before = (await (await fetch(`${a.url}/users/me/balance`, { headers: { authorization: `Bearer ${a.apiKey}` } })).json()) as unknown;
      await first.stop();
      const second = new LocalEmulator(repoRoot, dir, 0, noTestVariables);
      emulators.push(second);
      const b = await second.start();
      const after = (await (await fetch(`${b.url}/users/me/balance`, { headers: { authorization: `Bearer ${b.apiKey}` } })).json()) as unknown;
      assert.deepEqual(after, before);
    });

    it('reads its test-only variables only under the test harness', async () => {
      const saved = process.env[OPTIONS_ENV];
      process.env[OPTIONS_ENV] = 'not json';
      try {
        await assert.doesNotReject(extensionEmulator().start(), 'outside the harness the variable is not even read');
        // Under the harness the variables come from the environment (harnessVariables in testHarness.ts).
        await assert.rejects(extensionEmulator((name) => process.env[name]).start(), /SVC_EMULATOR_OPTIONS: not JSON/);
      } finally {
        if (saved === undefined) delete process.env[OPTIONS_ENV];
        else process.env[OPTIONS_ENV] = saved;
      }
    });
  });

  describe('the server', () => {
    const h = perSuite(startKeyedBed);

    it('answers 421 to a request for another host name (DNS rebinding) and runs nothing', async () => {
      const body = JSON.stringify({ model: 'svc-k2.5', messages: [{ role: 'user', content: 'hi' }] });
      const res = await rawRequest(h.emulator.port, [`POST /v1/chat/completions HTTP/1.1`, `Host: attacker.example:${h.emulator.port}`, `Authorization: Bearer ${KEY}`, 'Content-Type: application/json', `Content-Length: ${body.length}`].join('\r\n'), body);
      assert.equal(res.status, 421);
      assert.match(res.text, /Misdirected request/);
      assert.doesNotMatch(res.text, /choices/);
    });

    it('refuses a request from a web page (Origin) with 403 and sends no CORS header', async () => {
      const res = await rawRequest(h.emulator.port, [`GET /v1/models HTTP/1.1`, `Host: 127.0.0.1:${h.emulator.port}`, `Authorization: Bearer ${KEY}`, 'Origin: https://evil.example'].join('\r\n'));
      assert.equal(res.status, 403);
      assert.doesNotMatch(res.headers, /access-control-/i);
      const preflight = await rawRequest(h.emulator.port, [`OPTIONS /v1/chat/completions HTTP/1.1`, `Host: 127.0.0.1:${h.emulator.port}`, 'Origin: https://evil.example', 'Access-Control-Request-Method: POST'].join('\r\n'));
      assert.equal(preflight.status, 403);
      assert.doesNotMatch(preflight.headers, /access-control-/i);
    });

    it('answers 401 to an unauthenticated 50 MB upload before reading it, and closes the connection', async () => {
      const declared = 50 * 1024 * 1024;
      const outcome = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
        const socket = net.connect(h.emulator.port, '127.0.0.1');
        let sent = 0;
        let answer = '';
        const piece = Buffer.alloc(64 * 1024, 0x61);
        const pump = (): void => {
          while (sent < declared && !socket.destroyed) {
            sent += piece.length;
            if (!socket.write(piece)) return void socket.once('drain', pump);
          }
        };
        socket.on('connect', () => {
          socket.write(`POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:${h.emulator.port}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`);
          pump();
        });
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
        socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0), sent }));
        socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
      });
      assert.equal(outcome.status, 401);
      assert.ok(outcome.sent < declared, `the server closed the connection after ${outcome.sent} of ${declared} bytes`);
    });

    it(`refuses connections beyond ${MAX_CONNECTIONS}`, async () => {
      const sockets: net.Socket[] = [];
      try {
        const closed: Promise<boolean>[] = [];
        for (let i = 0; i < MAX_CONNECTIONS + 4; i++) {
          const socket = net.connect(h.emulator.port, '127.0.0.1');
          sockets.push(socket);
          socket.on('error', () => undefined);
          closed.push(new Promise((resolve) => {
            socket.once('close', () => resolve(true));
            setTimeout(() => resolve(false), 2_000).unref();
          }));
        }
        const outcomes = await Promise.all(closed);
        assert.ok(outcomes.filter(Boolean).length >= 4, `${outcomes.filter(Boolean).length} connections were closed by the server`);
        assert.ok(outcomes.slice(0, MAX_CONNECTIONS).every((c) => !c), 'the first connections stay open');
      } finally {
        for (const socket of sockets) socket.destroy();
      }
    });
  });

  describe('the fetch formula', () => {
    const target = perSuite(() => serveOnLoopback((_req, res) => res.end('the user’s local service')));
    // 127.0.0.2 stands for a public site: it is the one address this emulator is told it may reach.
    const bouncer = perSuite(() =>
      serveOnLoopback((_req, res) => {
        res.writeHead(302, { location: `${target.url}/secret` });
        res.end();
      }, '127.0.0.2'),
    );
    const h = perSuite(() => startKeyedBed({ formulaLimits: { fetchTimeoutMs: 3_000, fetchAllowedAddresses: ['127.0.0.2'] } }));

    const fetchFiber = async (url: string) => {
      const res = await call(h, 'POST', '/formulas/svc/fetch:latest/fibers', { name: 'fetch', arguments: JSON.stringify({ url }) });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return FiberSchema.parse(res.body);
    };

    for (const [what, url] of [
      ['127.0.0.1', () => `${target.url}/`],
      ['localhost (a name for 127.0.0.1)', () => `${target.url.replace('127.0.0.1', 'localhost')}/`],
      ['[::1]', () => 'http://[::1]:9/'],
      ['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${new URL(target.url).port}/`],
      ['10.0.0.1', () => 'http://10.0.0.1/'],
      ['192.168.1.1', () => 'http://192.168.1.1/'],
      ['169.254.169.254 (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
      ['a redirect from an allowed site to 127.0.0.1', () => `${bouncer.url}/go`],
    ] as const) {
      it(`refuses ${what} and says why`, async () => {
        const before = target.hits();
        const fiber = await fetchFiber(url());
        assert.equal(fiber.status, 'failed', JSON.stringify(fiber));
        assert.match(fiber.error ?? '', /refused to fetch .*(loopback, private, link-local or reserved)/);
        assert.equal(target.hits(), before, 'nothing reached the local service');
      });
    }

    it('still fetches an allowed address', async () => {
      const direct = await serveOnLoopback((_req, res) => res.end('public words'), '127.0.0.2');
      try {
        const fiber = await fetchFiber(`${direct.url}/`);
        assert.equal(fiber.status, 'succeeded', JSON.stringify(fiber));
        assert.match(fiber.context?.output ?? '', /public words/);
      } finally {
        await direct.close();
      }
    });
  });
});

describe('security: the emulator listens on loopback only', () => {
  it('refuses to listen on 0.0.0.0 with an error naming the field', async () => {
    const dir = tempDir('svc-emu-host-');
    try {
      await assert.rejects(startEmulator({ host: '0.0.0.0', dataDir: dir }), /host: the emulator listens only on a loopback address/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('security: QuickJS runs off the caller’s thread', function () {
  this.timeout(60_000);
  const h = perSuite(() => startKeyedBed({ formulaLimits: { quickjsTimeoutMs: 1_000 } }));

  const quickjs = async (code: string) => {
    const res = await call(h, 'POST', '/formulas/svc/quickjs:latest/fibers', { name: 'quickjs', arguments: JSON.stringify({ code }) });
    return FiberSchema.parse(res.body);
  };

  it('an endless loop is stopped at its limit while the emulator’s thread keeps running', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    try {
      const fiber = await quickjs('for (;;) {}');
      assert.equal(fiber.status, 'timeout', JSON.stringify(fiber));
      assert.ok(ticks >= 20, `the calling thread ran ${ticks} timer ticks during the script`);
    } finally {
      clearInterval(timer);
    }
  });

});

// The output cap, not the time limit, is under test here: a loaded machine may take more than the first suite's
// one second for ten thousand prints.
describe('security: QuickJS output and host access', function () {
  this.timeout(60_000);
  const h = perSuite(() => startKeyedBed({ formulaLimits: { quickjsTimeoutMs: 30_000 } }));

  const quickjs = async (code: string) => {
    const res = await call(h, 'POST', '/formulas/svc/quickjs:latest/fibers', { name: 'quickjs', arguments: JSON.stringify({ code }) });
    return FiberSchema.parse(res.body);
  };

  it('a print loop is cut at the output cap', async () => {
    const fiber = await quickjs('for (let i = 0; i < 1e4; i++) console.log("x".repeat(100)); 1');
    assert.equal(fiber.status, 'succeeded', JSON.stringify(fiber).slice(0, 300));
    assert.ok((fiber.context?.output ?? '').length < 70 * 1024);
    assert.match(fiber.context?.output ?? '', /\[output truncated at 65536 bytes\]$/);
  });

  it('has no host access: no require, no process', async () => {
    const fiber = await quickjs('[typeof require, typeof process, typeof fetch].join(",")');
    assert.equal(fiber.context?.output, 'undefined,undefined,undefined');
  });
});
