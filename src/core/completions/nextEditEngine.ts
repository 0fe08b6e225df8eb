// Asks for the next edit after the user's own: one request per edit (the extension asks after a pause in
// typing, and only for an edit that changed existing code), aborted at once by a newer ask or by the
// editor, refused where ghost text is refused (secret files, Restricted Mode, a blocked balance), paid
// like ghost text in today's use. The reply is checked against the document as it was asked; a
// malformed reply is an error the caller logs, never a suggestion.
import type { ChatRequest, Usage } from '../../api/index';
import { roughTokens } from './completionBudget';
import { completionRefusal } from './completionRefusal';
import { quickRequest } from './completionRequest';
import type { CompletionEngineDeps } from './completionEngine';
import { FILE_END } from './completionPrompt';
import { nextEditMessages } from './nextEditPrompt';
import { nextEditFromReply } from './nextEditReply';
import { NextEditContextSchema, type NextEdit, type NextEditContextInput } from './nextEditTypes';

/** Two lines of code and the header; a longer reply is not the format. */
export const NEXT_EDIT_MAX_TOKENS = 256;

export function nextEditRequest(messages: ChatRequest['messages'], model: string, cacheKey: string): ChatRequest {
  return quickRequest(messages, model, cacheKey, { maxTokens: NEXT_EDIT_MAX_TOKENS, stop: [FILE_END, '```'] });
}

export class NextEditEngine {
  private running: AbortController | undefined;

  constructor(private readonly deps: CompletionEngineDeps) {}

  /**
   * The next edit in the document, or undefined (none, or aborted). Throws CompletionRefusedError where
   * nothing may be asked and NextEditReplyError when the reply is not a valid edit of this document.
   */
  async suggest(input: NextEditContextInput, signal?: AbortSignal): Promise<NextEdit | undefined> {
    this.cancel();
    const context = NextEditContextSchema.parse(input);
    const refused = completionRefusal(context.path, this.deps.gate());
    if (refused) throw refused;
    const model = this.deps.model();
    const messages = nextEditMessages(context, this.deps.budget);
    const abort = new AbortController();
    this.running = abort;
    const onAbort = () => abort.abort();
    signal?.addEventListener('abort', onAbort);
    // A signal aborted before the call never fires its event.
    if (signal?.aborted) abort.abort();
    const request = nextEditRequest(messages, model, await this.deps.cacheKey());
    let reply = '';
    let usage: Usage | undefined;
    try {
      const client = await this.deps.client();
      if (abort.signal.aborted) return undefined;
      this.deps.onRequest?.(request);
      for await (const chunk of client.chatStream(request, { signal: abort.signal })) {
        const delta = chunk.choices[0]?.delta.content;
        if (typeof delta === 'string') reply += delta;
        if (chunk.usage) usage = chunk.usage;
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (this.running === abort) this.running = undefined;
    }
    if (usage) this.deps.usage.recordReply(usage, model);
    if (abort.signal.aborted) {
      if (!usage) this.deps.usage.recordAborted(messages.reduce((sum, m) => sum + roughTokens(String(m.content)), 0), roughTokens(reply), model);
      return undefined;
    }
    return nextEditFromReply(reply, context.path, context.text.split('\n'));
  }

  cancel(): void {
    this.running?.abort();
    this.running = undefined;
  }
}
