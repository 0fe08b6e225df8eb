// A chat client that plays scripted streams: each call takes the next script, records the request,
// and yields its chunks. A script may end by throwing, or pause at a gate the test opens.
import { CancelledError } from '../../../../src/api/errors';
import type { ChatCompletionChunk, ChatRequest } from '../../../../src/api/schemas';
import type { ChatStreamClient } from '../../../../src/core/chat/chatSession';

export type ScriptStep = ChatCompletionChunk | { gate: Promise<void> } | { fail: Error };

let counter = 0;

export function chunk(choices: ChatCompletionChunk['choices'], usage: ChatCompletionChunk['usage'] = null): ChatCompletionChunk {
  return { id: `chatcmpl-${++counter}`, object: 'chat.completion.chunk', created: 1, model: 'svc-test', choices, usage };
}

export function delta(d: ChatCompletionChunk['choices'][number]['delta'], index = 0, finish: ChatCompletionChunk['choices'][number]['finish_reason'] = null) {
  return chunk([{ index, delta: d, finish_reason: finish }]);
}

export function usageChunk(prompt: number, completion: number, cached = 0): ChatCompletionChunk {
  return chunk([], { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, cached_tokens: cached });
}

export class ScriptedChatClient implements ChatStreamClient {
  readonly requests: ChatRequest[] = [];

  constructor(private readonly scripts: ScriptStep[][]) {}

  chatStream(request: ChatRequest, options: { signal?: AbortSignal } = {}): AsyncIterable<ChatCompletionChunk> {
    this.requests.push(structuredClone(request));
    const script = this.scripts.shift();
    if (!script) throw new Error('ScriptedChatClient: no script left for this request');
    const signal = options.signal;
    return (async function* () {
      for (const step of script) {
        if (signal?.aborted) throw new CancelledError(signal.reason);
        if ('gate' in step) {
          await Promise.race([
            step.gate,
            new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new CancelledError(signal.reason)), { once: true })),
          ]);
          continue;
        }
        if ('fail' in step) throw step.fail;
        yield step;
      }
    })();
  }
}

export function gate(): { step: { gate: Promise<void> }; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { step: { gate: promise }, open };
}
