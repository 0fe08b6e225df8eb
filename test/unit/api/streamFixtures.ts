// Stream bodies for the streaming tests: the real recorded fixtures as SSE bytes, and a client whose
// fetch answers with given byte pieces (so a test decides exactly where the body is split).
import fs from 'node:fs';
import path from 'node:path';
import { SvcClient } from '../../../src/api';

export const FIXTURE_DIR = path.resolve(__dirname, '../../fixtures/real');

/** A fixture's chunks (one JSON per line) as the service streams them, `[DONE]` included. */
export function fixtureSse(name: string): string {
  const lines = fs.readFileSync(path.join(FIXTURE_DIR, name), 'utf8').split('\n').filter((l) => l.trim() !== '');
  return lines.map((l) => `data: ${l}\n\n`).join('') + 'data: [DONE]\n\n';
}

export function fixtureNames(): string[] {
  return fs.readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.chunks.txt')).sort();
}

/** A client whose every call answers 200 with these body pieces, in this order, each its own read. */
export function clientServing(pieces: readonly Uint8Array[], maxRetries = 0): SvcClient {
  return new SvcClient({
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKey: 'sk-test',
    maxRetries,
    fetch: async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const piece of pieces) controller.enqueue(piece);
            controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      ),
  });
}

export const STREAM_REQUEST = { model: 'svc-k2.5', messages: [{ role: 'user' as const, content: 'Hi' }] };
