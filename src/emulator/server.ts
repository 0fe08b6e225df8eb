// The HTTP server and its routing: authentication first on every path under /v1, then the endpoint.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MODEL_IDS } from '../api/models';
import { handleBalance } from './balance';
import { handleChatCompletion } from './chatCompletions';
import { createContext, type EmulatorContext } from './context';
import { invalidRequest, ServiceError } from './errors';
import { Exchange } from './exchange';
import { handleFiles } from './files/filesApi';
import { handleFormulas } from './formulas/formulasApi';
import type { EmulatorOptions, RunningEmulator } from './options';
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
    ex.sendJson(200, { object: 'list', data: MODEL_IDS.map((id) => ({ id, object: 'model', created, owned_by: 'svc' })) });
    return;
  }
  if (path === '/v1/tokenizers/estimate-token-count' && method === 'POST') return handleTokenEstimate(ex);
  const userBalance = /^\/v1\/users\/([^/]+)\/balance$/.exec(path);
  if (userBalance && method === 'GET') {
    if (userBalance[1] !== 'me' && userBalance[1] !== account.id) {
      throw new ServiceError(403, 'permission_denied_error', 'You are not allowed to get other user info');
    }
    return handleBalance(ctx, ex, account);
  }
  if (path === '/v1/files' || path.startsWith('/v1/files/')) {
    if (await handleFiles(ctx, ex, account)) return;
  }
  if (path.startsWith('/v1/formulas/')) {
    if (await handleFormulas(ctx, ex, account)) return;
  }
  throw NOT_OPEN();
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

async function serve(ctx: EmulatorContext, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const started = Date.now();
  const body = await readBody(req, ctx.files.limits.maxFileBytes + MULTIPART_SLACK);
  const ex = new Exchange(req, res, body === 'too-large' ? Buffer.alloc(0) : body);
  try {
    if (!ex.path.startsWith('/v1/')) throw NOT_OPEN();
    const account = ctx.auth.authenticate(ex.header('authorization'));
    if (body === 'too-large') {
      throw ex.path === '/v1/files' ? ctx.files.tooLargeError() : invalidRequest(`the request body is larger than ${ctx.files.limits.maxFileBytes + MULTIPART_SLACK} bytes`);
    }
    await route(ctx, ex, account);
  } catch (error) {
    if (res.headersSent) {
      // A stream already started: the failure can only be reported by cutting it short.
      await ex.drop(`handler failed after the stream started: ${error instanceof Error ? error.message : String(error)}`);
    } else if (error instanceof ServiceError) {
      ex.sendError(error);
    } else {
      ex.sendError(new ServiceError(500, 'server_error', `Internal error: ${error instanceof Error ? error.message : String(error)}`));
    }
  } finally {
    ctx.log?.append(ex, Date.now() - started);
  }
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const ctx = await createContext(options);
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer((req, res) => {
    // A broken upload stream or an unwritable log must cost this one request, never the process.
    serve(ctx, req, res).catch(() => res.destroy());
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}/v1`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      ctx.balances.flush();
    },
  };
}
