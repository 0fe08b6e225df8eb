// Builds, from the chunks of a stream, the message a non-streamed call would have returned. Each
// choice is kept apart by `choices[].index` (n > 1); tool-call deltas are merged by their `index`, or
// by their position in the delta's array when `index` is missing; the first delta of a call carries
// id/type/name and later ones argument pieces, possibly interleaved with other calls. Whatever was
// pushed is always available, so a stream cut short still shows what arrived.
import { InvalidResponseError } from './errors';
import type { AssistantMessage, ChatCompletionChunk, FinishReason, ToolCall, Usage } from './schemas';

export interface AccumulatedChoice {
  index: number;
  message: AssistantMessage;
  /** null while the choice has not finished (or when the stream was cut before it did). */
  finishReason: FinishReason | null;
}

export interface AccumulatedResult {
  choices: AccumulatedChoice[];
  usage: Usage | null;
}

interface ToolCallState {
  id: string;
  name: string;
  arguments: string;
}

class ChoiceState {
  content = '';
  reasoning: string | undefined;
  readonly calls: ToolCallState[] = [];
  finishReason: FinishReason | null = null;

  constructor(readonly index: number) {}

  message(): AssistantMessage {
    const message: AssistantMessage = { role: 'assistant', content: this.content };
    if (this.reasoning !== undefined) message.reasoning_content = this.reasoning;
    const calls: ToolCall[] = [];
    for (const call of this.calls) {
      if (call !== undefined) calls.push({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } });
    }
    if (calls.length > 0) message.tool_calls = calls;
    return message;
  }
}

export class ChatStreamAccumulator {
  private readonly choices = new Map<number, ChoiceState>();
  private requestUsage: Usage | undefined;
  private choiceUsage: Usage | undefined;

  push(chunk: ChatCompletionChunk): void {
    if (chunk.usage) this.requestUsage = chunk.usage;
    const choices = chunk.choices;
    for (let position = 0; position < choices.length; position++) {
      const choice = choices[position] as ChatCompletionChunk['choices'][number];
      let state = this.choices.get(choice.index);
      if (state === undefined) {
        state = new ChoiceState(choice.index);
        this.choices.set(choice.index, state);
      }
      const delta = choice.delta;
      if (typeof delta.content === 'string') state.content += delta.content;
      if (typeof delta.reasoning_content === 'string') state.reasoning = (state.reasoning ?? '') + delta.reasoning_content;
      if (delta.tool_calls) this.mergeToolCalls(state, delta.tool_calls, position);
      if (choice.finish_reason) state.finishReason = choice.finish_reason;
      if (choice.usage) this.choiceUsage = choice.usage;
    }
  }

  private mergeToolCalls(
    state: ChoiceState,
    deltas: NonNullable<ChatCompletionChunk['choices'][number]['delta']['tool_calls']>,
    position: number,
  ): void {
    for (let j = 0; j < deltas.length; j++) {
      const delta = deltas[j] as (typeof deltas)[number];
      const index = delta.index ?? j;
      const call = state.calls[index];
      const fn = delta.function;
      if (call === undefined) {
        if (!delta.id) {
          throw new InvalidResponseError(
            `choices[${position}].delta.tool_calls[${j}].id`,
            `the first delta of tool call ${index} must carry its id`,
          );
        }
        state.calls[index] = { id: delta.id, name: fn?.name ?? '', arguments: fn?.arguments ?? '' };
        continue;
      }
      if (fn?.name && call.name === '') call.name = fn.name;
      if (fn?.arguments) call.arguments += fn.arguments;
    }
  }

  /** Choice `index`'s text so far, read on every chunk while streaming without building the whole result. */
  textOf(index: number): { content: string; reasoning: string } | undefined {
    const state = this.choices.get(index);
    return state && { content: state.content, reasoning: state.reasoning ?? '' };
  }

  /** The merged choices in index order and the usage (the include_usage chunk's, else the final choice's). */
  result(): AccumulatedResult {
    const choices = [...this.choices.values()]
      .sort((a, b) => a.index - b.index)
      .map((state) => ({ index: state.index, message: state.message(), finishReason: state.finishReason }));
    return { choices, usage: this.requestUsage ?? this.choiceUsage ?? null };
  }
}
