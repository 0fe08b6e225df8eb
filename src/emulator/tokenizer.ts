// The single token counter of the emulator: a real BPE (o200k_base from gpt-tokenizer) used for the
// estimate endpoint, usage, limits, max_completion_tokens and stream pacing alike.
import { encode as bpeEncode, decode } from 'gpt-tokenizer';
import type { ChatMessage, ContentPart, ToolDefinition } from '../api/schemas';

/** Fixed costs of non-text input; the real service's image/video pricing is not shown. */
export const IMAGE_PART_TOKENS = 256;
export const VIDEO_PART_TOKENS = 1024;
/** Per-message framing (role markers), as chat templates add. */
const MESSAGE_OVERHEAD = 4;
const REPLY_PRIMER = 3;
/** User text is data: a literal `<|endoftext|>` in it is counted as text, never rejected. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

function encode(text: string): number[] {
  return bpeEncode(text, AS_TEXT);
}

export function countTokens(text: string): number {
  return text === '' ? 0 : encode(text).length;
}

export function tokenize(text: string): number[] {
  return encode(text);
}

export function detokenize(tokens: readonly number[]): string {
  return decode(tokens);
}

/** Splits text into token-sized pieces whose concatenation is exactly the text. */
export function tokenPieces(text: string): string[] {
  const pieces: string[] = [];
  let pending: number[] = [];
  for (const token of encode(text)) {
    pending.push(token);
    const piece = decode(pending);
    // A multi-byte character can span tokens; wait until the bytes decode to whole characters.
    if (!piece.includes('\uFFFD')) {
      pieces.push(piece);
      pending = [];
    }
  }
  if (pending.length > 0) pieces.push(decode(pending));
  return pieces.join('') === text ? pieces : [text];
}

function partTokens(part: ContentPart): number {
  if (part.type === 'text') return countTokens(part.text);
  return part.type === 'image_url' ? IMAGE_PART_TOKENS : VIDEO_PART_TOKENS;
}

/** The text the model reads of one message, in order, as the prompt is assembled. */
export function messageText(message: ChatMessage): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

export function countMessageTokens(message: ChatMessage): number {
  let total = MESSAGE_OVERHEAD + countTokens(message.role);
  const content = message.content;
  if (typeof content === 'string') total += countTokens(content);
  else if (content) for (const part of content) total += partTokens(part);
  if (message.role === 'assistant') {
    // reasoning_content kept in the context counts as input (spec: thinking-model usage rules).
    if (message.reasoning_content) total += countTokens(message.reasoning_content);
    for (const call of message.tool_calls ?? []) total += countTokens(call.function.name) + countTokens(call.function.arguments);
  }
  if (message.role === 'tool' && message.name) total += countTokens(message.name);
  return total;
}

/** Prompt tokens of a chat request: messages, tool definitions and the reply primer. */
export function countPromptTokens(messages: readonly ChatMessage[], tools: readonly ToolDefinition[] | undefined): number {
  let total = REPLY_PRIMER;
  for (const message of messages) total += countMessageTokens(message);
  if (tools && tools.length > 0) total += countTokens(JSON.stringify(tools));
  return total;
}

/** The prompt as one token sequence, for prefix caching (same order as counted above). */
export function promptTokenSequence(messages: readonly ChatMessage[], tools: readonly ToolDefinition[] | undefined): number[] {
  const parts: string[] = [];
  if (tools && tools.length > 0) parts.push(`<tools>${JSON.stringify(tools)}</tools>`);
  for (const message of messages) {
    const reasoning = message.role === 'assistant' && message.reasoning_content ? message.reasoning_content : '';
    const calls = message.role === 'assistant' ? JSON.stringify(message.tool_calls ?? []) : '';
    parts.push(`<|${message.role}|>${reasoning}${messageText(message)}${calls}<|end|>`);
  }
  return encode(parts.join(''));
}
