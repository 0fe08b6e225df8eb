// Reads a streamed chat completion: the fetch body, decoded as UTF-8 across read boundaries, fed to
// eventsource-parser (CRLF, comments, `data:` with or without a space, events split anywhere), each
// `data:` payload parsed and checked as a chunk. `[DONE]` ends the stream; an error object sent as an
// event becomes its typed error; a body that ends (or breaks) before `[DONE]` is a StreamInterruptedError
// after every complete chunk has been yielded.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { InvalidResponseError, serviceError, type SvcApiError, StreamInterruptedError } from './errors';
import type { ChatCompletionChunk } from './schemas';
import { toChatCompletionChunk } from './chunkValidation';

/** What the stream reader needs from the attempt that opened it. */
export interface StreamAttempt {
  /** Called on every read, so only silence counts toward the timeout. */
  restart(): void;
  /** Types a failed read: cancellation, timeout, or the fallback. */
  classify(error: unknown, otherwise: (cause: unknown) => SvcApiError): SvcApiError;
}

const DONE = '[DONE]';

/**
 * Yields the chunks of each body read together (one await per network read rather than per chunk, which
 * matters for streams of many small chunks). A failure is thrown after the complete chunks before it.
 */
export async function* readChatStream(
  body: ReadableStream<Uint8Array>,
  attempt: StreamAttempt,
): AsyncGenerator<ChatCompletionChunk[], void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  let chunks = 0;
  let finished = false;
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (error) {
        throw attempt.classify(error, (cause) => new StreamInterruptedError(chunks, cause));
      }
      attempt.restart();
      const atEnd = read.done;
      // A final event without its closing blank line still counts; a cut-off one fails to parse below.
      parser.feed(atEnd ? `${decoder.decode()}\n\n` : decoder.decode(read.value, { stream: true }));
      const batch: ChatCompletionChunk[] = [];
      let failure: unknown;
      for (let i = 0; i < events.length; i++) {
        const event = events[i] as EventSourceMessage;
        if (event.data === DONE) {
          finished = true;
          break;
        }
        try {
          batch.push(parseEvent(event, atEnd && i === events.length - 1, chunks));
        } catch (error) {
          failure = error;
          break;
        }
        chunks++;
      }
      events.length = 0;
      if (batch.length > 0) yield batch;
      if (failure !== undefined) throw failure;
      if (finished) return;
      if (atEnd) throw new StreamInterruptedError(chunks);
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

function parseEvent(event: EventSourceMessage, lastBeforeEnd: boolean, chunks: number): ChatCompletionChunk {
  let value: unknown;
  try {
    value = JSON.parse(event.data);
  } catch {
    if (event.event === 'error') throw serviceError({ status: undefined, type: undefined, message: event.data });
    if (lastBeforeEnd) throw new StreamInterruptedError(chunks);
    throw new InvalidResponseError(`stream event ${chunks + 1}`, `data is not JSON: ${event.data.slice(0, 120)}`);
  }
  const error = errorInEvent(event, value);
  if (error !== undefined) throw error;
  return toChatCompletionChunk(value);
}

/** An `{error: {type, message}}` payload (with or without `event: error`) mid-stream. */
function errorInEvent(event: EventSourceMessage, value: unknown): SvcApiError | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const error = (value as { error?: unknown }).error;
  if ((error === undefined || error === null) && event.event !== 'error') return undefined;
  const e = (typeof error === 'object' && error !== null ? error : value) as { type?: unknown; message?: unknown };
  return serviceError({
    status: undefined,
    type: typeof e.type === 'string' ? e.type : undefined,
    message: typeof e.message === 'string' ? e.message : 'The service reported an error in the stream',
  });
}
