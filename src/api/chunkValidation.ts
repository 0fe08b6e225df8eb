// Validation of stream chunks on the hot path. A stream has thousands of chunks, and building a zod
// parse result (a copy of every object) for each costs more than parsing the JSON. So a hand-written
// check of exactly the rules of ChatCompletionChunkSchema runs first and accepts the object as it is;
// only when it rejects a chunk does the zod schema run, to name the bad field in the error. A test
// holds the two to the same verdicts.
import { type ChatCompletionChunk, ChatCompletionChunkSchema, FinishReasonSchema } from './schemas';
import { validateResponse } from './validateResponse';

type Obj = Record<string, unknown>;

const FINISH_REASONS: ReadonlySet<unknown> = new Set(FinishReasonSchema.options);

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
const isInt = Number.isSafeInteger as (v: unknown) => boolean;

function optString(v: unknown): boolean {
  return v === undefined || typeof v === 'string';
}
function optNullableString(v: unknown): boolean {
  return v === undefined || v === null || typeof v === 'string';
}
function optInt(v: unknown): boolean {
  return v === undefined || isInt(v);
}

function isUsage(u: Obj): boolean {
  if (!isInt(u.prompt_tokens) || !isInt(u.completion_tokens) || !isInt(u.total_tokens) || !optInt(u.cached_tokens)) {
    return false;
  }
  const p = u.prompt_tokens_details;
  if (p !== undefined && p !== null && !(isObject(p) && optInt(p.cached_tokens))) return false;
  const c = u.completion_tokens_details;
  return c === undefined || c === null || (isObject(c) && optInt(c.reasoning_tokens));
}
function optNullableUsage(v: unknown): boolean {
  return v === undefined || v === null || (isObject(v) && isUsage(v));
}

function isToolCallDelta(t: unknown): boolean {
  if (!isObject(t) || !optInt(t.index) || !optString(t.id)) return false;
  if (t.type !== undefined && t.type !== 'function') return false;
  const f = t.function;
  return f === undefined || (isObject(f) && optString(f.name) && optString(f.arguments));
}

function isChoice(c: unknown): boolean {
  if (!isObject(c) || !isInt(c.index)) return false;
  const d = c.delta;
  if (!isObject(d)) return false;
  if (d.role !== undefined && d.role !== 'assistant') return false;
  if (!optNullableString(d.content) || !optNullableString(d.reasoning_content)) return false;
  const calls = d.tool_calls;
  if (calls !== undefined && calls !== null) {
    if (!Array.isArray(calls)) return false;
    for (const call of calls) if (!isToolCallDelta(call)) return false;
  }
  const f = c.finish_reason;
  if (f !== undefined && f !== null && !FINISH_REASONS.has(f)) return false;
  return optNullableUsage(c.usage);
}

/** The fast verdict alone; exported for the test that compares it with the zod schema. */
export function isChatCompletionChunk(v: unknown): v is ChatCompletionChunk {
  if (!isObject(v)) return false;
  if (typeof v.id !== 'string' || v.object !== 'chat.completion.chunk' || !isInt(v.created) || typeof v.model !== 'string') {
    return false;
  }
  const choices = v.choices;
  if (!Array.isArray(choices)) return false;
  for (const choice of choices) if (!isChoice(choice)) return false;
  return optNullableUsage(v.usage);
}

/** Returns the chunk (unknown fields kept) or throws an InvalidResponseError naming the bad field. */
export function toChatCompletionChunk(v: unknown): ChatCompletionChunk {
  if (isChatCompletionChunk(v)) return v;
  return validateResponse(ChatCompletionChunkSchema, v);
}
