// `--log FILE`: every request and response appended as one JSON line, API keys redacted, so a
// failing test can show what crossed the wire.
import fs from 'node:fs';
import path from 'node:path';
import type { Exchange } from './exchange';

const REDACTED = '[REDACTED]';

export class RequestLog {
  constructor(
    private readonly file: string,
    private readonly keys: readonly string[],
  ) {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }

  private redact(text: string): string {
    let out = text;
    for (const key of this.keys) if (key) out = out.split(key).join(REDACTED);
    return out;
  }

  private requestBody(ex: Exchange): unknown {
    if (ex.body.length === 0) return undefined;
    const type = ex.header('content-type') ?? '';
    if (type.startsWith('multipart/')) return `<multipart body of ${ex.body.length} bytes>`;
    const text = ex.body.toString('utf8');
    try {
      return JSON.parse(text);
    } catch {
      return text.length > 100_000 ? `${text.slice(0, 100_000)}…` : text;
    }
  }

  append(ex: Exchange, durationMs: number): void {
    const headers: Record<string, unknown> = { ...ex.req.headers };
    if (headers.authorization !== undefined) headers.authorization = `Bearer ${REDACTED}`;
    const entry = {
      time: new Date().toISOString(),
      method: ex.method,
      path: ex.path,
      query: Object.fromEntries(ex.query),
      headers,
      request: this.requestBody(ex),
      status: ex.record.status,
      response: ex.record.body,
      ended: ex.record.ended,
      durationMs,
    };
    fs.appendFileSync(this.file, `${this.redact(JSON.stringify(entry))}\n`);
  }
}
