// The single token counter of the emulator: a real BPE (cl100k_base from gpt-tokenizer) used for the
// estimate endpoint, usage, limits, max_completion_tokens and stream pacing alike. cl100k rather than
// o200k: its tables are a third of the size, which keeps the .vsix under 2 MB.
import { encode as bpeEncode, decode } from 'gpt-tokenizer/encoding/cl100k_base';
import type { ChatMessage, ContentPart, ToolDefinition } from '../api/schemas';

/** Fixed costs of non-text input; the real service's image/video pricing is not shown. */
export const IMAGE_PART_TOKENS = 256;
export const VIDEO_PART_TOKENS = 1024;
// Tokens the model reads that no text spells (message framing, the reply primer, media
// placeholders) are negative ids, so they never equal a BPE token and only match themselves.
/** Per-message framing (role markers), as chat templates add: start, end of role, end of content, end. */
const MESSAGE_FRAME = [-1, -2, -3, -4] as const;
const REPLY_PRIMER = [-5, -6, -7] as const;
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

/** A media part reads as a fixed number of one mark derived from its URL, so different pictures share no prefix. */
function mediaTokens(url: string, count: number): number[] {
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) hash = Math.imul(hash ^ url.charCodeAt(i), 0x01000193) >>> 0;
  return new Array<number>(count).fill(-1000 - hash);
}

function partTokens(part: ContentPart): number[] {
  if (part.type === 'text') return encode(part.text);
  return part.type === 'image_url' ? mediaTokens(part.image_url.url, IMAGE_PART_TOKENS) : mediaTokens(part.video_url.url, VIDEO_PART_TOKENS);
}

/** The text the model reads of one message, in order, as the prompt is assembled. */
export function messageText(message: ChatMessage): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

/** Appends without spreading: a long text's tokens would overflow the argument list of push(...). */
function append(target: number[], source: readonly number[]): void {
  for (const token of source) target.push(token);
}

function messageTokens(message: ChatMessage): number[] {
  const [start, roleEnd, contentEnd, end] = MESSAGE_FRAME;
  const tokens: number[] = [start, ...encode(message.role), roleEnd];
  // reasoning_content kept in the context counts as input (spec: thinking-model usage rules).
  if (message.role === 'assistant' && message.reasoning_content) append(tokens, encode(message.reasoning_content));
  const content = message.content;
  if (typeof content === 'string') append(tokens, encode(content));
  else if (content) for (const part of content) append(tokens, partTokens(part));
  tokens.push(contentEnd);
  if (message.role === 'assistant') {
    for (const call of message.tool_calls ?? []) {
      append(tokens, encode(call.function.name));
      append(tokens, encode(call.function.arguments));
    }
  }
  if (message.role === 'tool' && message.name) append(tokens, encode(message.name));
  tokens.push(end);
  return tokens;
}

/**
 * The prompt of a chat request as the model reads it: tool definitions first (as chat templates put
 * them in the system block), then every message with its framing, then the reply primer. Its length
 * is prompt_tokens, and prompt caching matches prefixes of this same sequence, so cached_tokens can
 * never exceed prompt_tokens.
 */
export function promptTokenSequence(messages: readonly ChatMessage[], tools: readonly ToolDefinition[] | undefined): number[] {
  const tokens: number[] = tools && tools.length > 0 ? encode(JSON.stringify(tools)) : [];
  for (const message of messages) append(tokens, messageTokens(message));
  tokens.push(...REPLY_PRIMER);
  return tokens;
}

/** Prompt tokens of a chat request: messages, tool definitions and the reply primer. */
export function countPromptTokens(messages: readonly ChatMessage[], tools: readonly ToolDefinition[] | undefined): number {
  return promptTokenSequence(messages, tools).length;
}
