// A small HTTP server on 127.0.0.1 (free port) for the client tests: each route answers with the next
// of its handlers (the last one repeats), and every request is recorded with its raw body.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type Handler = (res: http.ServerResponse, req: RecordedRequest) => void;

export class TestServer {
  readonly requests: RecordedRequest[] = [];
  private readonly routes = new Map<string, { handlers: Handler[]; calls: number }>();
  private readonly sockets = new Set<import('node:net').Socket>();

  private constructor(
    private readonly server: http.Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<TestServer> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const instance = new TestServer(server, `http://127.0.0.1:${port}/v1`);
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => instance.dispatch(req, res));
    server.on('connection', (socket) => {
      instance.sockets.add(socket);
      socket.on('close', () => instance.sockets.delete(socket));
    });
    return instance;
  }

  /** `route('POST /chat/completions', first, second)`: the n-th call gets the n-th handler, then the last. */
  route(key: string, ...handlers: Handler[]): void {
    this.routes.set(key, { handlers, calls: 0 });
  }

  reset(): void {
    this.routes.clear();
    this.requests.length = 0;
  }

  callsTo(key: string): number {
    return this.requests.filter((r) => `${r.method} ${r.path}` === key).length;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private dispatch(req: http.IncomingMessage, res: http.ServerResponse): void {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const path = (req.url ?? '').replace(/^\/v1/, '');
      const recorded: RecordedRequest = { method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(parts) };
      this.requests.push(recorded);
      const route = this.routes.get(`${recorded.method} ${path}`);
      if (route === undefined) {
        sendJson(res, 404, { error: { type: 'resource_not_found_error', message: `no test route for ${recorded.method} ${path}` } });
        return;
      }
      const handler = route.handlers[Math.min(route.calls, route.handlers.length - 1)] as Handler;
      route.calls++;
      handler(res, recorded);
    });
  }
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (res) => sendJson(res, status, body, headers);
}

export function apiError(status: number, type: string, message: string, headers: Record<string, string> = {}): Handler {
  return json(status, { error: { type, message } }, headers);
}

/** Sends `text` as an event stream and ends the body. */
export function sse(text: string): Handler {
  return (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(text);
  };
}

/** Sends `text`, then keeps the connection open without another byte (for cancellation and timeouts). */
export function sseThenHang(text: string): Handler {
  return (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(text);
  };
}

/** Sends `text` (maybe nothing), then breaks the connection. */
export function sseThenDrop(text: string): Handler {
  return (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(text, () => res.destroy());
  };
}

/** Never answers. */
export const hang: Handler = () => undefined;

/** Closes the connection without any response byte. */
export const dropConnection: Handler = (res) => res.socket?.destroy();

/** `data: <json>\n\n` for each chunk, then `data: [DONE]\n\n`. */
export function sseBody(chunks: readonly unknown[], done = true): string {
  return chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : '');
}

/** A chunk of a stream, with the fields every chunk carries. */
export function chunk(choices: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1700000000, model: 'svc-k2.5', choices, ...extra };
}
