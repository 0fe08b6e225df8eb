// One HTTP request/response pair. Handlers answer through it so that every answer (JSON, text or a
// stream) is also captured for the session log in one place.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ServiceError } from './errors';

export interface ExchangeRecord {
  status: number;
  /** Parsed JSON, text, or for a stream the list of `data:` payloads in order. */
  body: unknown;
  /** How the exchange ended when it did not end normally (dropped connection, client gone). */
  ended?: string;
}

export class Exchange {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly record: ExchangeRecord = { status: 0, body: undefined };
  private streamed: string[] | undefined;
  private clientGone = false;
  /** Runs once, right before the response's last bytes are written (the session log's line). */
  beforeEnd: (() => void) | undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly body: Buffer,
  ) {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    this.method = (req.method ?? 'GET').toUpperCase();
    this.path = url.pathname;
    this.query = url.searchParams;
    res.on('close', () => {
      if (res.writableFinished) return;
      this.clientGone = true;
      // The session log tells a client's stop (an aborted request) from a stream the emulator ended itself.
      this.record.ended ??= 'client closed the connection';
    });
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(',') : value;
  }

  get closed(): boolean {
    return this.clientGone || this.res.destroyed;
  }

  /** The body parsed as JSON; a malformed body is the spec's invalid_request_error. */
  json(): unknown {
    const text = this.body.toString('utf8');
    if (text.trim() === '') throw new ServiceError(400, 'invalid_request_error', 'Invalid request: the request body is empty; a JSON object is required');
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new ServiceError(400, 'invalid_request_error', `Invalid request: the body is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  sendJson(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.record.status = status;
    this.record.body = body;
    this.res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    this.end(JSON.stringify(body));
  }

  sendText(status: number, body: string, contentType: string): void {
    this.record.status = status;
    this.record.body = body;
    this.res.writeHead(status, { 'content-type': contentType });
    this.end(body);
  }

  sendError(error: ServiceError): void {
    this.sendJson(error.status, error.body(), error.headers);
  }

  /** Starts a server-sent event stream (status 200). */
  openStream(): void {
    this.record.status = 200;
    this.streamed = [];
    this.record.body = this.streamed;
    this.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    this.res.flushHeaders();
  }

  /** Writes one `data:` event; waits only when the socket pushes back, or the connection is gone. */
  async writeEvent(payload: string): Promise<void> {
    this.streamed?.push(payload);
    if (this.closed) return;
    if (this.res.write(`data: ${payload}\n\n`)) return;
    await this.settle('drain');
  }

  /** Resolves on `event` or on close, so a vanished client never leaves a handler waiting. */
  private settle(event: 'drain' | 'flushed'): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = (): void => {
        this.res.off('close', done);
        this.res.off('drain', done);
        resolve();
      };
      this.res.once('close', done);
      if (event === 'drain') this.res.once('drain', done);
      // An empty write's callback runs once everything written before it reached the socket.
      else this.res.write('', done);
    });
  }

  endStream(): void {
    if (!this.closed) this.end();
  }

  private end(body?: string): void {
    const before = this.beforeEnd;
    this.beforeEnd = undefined;
    before?.();
    this.res.end(body);
  }

  /** Cuts the TCP connection mid-stream without a proper end, as a failing network would. */
  async drop(reason: string): Promise<void> {
    this.record.ended = reason;
    const socket = this.res.socket;
    if (!socket) return;
    if (!this.closed) await this.settle('flushed');
    const before = this.beforeEnd;
    this.beforeEnd = undefined;
    before?.();
    // FIN without the closing zero-length chunk: the client keeps what arrived and sees a broken body.
    socket.end(() => socket.destroy());
  }
}
