// Ask mode after an agent task: the request carries the task's tools only so the prompt cache's prefix
// holds, and runs none of them. A model may call one anyway; each such call is answered with a result
// saying Ask runs no tools, and the model goes on. After a bounded number of such rounds the last request
// offers no tools at all, so an Ask message always ends in an answer.
import type { AccumulatedResult, ChatMessage, ChatRequest, SystemMessage, ToolMessage } from '../../api/index';

/**
 * The model is told, right before the user's message (after the cached prefix), that it cannot call
 * the tools in this turn.
 */
export const ASK_MODE_NOTE: SystemMessage = { role: 'system', content: 'This message is in Ask mode: the tools listed cannot be called in this turn. Answer from the conversation without calling any tool.' };

/** What a call made in Ask mode gets back: the model reads it, so it stays English. */
export const ASK_MODE_TOOL_RESULT = 'Not run: this message is in Ask mode, where no tool runs. Answer the user from the conversation as it is, without calling any tool.';

/** Rounds in which the model's calls are answered with ASK_MODE_TOOL_RESULT before the last, tool-less request. */
export const ASK_MODE_DECLINED_ROUNDS = 2;

export function withAskModeNote(history: ChatMessage[]): ChatMessage[] {
  const last = history.findLastIndex((m) => m.role === 'user');
  return last < 0 ? history : [...history.slice(0, last), ASK_MODE_NOTE, ...history.slice(last)];
}

/**
 * The requests of one Ask reply after the first: each round whose one choice called tools gets those calls
 * answered with ASK_MODE_TOOL_RESULT, up to ASK_MODE_DECLINED_ROUNDS; then the first request once more
 * without tools. Several choices (n > 1) are not continued.
 */
export class AskModeRounds {
  private declined = 0;

  constructor(private readonly first: ChatRequest) {}

  /** The next request after a round that ended with `result`, or undefined when the reply is done. */
  next(request: ChatRequest, result: AccumulatedResult): ChatRequest | undefined {
    if (request.tools === undefined || result.choices.length !== 1) return undefined;
    const message = result.choices[0]?.message;
    const calls = message?.tool_calls ?? [];
    if (message === undefined || calls.length === 0) return undefined;
    if (this.declined >= ASK_MODE_DECLINED_ROUNDS) {
      const withoutTools: ChatRequest = { ...this.first };
      delete withoutTools.tools;
      return withoutTools;
    }
    this.declined++;
    const answers: ToolMessage[] = calls.map((call) => ({ role: 'tool', tool_call_id: call.id, content: ASK_MODE_TOOL_RESULT }));
    return { ...request, messages: [...request.messages, message, ...answers] };
  }
}
