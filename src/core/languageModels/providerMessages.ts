// VS Code's language-model messages, as plain data (the extension converts VS Code's part classes to
// these), mapped to the service's chat messages, and the service's stream mapped back to response
// parts. Kept free of `vscode` so every part type is unit tested both ways.
import type { AssistantMessage, ChatMessage, ContentPart, ToolCall, ToolMessage } from '../../api/index';

export type ProviderPart =
  | { kind: 'text'; text: string }
  /** Binary data: an image goes to the model as image_url; text-like data as text. */
  | { kind: 'data'; mimeType: string; data: Uint8Array }
  | { kind: 'toolCall'; callId: string; name: string; input: unknown }
  | { kind: 'toolResult'; callId: string; parts: ProviderPart[] };

export interface ProviderMessage {
  role: 'system' | 'user' | 'assistant';
  parts: ProviderPart[];
}

/** What the stream gives back to VS Code: text as it arrives, each tool call once it is complete. */
export type ProviderResponsePart = { kind: 'text'; text: string } | { kind: 'toolCall'; callId: string; name: string; input: object };

export class ProviderMessageError extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'ProviderMessageError';
  }
}

const TEXT_MIME = /^(text\/|application\/(json|xml|x-yaml|yaml|javascript|typescript))/;

function dataAsText(part: { mimeType: string; data: Uint8Array }, field: string): string {
  if (!TEXT_MIME.test(part.mimeType)) {
    throw new ProviderMessageError(field, `data of type ${part.mimeType} cannot be sent; allowed are images (image/*) and text (text/*, application/json)`);
  }
  return new TextDecoder().decode(part.data);
}

function imageUrl(part: { mimeType: string; data: Uint8Array }): ContentPart {
  return { type: 'image_url', image_url: { url: `data:${part.mimeType};base64,${Buffer.from(part.data).toString('base64')}` } };
}

/** Text and images of a user or system message: a string when it is text only. */
function content(parts: ProviderPart[], field: string): string | ContentPart[] {
  const out: ContentPart[] = [];
  parts.forEach((part, i) => {
    if (part.kind === 'text') out.push({ type: 'text', text: part.text });
    else if (part.kind === 'data') out.push(part.mimeType.startsWith('image/') ? imageUrl(part) : { type: 'text', text: dataAsText(part, `${field}[${i}]`) });
  });
  if (out.every((p) => p.type === 'text')) return out.map((p) => (p.type === 'text' ? p.text : '')).join('');
  return out;
}

/** A tool result goes back as text: its text parts, and text-like data. */
function toolResultText(parts: ProviderPart[], field: string): string {
  return parts
    .map((part, i) => {
      if (part.kind === 'text') return part.text;
      if (part.kind === 'data') return part.mimeType.startsWith('image/') ? `[image ${part.mimeType}, ${part.data.byteLength} bytes, not shown to the model]` : dataAsText(part, `${field}[${i}]`);
      return '';
    })
    .join('');
}

export interface MappedMessages {
  messages: ChatMessage[];
  /** Assistant messages with tool calls whose reasoning was not given back (for a thinking model). */
  withoutReasoning: number;
}

/**
 * VS Code's messages as the service's: tool results become `tool` messages right after the calls
 * they answer; a tool-call message gets back the reasoning `recall` knows of.
 */
export function toChatMessages(messages: readonly ProviderMessage[], recall: (callIds: string[]) => string | undefined): MappedMessages {
  const out: ChatMessage[] = [];
  let withoutReasoning = 0;
  messages.forEach((message, m) => {
    const field = `messages[${m}]`;
    if (message.role === 'assistant') {
      const text = message.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('');
      const calls: ToolCall[] = [];
      for (const part of message.parts) {
        if (part.kind === 'toolCall') calls.push({ id: part.callId, type: 'function', function: { name: part.name, arguments: JSON.stringify(part.input ?? {}) } });
      }
      const assistant: AssistantMessage = { role: 'assistant', content: text };
      if (calls.length > 0) {
        assistant.tool_calls = calls;
        const reasoning = recall(calls.map((c) => c.id));
        if (reasoning === undefined) withoutReasoning++;
        else assistant.reasoning_content = reasoning;
      }
      out.push(assistant);
      return;
    }
    const results = message.parts.flatMap((p, i) => (p.kind === 'toolResult' ? [{ part: p, i }] : []));
    for (const { part, i } of results) {
      const answer: ToolMessage = { role: 'tool', tool_call_id: part.callId, content: toolResultText(part.parts, `${field}.content[${i}]`) };
      out.push(answer);
    }
    const rest = message.parts.filter((p) => p.kind === 'text' || p.kind === 'data');
    if (rest.length === 0) return;
    const body = content(rest, `${field}.content`);
    if (body === '' && results.length > 0) return;
    out.push(message.role === 'system' ? { role: 'system', content: body } : { role: 'user', content: body });
  });
  return { messages: out, withoutReasoning };
}

/** Puts an empty reasoning on tool-call messages that have none: the service takes that from a thinking model. */
export function withEmptyReasoning(messages: ChatMessage[]): ChatMessage[] {
  return messages.map((m) => (m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0 && typeof m.reasoning_content !== 'string' ? { ...m, reasoning_content: '' } : m));
}

/** A completed tool call of the stream as VS Code wants it: its input parsed to an object. */
export function toolCallPart(call: ToolCall, index: number): ProviderResponsePart {
  let input: unknown;
  try {
    input = call.function.arguments.trim() === '' ? {} : JSON.parse(call.function.arguments);
  } catch (error) {
    throw new ProviderMessageError(`tool_calls[${index}].function.arguments`, `the model sent arguments that are not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ProviderMessageError(`tool_calls[${index}].function.arguments`, 'the model sent arguments that are not a JSON object');
  }
  return { kind: 'toolCall', callId: call.id, name: call.function.name, input };
}
