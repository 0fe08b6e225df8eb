// The one emulator test bed of the Node suites (unit, fault, security): the real emulator on 127.0.0.1
// (a free port) over a fresh temp folder, with its request log, the real client on it, and, when a test
// needs one, a page served on 127.0.0.1 for the fetch formula. Suites add only what is theirs on top
// (raw HTTP helpers, fault plans, scenarios).
import { promises as fsp, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SvcClient, type SvcClientOptions } from '../../src/api/index';
import { startEmulator, type EmulatorOptions, type RunningEmulator, type Scenario } from '../../src/emulator/index';

export interface LoggedExchange {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string>;
  request: unknown;
  ended?: string;
}

export interface TestBedOptions extends Omit<EmulatorOptions, 'scenarios'> {
  /** Scenarios, or a function of the served page's URL when the scenarios fetch it. */
  scenarios?: EmulatorOptions['scenarios'] | ((pageUrl: string) => Scenario[]);
  /** HTML served on 127.0.0.1 for the fetch formula (reachable through formulaLimits.fetchAllowedAddresses). */
  page?: string;
}

export interface EmulatorTestBed {
  emulator: RunningEmulator;
  /** The emulator's base URL (…/v1). */
  url: string;
  apiKey: string;
  /** The temp folder of this bed: data, request log and whatever a test writes there. */
  dir: string;
  dataDir: string;
  logFile: string;
  /** The served page's URL; empty when no page was asked for. */
  pageUrl: string;
  options: EmulatorOptions;
  /** The real client on the bed, without retries. */
  client: SvcClient;
  /** A client with other options (retries, its own fetch) on the same bed. */
  clientWith(options: Partial<SvcClientOptions>): SvcClient;
  /** Every exchange so far, in order, from the request log. */
  exchanges(): LoggedExchange[];
  /** Exchanges so far matching method and path (a string for equality, a RegExp to test). */
  count(method: string, pathPattern: string | RegExp): number;
  /** Restarts the emulator on the same data folder (persistence tests). */
  restart(extra?: EmulatorOptions): Promise<void>;
  /** Idempotent: a test that swaps in a differently configured bed may have closed this one already. */
  close(): Promise<void>;
}

export interface LoopbackServer {
  /** The origin, `http://<host>:<port>`. */
  url: string;
  /** Requests that reached it so far. */
  hits(): number;
  close(): Promise<void>;
}

/** An HTTP server on a free port of a loopback address, for what a formula or a page should reach. */
export async function serveOnLoopback(handler: (req: IncomingMessage, res: ServerResponse) => void, host = '127.0.0.1'): Promise<LoopbackServer> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits += 1;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close() {
      // Kept-alive connections (fetch keeps them) would otherwise hold close() open.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function tempDir(prefix = 'svc-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startEmulatorTestBed(options: TestBedOptions = {}): Promise<EmulatorTestBed> {
  const { page: html, scenarios, ...rest } = options;
  const dir = tempDir('svc-bed-');
  const logFile = rest.logFile ?? path.join(dir, 'requests.jsonl');
  const dataDir = rest.dataDir ?? path.join(dir, 'data');
  const page =
    html !== undefined
      ? await serveOnLoopback((_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(html);
        })
      : undefined;
  const pageUrl = page ? `${page.url}/leap.html` : '';
  const full: EmulatorOptions = {
    host: '127.0.0.1',
    port: 0,
    ...rest,
    dataDir,
    logFile,
    ...(scenarios !== undefined ? { scenarios: typeof scenarios === 'function' ? scenarios(pageUrl) : scenarios } : {}),
    ...(page ? { formulaLimits: { fetchAllowedAddresses: ['127.0.0.1'], ...rest.formulaLimits } } : {}),
  };
  const emulator = await startEmulator(full);
  const exchanges = (): LoggedExchange[] =>
    existsSync(logFile)
      ? readFileSync(logFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as LoggedExchange)
      : [];
  let closing: Promise<void> | undefined;
  const bed: EmulatorTestBed = {
    emulator,
    url: emulator.url,
    apiKey: emulator.apiKey,
    dir,
    dataDir,
    logFile,
    pageUrl,
    options: full,
    client: new SvcClient({ baseUrl: emulator.url, apiKey: emulator.apiKey, maxRetries: 0 }),
    clientWith: (clientOptions) => new SvcClient({ baseUrl: bed.url, apiKey: bed.apiKey, maxRetries: 0, ...clientOptions }),
    exchanges,
    count: (method, pattern) => exchanges().filter((r) => r.method === method && (typeof pattern === 'string' ? r.path === pattern : pattern.test(r.path))).length,
    async restart(extra = {}) {
      await bed.emulator.close();
      bed.emulator = await startEmulator({ ...full, ...extra });
      bed.url = bed.emulator.url;
      bed.apiKey = bed.emulator.apiKey;
      bed.client = bed.clientWith({});
    },
    close() {
      closing ??= (async () => {
        await bed.emulator.close();
        await page?.close();
        // The emulator may still be appending the last exchange of a broken-off stream to its log.
        await fsp.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
        if (!dataDir.startsWith(dir)) rmSync(dataDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
  return bed;
}
