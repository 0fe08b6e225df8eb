// Shared by the emulator tests: a started emulator in a fresh data dir, raw HTTP helpers and an SSE
// reader built on eventsource-parser (not on the emulator's or the client's code).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import {
  ChatCompletionChunkSchema,
  ChatCompletionSchema,
  ErrorEnvelopeSchema,
  type ChatCompletion,
  type ChatCompletionChunk,
} from '../../../src/api/schemas';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../src/emulator/index';

export const KEY = 'sk-test-main';
export const OTHER_KEY = 'sk-test-other';

export interface Harness {
  emu: RunningEmulator;
  dataDir: string;
  options: EmulatorOptions;
  /** Restarts on the same data dir (persistence tests). */
  restart(extra?: EmulatorOptions): Promise<void>;
  close(): Promise<void>;
}

export function tempDir(prefix = 'svc-emu-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? tempDir();
  const full: EmulatorOptions = { apiKey: KEY, otherKey: OTHER_KEY, ...options, dataDir };
  const harness: Harness = {
    emu: await startEmulator(full),
    dataDir,
    options: full,
    async restart(extra = {}) {
      await harness.emu.close();
      harness.emu = await startEmulator({ ...full, ...extra });
    },
    async close() {
      await harness.emu.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = unknown>(
  h: Harness,
  method: string,
  route: string,
  body?: unknown,
  init: { key?: string | null; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  const key = init.key === undefined ? KEY : init.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (typeof body === 'string') payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${h.emu.url}${route}`, { method, headers, body: payload });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Non-JSON bodies (streams) stay text.
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export function chat(h: Harness, body: Record<string, unknown>, init: { key?: string | null; headers?: Record<string, string> } = {}): Promise<JsonResponse> {
  return call(h, 'POST', '/chat/completions', body, init);
}

/** The body as a chat completion, validated against the shared schema. */
export function completionOf(res: JsonResponse): ChatCompletion {
  return ChatCompletionSchema.parse(res.body);
}

/** The body as the spec's error envelope, validated against the shared schema. */
export function errorOf(res: JsonResponse): { type: string; message: string } {
  return ErrorEnvelopeSchema.parse(res.body).error;
}

export interface StreamResult {
  status: number;
  /** Every `data:` payload in order, [DONE] included. */
  events: string[];
  /** The JSON payloads (everything but [DONE] and malformed ones), validated against the shared schema. */
  chunks: ChatCompletionChunk[];
  /** Set when the connection broke before the stream ended. */
  error: Error | undefined;
}

export async function stream(h: Harness, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<StreamResult> {
  const res = await fetch(`${h.emu.url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ...body, stream: true }),
  });
  const events: string[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e.data) });
  let error: Error | undefined;
  const decoder = new TextDecoder();
  try {
    for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(part, { stream: true }));
  } catch (e) {
    error = e as Error;
  }
  const chunks = events.filter((e) => e !== '[DONE]').flatMap((e) => {
    let json: unknown;
    try {
      json = JSON.parse(e);
    } catch {
      return [];
    }
    return json && typeof json === 'object' && 'error' in json ? [] : [ChatCompletionChunkSchema.parse(json)];
  });
  return { status: res.status, events, chunks, error };
}

export function user(content: string) {
  return { role: 'user' as const, content };
}
