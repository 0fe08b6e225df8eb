// The HTTP server and its routing: the caller's address, then authentication on every path under /v1,
// then the body, then the endpoint.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackHost } from '../api/loopback';
import { handleBalance } from './balance';
import { handleChatCompletion } from './chatCompletions';
import { createContext, type EmulatorContext } from './context';
import { invalidRequest, ServiceError } from './errors';
import { Exchange } from './exchange';
import { handleFiles } from './files/filesRoutes';
import { handleFormulas } from './formulas/formulasRoutes';
import { randomApiKey, type EmulatorOptions, type RunningEmulator } from './options';
import { handleTokenEstimate } from './tokenEstimate';
import type { Account } from './auth';

const NOT_OPEN = (): ServiceError => new ServiceError(403, 'permission_denied_error', 'The API you are accessing is not open');

/** Multipart overhead allowed beyond the per-file limit before the body is refused unread. */
const MULTIPART_SLACK = 1024 * 1024;

async function route(ctx: EmulatorContext, ex: Exchange, account: Account): Promise<void> {
  const { method, path } = ex;
  if (path === '/v1/chat/completions' && method === 'POST') return handleChatCompletion(ctx, ex, account);
  if (path === '/v1/models' && method === 'GET') {
    const created = 1_735_689_600;
    ex.sendJson(200, { object: 'list', data: ctx.modelIds.map((id) => ({ id, object: 'model', created, owned_by: 'svc' })) });
    return;
  }
  if (path === '/v1/tokenizers/estimate-token-count' && method === 'POST') return handleTokenEstimate(ex);
  const userBalance = /^\/v1\/users\/([^/]+)\/balance$/.exec(path);
  if (userBalance && method === 'GET') {
    if (userBalance[1] !== 'me' && userBalance[1] !== account.id) {
      throw new ServiceError(403, 'permission_denied_error', 'You are not allowed to get other user info');
    }
    return handleBalance(ctx.balances, ex, account);
  }
  if (path === '/v1/files' || path.startsWith('/v1/files/')) {
    if (await handleFiles(ctx, ex, account)) return;
  }
  if (path.startsWith('/v1/formulas/')) {
    if (await handleFormulas(ctx, ex, account)) return;
  }
  throw NOT_OPEN();
}

/** Bodies other than file uploads: a chat request with a few base64 images fits well inside. */
const MAX_JSON_BODY_BYTES = 32 * 1024 * 1024;
/** Connections at once; the extension needs a handful, more is someone else's flood. */
export const MAX_CONNECTIONS = 64;

function bodyLimit(ctx: EmulatorContext, path: string): number {
  return path === '/v1/files' ? ctx.files.limits.maxFileBytes + MULTIPART_SLACK : MAX_JSON_BODY_BYTES;
}

function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      // Drain what the client sends so it reads our 400 instead of a reset connection.
      req.resume();
      req.on('end', () => resolve('too-large'));
      req.on('error', reject);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Only the process that started the emulator may use it. A web page can reach 127.0.0.1 through DNS
 * rebinding, but its requests then carry its own host name in `Host`, and a browser adds `Origin` to
 * every cross-origin request; the extension's client sends neither.
 */
function refuseForeignCaller(req: http.IncomingMessage, ownHosts: ReadonlySet<string>): void {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!ownHosts.has(host)) {
    throw new ServiceError(421, 'invalid_request_error', `Misdirected request: this server answers only to ${[...ownHosts][0]}, not to Host ${JSON.stringify(host)}`);
  }
  if (req.headers.origin !== undefined) {
    throw new ServiceError(403, 'permission_denied_error', 'Requests from web pages (with an Origin header) are refused');
  }
}

async function serve(ctx: EmulatorContext, ownHosts: ReadonlySet<string>, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const started = Date.now();
  let logged = false;
  // Written before the answer's last bytes leave, so whoever reads the log once an answer has ended finds its line.
  const log = (): void => {
    if (logged) return;
    logged = true;
    ctx.log?.append(ex, Date.now() - started);
  };
  let ex = new Exchange(req, res, Buffer.alloc(0));
  ex.beforeEnd = log;
  let bodyRead = false;
  try {
    refuseForeignCaller(req, ownHosts);
    if (!ex.path.startsWith('/v1/')) throw NOT_OPEN();
    // The key is checked before a byte of the body is read: a caller without it costs no memory.
    const account = ctx.auth.authenticate(ex.header('authorization'));
    const limit = bodyLimit(ctx, ex.path);
    const body = await readBody(req, limit);
    bodyRead = true;
    if (body === 'too-large') {
      throw ex.path === '/v1/files' ? ctx.files.tooLargeError() : invalidRequest(`the request body is larger than ${limit} bytes`);
    }
    ex = new Exchange(req, res, body);
    ex.beforeEnd = log;
    await route(ctx, ex, account);
  } catch (error) {
    // An unread body is never drained: the connection closes after the answer.
    if (!bodyRead && !res.headersSent) res.setHeader('connection', 'close');
    if (res.headersSent) {
      // A stream already started: the failure can only be reported by cutting it short.
      await ex.drop(`handler failed after the stream started: ${error instanceof Error ? error.message : String(error)}`);
    } else if (error instanceof ServiceError) {
      ex.sendError(error);
    } else {
      ex.sendError(new ServiceError(500, 'server_error', `Internal error: ${error instanceof Error ? error.message : String(error)}`));
    }
    if (!bodyRead) res.once('finish', () => req.socket.destroySoon());
  } finally {
    log();
  }
}

export class NonLoopbackHostError extends Error {
  override name = 'NonLoopbackHostError';
  constructor(host: string) {
    super(`host: the emulator listens only on a loopback address (127.0.0.1, localhost or ::1), got ${JSON.stringify(host)}`);
  }
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new NonLoopbackHostError(host);
  const apiKey = options.apiKey ?? randomApiKey();
  const ctx = await createContext({ ...options, apiKey });
  let ownHosts: ReadonlySet<string> = new Set();
  const server = http.createServer((req, res) => {
    // A broken upload stream or an unwritable log must cost this one request, never the process.
    serve(ctx, ownHosts, req, res).catch(() => res.destroy());
  });
  server.keepAliveTimeout = 5_000;
  server.maxConnections = MAX_CONNECTIONS;
  server.headersTimeout = 10_000;
  // Receiving a whole request (a 100 MB upload on a slow disk included); streamed answers are not bound by it.
  server.requestTimeout = 300_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  ownHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  return {
    url: `http://${urlHost}:${port}/v1`,
    port,
    apiKey,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      ctx.balances.flush();
    },
  };
}
