// One quick request streamed to its text, as ghost text and next-edit suggestions send them: aborted at once
// by the caller's signal (even one aborted before the call) or by `abort`, its tokens counted whether it
// finished or not. Undefined when aborted. LatestCompletionRequest keeps one such request running at a time.
import type { ChatCompletionChunk, ChatMessage, ChatRequest, Usage } from '../../api/index';
import { roughTokens } from './completionBudget';
import type { CompletionUsage } from './completionUsage';

export interface CompletionStreamClient {
  chatStream(request: ChatRequest, options: { signal?: AbortSignal }): AsyncIterable<ChatCompletionChunk>;
}

/** What sending a completion request needs: the client, where its tokens are counted, and who watches it leave. */
export interface CompletionReplyDeps {
  client(): Promise<CompletionStreamClient>;
  usage: CompletionUsage;
  /** Called with each request as it goes on the wire (the bench measures from the keystroke to here). */
  onRequest?: (request: ChatRequest) => void;
}

async function streamCompletionReply(
  deps: CompletionReplyDeps,
  request: ChatRequest,
  messages: readonly ChatMessage[],
  abort: AbortController,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  const onAbort = () => abort.abort();
  signal?.addEventListener('abort', onAbort);
  // A signal aborted before the call never fires its event.
  if (signal?.aborted) abort.abort();
  let reply = '';
  let usage: Usage | undefined;
  try {
    const client = await deps.client();
    if (abort.signal.aborted) return undefined;
    deps.onRequest?.(request);
    for await (const chunk of client.chatStream(request, { signal: abort.signal })) {
      const delta = chunk.choices[0]?.delta.content;
      if (typeof delta === 'string') reply += delta;
      if (chunk.usage) usage = chunk.usage;
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (usage) deps.usage.recordReply(usage, request.model);
  if (abort.signal.aborted) {
    if (!usage) deps.usage.recordAborted(messages.reduce((sum, m) => sum + roughTokens(String(m.content)), 0), roughTokens(reply), request.model);
    return undefined;
  }
  return reply;
}

/** One request at a time: starting another, or cancel(), aborts the one still running. */
export class LatestCompletionRequest {
  private running: AbortController | undefined;

  cancel(): void {
    this.running?.abort();
    this.running = undefined;
  }

  /** Streams the request `build` makes; a newer stream or cancel() while it builds or streams aborts it. */
  async stream(deps: CompletionReplyDeps, build: () => Promise<ChatRequest>, messages: readonly ChatMessage[], signal: AbortSignal | undefined): Promise<string | undefined> {
    const abort = new AbortController();
    this.running = abort;
    try {
      return await streamCompletionReply(deps, await build(), messages, abort, signal);
    } finally {
      if (this.running === abort) this.running = undefined;
    }
  }
}
