// The completion requests in the emulator's request log (one JSON line per exchange, written when the
// exchange ends, see src/emulator/requestLog.ts): what bench/completionsHost.bench.ts counts to show the
// provider ran in the extension host and its completions came back.
import * as z from 'zod';
import { COMPLETION_MARKER } from '../../src/core/completions/completionPrompt';

const LogLineSchema = z.object({
  time: z.string(),
  method: z.string(),
  path: z.string(),
  request: z.unknown().optional(),
  status: z.number(),
  response: z.unknown().optional(),
  ended: z.string().optional(),
  durationMs: z.number(),
});

const RequestSchema = z.object({ messages: z.array(z.object({ role: z.string(), content: z.unknown() })) });
const ChunkSchema = z.object({ choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).optional() })).optional() });

export interface CompletionExchange {
  /** When the exchange ended (ms since the epoch). */
  at: number;
  /** The whole reply was sent: not cut off by the client's abort. */
  completed: boolean;
  /** The completion's text as streamed. */
  text: string;
  durationMs: number;
}

function isCompletionRequest(request: unknown): boolean {
  const parsed = RequestSchema.safeParse(request);
  const system = parsed.success ? parsed.data.messages.find((m) => m.role === 'system') : undefined;
  return typeof system?.content === 'string' && system.content.startsWith(COMPLETION_MARKER);
}

function streamedText(response: unknown): string {
  if (!Array.isArray(response)) return '';
  let text = '';
  for (const payload of response) {
    if (typeof payload !== 'string' || payload === '[DONE]') continue;
    const chunk = ChunkSchema.safeParse(JSON.parse(payload));
    if (chunk.success) text += chunk.data.choices?.[0]?.delta?.content ?? '';
  }
  return text;
}

export function completionExchanges(log: string): CompletionExchange[] {
  return log
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => LogLineSchema.parse(JSON.parse(line)))
    .filter((entry) => entry.method === 'POST' && entry.path.endsWith('/chat/completions') && isCompletionRequest(entry.request))
    .map((entry) => ({ at: Date.parse(entry.time), completed: entry.status === 200 && entry.ended === undefined, text: streamedText(entry.response), durationMs: entry.durationMs }));
}
