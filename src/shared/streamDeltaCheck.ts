// Validation of streamed deltas on the webview's hot path. A reply is thousands of deltas, and running
// the whole HostMessageSchema union (a zod parse result and a copy per message) costs more than
// rendering them. So a hand-written check of exactly the rules of the reasoningDelta, contentDelta and
// toolCallDelta schemas runs first; anything it does not accept goes to zod, which names the bad field.
// A test holds the two to the same verdicts and the same output.
import type { HostMessageOf } from './protocol';

export type StreamDeltaMessage = HostMessageOf<'reasoningDelta' | 'contentDelta' | 'toolCallDelta'>;

type Obj = Record<string, unknown>;

function isId(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}
function isCount(v: unknown): v is number {
  return Number.isSafeInteger(v) && (v as number) >= 0;
}
function optString(v: unknown): v is string | undefined {
  return v === undefined || typeof v === 'string';
}

function toolCallDelta(m: Obj, conversationId: string, messageId: string, choiceIndex: number): StreamDeltaMessage | undefined {
  const { index, id, name, argumentsDelta } = m;
  if (!isCount(index) || !optString(id) || !optString(name) || !optString(argumentsDelta)) return undefined;
  // zod leaves an absent optional key out of its output (and keeps one that is present but undefined).
  const message: StreamDeltaMessage = { type: 'toolCallDelta', conversationId, messageId, choiceIndex, index };
  if ('id' in m) message.id = id;
  if ('name' in m) message.name = name;
  if ('argumentsDelta' in m) message.argumentsDelta = argumentsDelta;
  return message;
}

/**
 * The message as the zod schema would return it (unknown keys dropped) when `data` is a valid streamed
 * delta; undefined for anything else, valid or not, which then goes through the full schema.
 */
export function checkStreamDelta(data: unknown): StreamDeltaMessage | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const m = data as Obj;
  const { type, conversationId, messageId, choiceIndex } = m;
  if (type !== 'contentDelta' && type !== 'reasoningDelta' && type !== 'toolCallDelta') return undefined;
  if (!isId(conversationId) || !isId(messageId) || !isCount(choiceIndex)) return undefined;
  if (type === 'toolCallDelta') return toolCallDelta(m, conversationId, messageId, choiceIndex);
  const text = m.text;
  if (typeof text !== 'string') return undefined;
  if (type === 'contentDelta') return { type, conversationId, messageId, choiceIndex, text };
  const joined = m.count;
  if (joined !== undefined && !(Number.isSafeInteger(joined) && (joined as number) >= 1)) return undefined;
  const message: StreamDeltaMessage = { type, conversationId, messageId, choiceIndex, text };
  if ('count' in m) message.count = joined as number | undefined;
  return message;
}
