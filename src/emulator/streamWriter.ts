// Writes a streamed chat completion exactly like the real service (see test/fixtures/real): first
// chunk with role and empty content, reasoning pieces (then an empty one) before content, tool-call
// deltas (index+id+type+name+empty arguments, then argument pieces), a final chunk with finish_reason
// and usage inside the choice, the include_usage chunk, then [DONE]. Paced at `speed` tokens/second.
import type { Usage } from '../api/schemas';
import type { ChoiceResult } from './completion';
import type { Exchange } from './exchange';
import type { FaultPlan } from './faults';
import { tokenPieces } from './tokenizer';

export interface StreamSpec {
  id: string;
  created: number;
  model: string;
  choices: readonly ChoiceResult[];
  /** Usage of each choice (prompt + that choice's completion) for the final chunks. */
  choiceUsage: readonly Usage[];
  totalUsage: Usage;
  includeUsage: boolean;
  /** Tokens per second; 0 = no pacing. */
  speed: number;
  faults: FaultPlan;
}

interface Event {
  payload: string;
  tokens: number;
}

/** Tokens per chunk cycle through these sizes, like the real service's uneven pieces. */
const PIECE_SIZES = [1, 2, 1, 3, 2];

function grouped(text: string): { text: string; tokens: number }[] {
  const pieces = tokenPieces(text);
  const out: { text: string; tokens: number }[] = [];
  let i = 0;
  let k = 0;
  while (i < pieces.length) {
    const group = pieces.slice(i, i + PIECE_SIZES[k++ % PIECE_SIZES.length]!);
    out.push({ text: group.join(''), tokens: group.length });
    i += group.length;
  }
  return out;
}

function events(spec: StreamSpec): Event[] {
  const base = { id: spec.id, object: 'chat.completion.chunk', created: spec.created, model: spec.model };
  const usageNull = spec.includeUsage ? { usage: null } : {};
  const chunk = (index: number, delta: Record<string, unknown>, tokens: number, extra: Record<string, unknown> = {}): Event => ({
    payload: JSON.stringify({ ...base, choices: [{ index, delta, finish_reason: null, ...extra }], ...usageNull }),
    tokens,
  });
  const out: Event[] = [];
  spec.choices.forEach((choice, c) => {
    out.push(chunk(choice.index, { role: 'assistant', content: '' }, 0));
    if (choice.reasoning !== undefined) {
      for (const piece of grouped(choice.reasoning)) out.push(chunk(choice.index, { reasoning_content: piece.text }, piece.tokens));
      out.push(chunk(choice.index, { reasoning_content: '' }, 0));
    }
    for (const piece of grouped(choice.content)) out.push(chunk(choice.index, { content: piece.text }, piece.tokens));
    if (spec.faults.indexlessToolCalls && choice.toolCalls.length > 0) {
      out.push(chunk(choice.index, { tool_calls: choice.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: '' } })) }, choice.toolCalls.length));
      out.push(chunk(choice.index, { tool_calls: choice.toolCalls.map((c) => ({ function: { arguments: c.arguments } })) }, choice.toolCalls.length));
    } else {
      choice.toolCalls.forEach((call, index) => {
        out.push(chunk(choice.index, { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }, 1));
        for (const piece of grouped(call.arguments)) out.push(chunk(choice.index, { tool_calls: [{ index, function: { arguments: piece.text } }] }, piece.tokens));
      });
    }
    out.push({
      payload: JSON.stringify({
        ...base,
        choices: [{ index: choice.index, delta: {}, finish_reason: choice.finishReason, usage: spec.choiceUsage[c] }],
        ...usageNull,
      }),
      tokens: 0,
    });
  });
  if (spec.includeUsage) out.push({ payload: JSON.stringify({ ...base, choices: [], usage: spec.totalUsage }), tokens: 0 });
  return out;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function writeStream(ex: Exchange, spec: StreamSpec): Promise<void> {
  const all = events(spec);
  // Faults land after the first content-bearing chunk, so a client has started accumulating.
  const faultAt = Math.min(2, all.length - 1);
  ex.openStream();
  for (let i = 0; i < all.length; i++) {
    if (ex.closed) return;
    if (spec.faults.dropAfter !== undefined && i >= spec.faults.dropAfter) {
      await ex.drop(`fault drop-after=${spec.faults.dropAfter}`);
      return;
    }
    if (i === faultAt && spec.faults.malformedChunk) await ex.writeEvent(`${all[i]!.payload.slice(0, 40)}{"broken`);
    if (i === faultAt && spec.faults.errorEvent) {
      await ex.writeEvent(JSON.stringify({ error: { type: 'server_error', message: 'The stream failed on the server (injected fault error-event)' } }));
      ex.record.ended = 'fault error-event';
      ex.endStream();
      return;
    }
    const event = all[i]!;
    if (spec.speed > 0 && event.tokens > 0) await sleep((event.tokens * 1000) / spec.speed);
    await ex.writeEvent(event.payload);
  }
  await ex.writeEvent('[DONE]');
  ex.endStream();
}
