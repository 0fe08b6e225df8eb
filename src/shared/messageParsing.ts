// Validation of every message on arrival, in both directions. Deltas are most of the traffic, so the
// webview checks them first with the hand-written streamDeltaCheck.ts and falls back to the protocol's
// zod schemas, which name the bad field.
import type * as z from 'zod/mini';
import { HostMessageSchema, WebviewMessageSchema, type HostMessage, type WebviewMessage } from './protocol';
import { checkStreamDelta } from './streamDeltaCheck';

/** A message that does not match the protocol; `issues` name each field and what is allowed. */
export class ProtocolError extends Error {
  constructor(
    readonly direction: 'host->webview' | 'webview->host',
    readonly issues: readonly string[],
  ) {
    super(`Invalid ${direction} message: ${issues.join('; ')}`);
    this.name = 'ProtocolError';
  }
}

export type ParseResult<T> = { ok: true; message: T } | { ok: false; error: ProtocolError };

function describeIssues(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : '(message)';
    return `${path}: ${issue.message}`;
  });
}

function parseWith<T>(schema: z.ZodMiniType<T>, direction: ProtocolError['direction'], data: unknown): ParseResult<T> {
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, message: result.data };
  return { ok: false, error: new ProtocolError(direction, describeIssues(result.error)) };
}

/** Validates a message received by the webview. */
export function parseHostMessage(data: unknown): ParseResult<HostMessage> {
  // Deltas are most of the traffic: a hand-written check of the same rules first, zod to explain a rejection.
  const delta = checkStreamDelta(data);
  if (delta) return { ok: true, message: delta };
  return parseWith(HostMessageSchema, 'host->webview', data);
}

/** Validates a message received by the host. */
export function parseWebviewMessage(data: unknown): ParseResult<WebviewMessage> {
  return parseWith(WebviewMessageSchema, 'webview->host', data);
}
