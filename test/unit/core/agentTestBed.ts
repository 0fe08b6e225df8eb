// Shared set-up of the agent tests: the real emulator (port 0, 127.0.0.1) with the scenario file and a
// request log, the real client, a page served on 127.0.0.1 for the fetch formula, and checks over the
// logged request sequence.
import assert from 'node:assert/strict';
import { promises as fs, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { SvcClient, type ChatMessage, type ChatRequest } from '../../../src/api/index';
import { startEmulator, type FaultOptions, type RunningEmulator, type Scenario } from '../../../src/emulator/index';

export const SCENARIO_FILE = path.join(__dirname, '../../fixtures/scenarios/agent-tasks.json');

export interface TestBed {
  emulator: RunningEmulator;
  client: SvcClient;
  logFile: string;
  pageUrl: string;
  dir: string;
  close(): Promise<void>;
}

export const LEAP_PAGE = '<html><head><title>Leap calendar</title></head><body><h1>Leap rules</h1><p>Divisible by 4, except centuries, unless divisible by 400 (marker: gregorian-1582).</p></body></html>';

async function servePage(): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(LEAP_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/leap.html` };
}

/** The scenario file with `{{pageUrl}}` filled in (the page's port is only known at run time). */
function scenarios(pageUrl: string): Scenario[] {
  const text = readFileSync(SCENARIO_FILE, 'utf8').replaceAll('{{pageUrl}}', pageUrl);
  return (JSON.parse(text) as { scenarios: Scenario[] }).scenarios;
}

export async function startTestBed(options: { speed?: number; faults?: FaultOptions } = {}): Promise<TestBed> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-agent-'));
  const logFile = path.join(dir, 'requests.jsonl');
  const page = await servePage();
  const emulator = await startEmulator({ host: '127.0.0.1', port: 0, dataDir: path.join(dir, 'data'), logFile, scenarios: scenarios(page.url), speed: options.speed ?? 0, faults: options.faults ?? {}, formulaLimits: { fetchAllowedAddresses: ['127.0.0.1'] } });
  const client = new SvcClient({ baseUrl: emulator.url, apiKey: emulator.apiKey, maxRetries: 0 });
  let closing: Promise<void> | undefined;
  return {
    emulator,
    client,
    logFile,
    pageUrl: page.url,
    dir,
    close: () => {
      // Idempotent: a test that swaps in a differently configured bed has closed this one already.
      closing ??= (async () => {
        await emulator.close();
        page.server.closeAllConnections();
        await new Promise<void>((resolve) => page.server.close(() => resolve()));
        // The emulator may still be appending the last exchange of a broken-off stream to its log.
        await fs.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
      })();
      return closing;
    },
  };
}

export interface LoggedExchange {
  method: string;
  path: string;
  status: number;
  request: unknown;
}

export async function loggedExchanges(bed: TestBed): Promise<LoggedExchange[]> {
  const text = await fs.readFile(bed.logFile, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as LoggedExchange);
}

export async function chatRequests(bed: TestBed): Promise<{ status: number; body: ChatRequest }[]> {
  return (await loggedExchanges(bed)).filter((e) => e.path.endsWith('/chat/completions')).map((e) => ({ status: e.status, body: e.request as ChatRequest }));
}

/** Every assistant tool call in a request is answered by exactly one tool message before anything else follows. */
export function assertEveryCallAnswered(messages: readonly ChatMessage[], where: string): void {
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as ChatMessage;
    if (message.role !== 'assistant' || !message.tool_calls?.length) continue;
    let end = i + 1;
    while (end < messages.length && messages[end]?.role === 'tool') end++;
    const answers = messages.slice(i + 1, end).map((m) => (m.role === 'tool' ? m.tool_call_id : ''));
    const ids = message.tool_calls.map((c) => c.id);
    assert.deepEqual([...answers].sort(), [...ids].sort(), `${where}: message ${i} calls ${ids.join(',')} but is answered by ${answers.join(',') || 'nothing'}`);
  }
}

export async function assertNoUnansweredCallSent(bed: TestBed): Promise<number> {
  const requests = await chatRequests(bed);
  requests.forEach((r, n) => assertEveryCallAnswered(r.body.messages, `request ${n + 1}`));
  return requests.length;
}
