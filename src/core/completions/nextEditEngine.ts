// Asks for the next edit after the user's own: one request per edit (the extension asks after a pause in
// typing, and only for an edit that changed existing code), aborted at once by a newer ask or by the
// editor, refused where ghost text is refused (secret files, Restricted Mode, a blocked balance), paid
// like ghost text in today's use. The reply is checked against the document as it was asked; a
// malformed reply is an error the caller logs, never a suggestion.
import type { ChatRequest } from '../../api/index';
import { completionRefusal } from './completionRefusal';
import { LatestCompletionRequest } from './completionReply';
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
  private readonly requests = new LatestCompletionRequest();

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
    const reply = await this.requests.stream(this.deps, async () => nextEditRequest(messages, model, await this.deps.cacheKey()), messages, signal);
    if (reply === undefined) return undefined;
    return nextEditFromReply(reply, context.path, context.text.split('\n'));
  }

  cancel(): void {
    this.requests.cancel();
  }
}
