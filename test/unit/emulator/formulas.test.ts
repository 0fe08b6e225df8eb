// Every official formula over raw HTTP: tool definitions, real offline behaviour, limits and
// failures as non-succeeded fibers.
import assert from 'node:assert/strict';
import * as XLSX from '@e965/xlsx';
import { OFFICIAL_FORMULAS } from '../../../src/api/models';
import { ENCRYPTED_BEGIN, ENCRYPTED_END, FiberSchema, FileObjectSchema, FormulaToolsSchema, type Fiber } from '../../../src/api/schemas';
import { serveOnLoopback, type EmulatorTestBed } from '../../support/emulatorTestBed';
import { perSuite } from '../../support/suiteHooks';
import { call, errorOf, OTHER_KEY, startKeyedBed } from './rawRequests';

async function fiber(h: EmulatorTestBed, formula: string, name: string, args: unknown, key?: string): Promise<Fiber> {
  const res = await call(h, 'POST', `/formulas/svc/${formula}:latest/fibers`, { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) }, key ? { key } : {});
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return FiberSchema.parse(res.body);
}

async function output(h: EmulatorTestBed, formula: string, name: string, args: unknown): Promise<string> {
  const f = await fiber(h, formula, name, args);
  assert.equal(f.status, 'succeeded', JSON.stringify(f));
  return f.context!.output!;
}

async function failure(h: EmulatorTestBed, formula: string, name: string, args: unknown, status: string): Promise<Fiber> {
  const f = await fiber(h, formula, name, args);
  assert.equal(f.status, status, JSON.stringify(f));
  assert.ok(f.error && f.context!.error === f.error);
  return f;
}

describe('emulator formulas', () => {
  // Programs that must finish get limits no loaded machine reaches; the time-limit cases run on a bed of
  // their own with short limits, so no outcome depends on how fast this machine starts Python or QuickJS.
  const limits = { quickjsMemoryBytes: 8 * 1024 * 1024, codeRunnerOutputBytes: 1000, fetchMaxBytes: 2000, fetchAllowedAddresses: ['127.0.0.1'] };
  const h = perSuite(() => startKeyedBed({ formulaLimits: { ...limits, quickjsTimeoutMs: 60_000, codeRunnerTimeoutMs: 60_000, fetchTimeoutMs: 60_000 } }));
  const tight = perSuite(() => startKeyedBed({ formulaLimits: { ...limits, quickjsTimeoutMs: 300, codeRunnerTimeoutMs: 1500, fetchTimeoutMs: 500 } }));

  it('serves tool definitions in the chat tools format for every official formula', async () => {
    for (const name of OFFICIAL_FORMULAS) {
      const res = await call(h, 'GET', `/formulas/svc/${name}:latest/tools`);
      assert.equal(res.status, 200, name);
      const tools = FormulaToolsSchema.parse(res.body);
      assert.ok(tools.tools.length >= 1, name);
      for (const t of tools.tools) {
        assert.equal(t.type, 'function');
        assert.equal(t.function.parameters!.type, 'object');
        for (const req of t.function.parameters!.required ?? []) assert.ok(req in t.function.parameters!.properties!, `${name}.${req}`);
        for (const p of Object.values(t.function.parameters!.properties!)) assert.ok(p.type && p.description, name);
      }
    }
    const search = FormulaToolsSchema.parse((await call(h, 'GET', '/formulas/svc/web-search:latest/tools')).body);
    assert.equal(search.tools[0]!.function.name, 'web_search');
    const encoded = await call(h, 'GET', `/formulas/${encodeURIComponent('svc/convert:latest')}/tools`);
    assert.equal(encoded.status, 200, 'a percent-encoded URI works too');
    const noTag = await call(h, 'GET', '/formulas/svc/convert/tools');
    assert.equal(noTag.status, 200, 'the tag defaults to latest');
  });

  it('gives clear errors for unknown formulas, namespaces, tags and functions, and bad bodies', async () => {
    const unknown = await call(h, 'GET', '/formulas/svc/teleport:latest/tools');
    assert.equal(unknown.status, 404);
    assert.match(errorOf(unknown).message, /Not found the formula svc\/teleport:latest; official formulas: convert, web-search/);
    assert.match(errorOf(await call(h, 'GET', '/formulas/acme/convert:latest/tools')).message, /the only namespace is svc/);
    assert.match(errorOf(await call(h, 'GET', '/formulas/svc/convert:v2/tools')).message, /the only tag is latest/);
    const fn = await call(h, 'POST', '/formulas/svc/base64:latest/fibers', { name: 'base64_rot13', arguments: '{}' });
    assert.equal(fn.status, 400);
    assert.equal(errorOf(fn).message, 'Invalid request: formula svc/base64:latest has no function "base64_rot13"; its functions: base64_encode, base64_decode');
    const body = await call(h, 'POST', '/formulas/svc/base64:latest/fibers', { name: 'base64_encode', arguments: { text: 'x' } });
    assert.equal(body.status, 400);
    assert.match(errorOf(body).message, /^Invalid request: arguments: .*\{"name": string, "arguments": string\}/);
  });

  it('returns a full fiber object; bad JSON arguments give status invalid_arguments', async () => {
    const f = await fiber(h, 'base64', 'base64_encode', { text: 'hi' });
    assert.equal(f.object, 'fiber');
    assert.equal(f.formula, 'svc/base64:latest');
    assert.equal(f.context!.input, JSON.stringify({ name: 'base64_encode', arguments: JSON.stringify({ text: 'hi' }) }));
    assert.ok(f.id && f.lambda_id && f.organization_id && f.project_id && Number.isInteger(f.created_at));
    const bad = await failure(h, 'base64', 'base64_encode', '{"text": ', 'invalid_arguments');
    assert.match(bad.error!, /arguments is not valid JSON/);
    const missing = await failure(h, 'base64', 'base64_encode', {}, 'invalid_arguments');
    assert.equal(missing.error, 'base64_encode: argument "text" is required and must be a non-empty string');
  });

  it('convert: every unit family, temperatures, currency from an offline table said so', async () => {
    const cases: [number, string, string, string][] = [
      [5, 'km', 'miles', '5 km = 3.106855961 mi'],
      [1, 'lb', 'g', '1 lb = 453.59237 g'],
      [1, 'gallon', 'l', '1 gal = 3.785411784 l'],
      [100, '°C', '°F', '100 °C = 212 °F'],
      [0, 'K', 'celsius', '0 K = -273.15 °C'],
      [1, 'acre', 'm2', '1 acre = 4046.856422 m²'],
      [2, 'hours', 'min', '2 h = 120 min'],
      [1, 'kWh', 'J', '1 kWh = 3600000 J'],
      [1, 'atm', 'kPa', '1 atm = 101.325 kPa'],
      [100, 'km/h', 'm/s', '100 km/h = 27.77777778 m/s'],
    ];
    for (const [value, from, to, expected] of cases) assert.equal(await output(h, 'convert', 'convert', { value, from, to }), expected);
    const money = await output(h, 'convert', 'convert', { value: 100, from: 'USD', to: 'EUR' });
    assert.match(money, /^100 USD = 96\.34 EUR\n\(Offline fixed exchange-rate table of \d{4}-\d{2}-\d{2} in the local emulator, not live rates\.\)$/);
    assert.match((await failure(h, 'convert', 'convert', { value: 1, from: 'km', to: 'kg' }, 'invalid_arguments')).error!, /cannot convert length \(km\) to mass \(kg\)/);
    assert.match((await failure(h, 'convert', 'convert', { value: 1, from: 'parsec-ish', to: 'm' }, 'invalid_arguments')).error!, /unknown unit "parsec-ish"/);
  });

  it('date: now in a time zone, format, diff and add; a bad zone fails', async () => {
    assert.match(await output(h, 'date', 'date', { action: 'now', timezone: 'Europe/Paris' }), /\(ISO \d{4}-\d{2}-\d{2}T/);
    assert.equal(await output(h, 'date', 'date', { action: 'diff', date: '2025-01-01', other_date: '2025-03-01' }), '59 days (1416 hours) from 2025-01-01T00:00:00.000Z to 2025-03-01T00:00:00.000Z');
    assert.match(await output(h, 'date', 'date', { action: 'add', date: '2024-02-28T00:00:00Z', days: 1 }), /Thursday, 29 February 2024.*ISO 2024-02-29T00:00:00\.000Z/);
    assert.match(await output(h, 'date', 'date', { action: 'format', date: '2025-06-01T12:00:00Z', timezone: 'Asia/Tokyo' }), /Sunday, 1 June 2025 at 21:00:00 GMT\+9/);
    assert.match((await failure(h, 'date', 'date', { action: 'now', timezone: 'Mars/Olympus' }, 'invalid_arguments')).error!, /IANA time zone/);
    assert.match((await failure(h, 'date', 'date', { action: 'travel' }, 'invalid_arguments')).error!, /must be one of now, format, diff, add/);
  });

  it('base64: encodes and decodes UTF-8, rejects what is not Base64', async () => {
    assert.equal(await output(h, 'base64', 'base64_encode', { text: 'héllo ✓' }), Buffer.from('héllo ✓').toString('base64'));
    assert.equal(await output(h, 'base64', 'base64_decode', { data: 'aMOpbGxvIOKckw==' }), 'héllo ✓');
    assert.match((await failure(h, 'base64', 'base64_decode', { data: 'not*base64' }, 'invalid_arguments')).error!, /not valid Base64/);
  });

  it('random-choice: reproducible for a seed, different seeds can differ, count picks distinct items', async () => {
    const candidates = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const one = await output(h, 'random-choice', 'random_choice', { candidates, seed: 'x' });
    assert.equal(await output(h, 'random-choice', 'random_choice', { candidates, seed: 'x' }), one);
    const picks = new Set<string>();
    for (let i = 0; i < 12; i++) picks.add(await output(h, 'random-choice', 'random_choice', { candidates, seed: String(i) }));
    assert.ok(picks.size > 1, 'seeds change the pick');
    const three = (await output(h, 'random-choice', 'random_choice', { candidates, count: 3, seed: 1 })).split('\n');
    assert.equal(new Set(three).size, 3);
    assert.ok(three.every((p) => candidates.includes(p)));
    await failure(h, 'random-choice', 'random_choice', { candidates: [] }, 'invalid_arguments');
    await failure(h, 'random-choice', 'random_choice', { candidates, count: 9 }, 'invalid_arguments');
  });

  it('mew: a meow and a blessing, reproducible for the same input', async () => {
    const a = await output(h, 'mew', 'mew_generator', { mood: 'tired' });
    assert.match(a, /^(Meow|Mew|Mrr|Purr|Nya|Meee|Mrrp).*\(for a tired human\) May /);
    assert.equal(await output(h, 'mew', 'mew_generator', { mood: 'tired' }), a);
  });

  it('memory: store, retrieve, list, delete, per key, persistent across a restart', async () => {
    assert.equal(await output(h, 'memory', 'memory', { action: 'store', key: 'editor', value: 'prefers tabs' }), 'Stored memory "editor".');
    assert.equal(await output(h, 'memory', 'memory', { action: 'retrieve', key: 'editor' }), 'prefers tabs');
    const other = await fiber(h, 'memory', 'memory', { action: 'retrieve', key: 'editor' }, OTHER_KEY);
    assert.equal(other.status, 'failed', 'another key has its own memory');
    await h.restart();
    assert.equal(await output(h, 'memory', 'memory', { action: 'list' }), '- editor: prefers tabs');
    assert.equal(await output(h, 'memory', 'memory', { action: 'delete', key: 'editor' }), 'Deleted memory "editor".');
    assert.equal(await output(h, 'memory', 'memory', { action: 'list' }), 'No memories stored.');
    assert.match((await failure(h, 'memory', 'memory', { action: 'retrieve', key: 'editor' }, 'failed')).error!, /no memory named "editor"/);
  });

  it('excel: analyses an uploaded CSV and XLSX by file id', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['region', 'sales'], ['north', 120], ['south', 80], ['east', 100]]), 'Q1');
    const up = async (name: string, bytes: Buffer | string, key?: string) => {
      const f = new FormData();
      f.append('purpose', 'file-extract');
      f.append('file', new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : new Uint8Array(bytes)]), name);
      return FileObjectSchema.parse((await call(h, 'POST', '/files', f, key ? { key } : {})).body).id;
    };
    const xlsxId = await up('sales.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const out = await output(h, 'excel', 'excel', { file_id: xlsxId });
    assert.match(out, /## Sheet "Q1": 3 data row\(s\), 2 column\(s\)/);
    assert.match(out, /\| north \| 120 \|/);
    assert.match(out, /- sales: count 3, sum 300, mean 100, min 80, max 120/);
    const csvId = await up('people.csv', 'name,age\nada,36\nalan,41\n');
    assert.match(await output(h, 'excel', 'excel', { file_id: csvId, max_rows: 1 }), /\| ada \| 36 \|\n… 1 more row\(s\)[\s\S]*- age: count 2, sum 77/);
    const txtId = await up('notes.txt', 'hello');
    assert.match((await failure(h, 'excel', 'excel', { file_id: txtId }, 'failed')).error!, /is not a CSV or Excel file/);
    assert.match((await failure(h, 'excel', 'excel', { file_id: 'cfnope' }, 'failed')).error!, /Not found the file cfnope/);
    const theirs = await up('their.csv', 'a\n1\n', OTHER_KEY);
    assert.match((await failure(h, 'excel', 'excel', { file_id: theirs }, 'failed')).error!, /not allowed to get other user info/);
  });

  it('rethink: hands the thought back as numbered steps', async () => {
    assert.equal(await output(h, 'rethink', 'rethink', { thought: 'The sum looks wrong. Check the carry.' }), 'Thought recorded (2 steps):\n1. The sum looks wrong.\n2. Check the carry.');
  });

  it('web-search: encrypted_output between the spec markers, no plain output', async () => {
    const f = await fiber(h, 'web-search', 'web_search', { query: 'svc pricing' });
    assert.equal(f.status, 'succeeded');
    assert.equal(f.context!.output, undefined);
    const enc = f.context!.encrypted_output!;
    assert.ok(enc.startsWith(ENCRYPTED_BEGIN) && enc.endsWith(ENCRYPTED_END));
    assert.doesNotMatch(enc, /svc pricing/, 'the payload is not readable as is');
  });

  it('quickjs: value of the last expression and console output, errors, time and memory limits', async () => {
    assert.equal(await output(h, 'quickjs', 'quickjs', { code: '17 * 23 + 4' }), '395');
    assert.equal(await output(h, 'quickjs', 'quickjs', { code: 'console.log("a", {b: 1}); [1, 2].map((x) => x * 2)' }), 'a {"b":1}\n[2,4]');
    assert.match((await failure(h, 'quickjs', 'quickjs', { code: 'throw new TypeError("nope")' }, 'failed')).error!, /TypeError: nope/);
    assert.equal(await output(h, 'quickjs', 'quickjs', { code: 'typeof process + typeof require' }), 'undefinedundefined', 'no host access');
    const slow = await failure(tight, 'quickjs', 'quickjs', { code: 'console.log("started"); while (true) {}' }, 'timeout');
    assert.match(slow.error!, /ran longer than 300 ms/);
    assert.equal(slow.context!.output, 'started');
    assert.match((await failure(h, 'quickjs', 'quickjs', { code: 'const big = new Array(4e6).fill(1); big.length' }, 'failed')).error!, /memory limit/);
  });

  it('code_runner: runs Python 3, reports failures, stops at the time limit and caps output', async () => {
    assert.equal(await output(h, 'code_runner', 'code_runner', { code: 'import math\nprint(math.factorial(10))' }), '3628800\n');
    const err = await failure(h, 'code_runner', 'code_runner', { code: 'print("before")\nraise ValueError("bad")' }, 'failed');
    assert.match(err.error!, /exited with status 1[\s\S]*ValueError: bad/);
    assert.match(err.context!.output!, /^before\n/);
    assert.match((await failure(tight, 'code_runner', 'code_runner', { code: 'import time\ntime.sleep(30)' }, 'timeout')).error!, /longer than 1500 ms/);
    const capped = await output(h, 'code_runner', 'code_runner', { code: 'print("y" * 5000)' });
    assert.match(capped, /^y{1000}\n\[output truncated at 1000 bytes\]$/);
  });

  describe('fetch', () => {
    const site = perSuite(() =>
      serveOnLoopback((req, res) => {
        if (req.url === '/page') {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<html><head><title>Doc</title><style>p{}</style></head><body><h1>Intro</h1><p>See <a href="/x">this</a>.</p></body></html>');
        } else if (req.url === '/text') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('plain words');
        } else if (req.url === '/big') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('z'.repeat(10_000));
        } else if (req.url === '/slow') {
          setTimeout(() => res.end('late'), 3000).unref();
        } else {
          res.writeHead(404);
          res.end('missing');
        }
      }),
    );

    it('does a real GET and turns HTML into Markdown', async () => {
      assert.equal(await output(h, 'fetch', 'fetch', { url: `${site.url}/page` }), `URL: ${site.url}/page\nTitle: Doc\n\n# Intro\n\nSee [this](/x).`);
      assert.equal(await output(h, 'fetch', 'fetch', { url: `${site.url}/text` }), `URL: ${site.url}/text\n\nplain words`);
    });

    it('caps the size, and fails on HTTP errors, time-outs and bad URLs', async () => {
      assert.match(await output(h, 'fetch', 'fetch', { url: `${site.url}/big` }), /^URL: .*\n\nz{2000}\n\n\[truncated at 2000 bytes\]$/);
      assert.match((await failure(h, 'fetch', 'fetch', { url: `${site.url}/nothing` }, 'failed')).error!, /answered HTTP 404/);
      assert.match((await failure(tight, 'fetch', 'fetch', { url: `${site.url}/slow` }, 'timeout')).error!, /did not answer within 500 ms/);
      assert.match((await failure(h, 'fetch', 'fetch', { url: 'file:///etc/passwd' }, 'invalid_arguments')).error!, /only http and https/);
      assert.match((await failure(h, 'fetch', 'fetch', { url: 'not a url' }, 'invalid_arguments')).error!, /is not a URL/);
    });
  });
});
