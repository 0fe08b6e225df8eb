// Raw HTTP helpers for the emulator tests and an SSE reader built on eventsource-parser (not on the
// emulator's or the client's code), over the one emulator test bed.
import { createParser } from 'eventsource-parser';
import {
  ChatCompletionChunkSchema,
  ChatCompletionSchema,
  ErrorEnvelopeSchema,
  type ChatCompletion,
  type ChatCompletionChunk,
} from '../../../src/api/schemas';
import { startEmulatorTestBed, type EmulatorTestBed, type TestBedOptions } from '../../support/emulatorTestBed';

export const KEY = 'sk-test-main';
export const OTHER_KEY = 'sk-test-other';

/** The test bed with this suite's fixed keys, so requests can be written by hand. */
export function startKeyedBed(options: TestBedOptions = {}): Promise<EmulatorTestBed> {
  return startEmulatorTestBed({ apiKey: KEY, otherKey: OTHER_KEY, ...options });
}

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = unknown>(
  h: EmulatorTestBed,
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
  const res = await fetch(`${h.url}${route}`, { method, headers, body: payload });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Non-JSON bodies (streams) stay text.
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export function chat(h: EmulatorTestBed, body: Record<string, unknown>, init: { key?: string | null; headers?: Record<string, string> } = {}): Promise<JsonResponse> {
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

export async function stream(h: EmulatorTestBed, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<StreamResult> {
  const res = await fetch(`${h.url}/chat/completions`, {
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
