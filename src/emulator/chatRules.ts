// Server-side enforcement of every chat request rule of the spec, independent of the client's
// validation. Each failure is a ServiceError with the spec's status, type and message shape.
import { LIMITS, isThinkingOn, modelInfo, type ModelInfo } from '../api/models';
import { ChatRequestSchema, type ChatMessage, type ChatRequest } from '../api/schemas';
import { invalidRequest, ServiceError } from './errors';
import { messageText } from './tokenizer';

export interface ValidChatRequest {
  request: ChatRequest;
  model: ModelInfo;
  thinking: boolean;
  temperature: number;
  n: number;
  /** Explicit cap, when the caller set one (max_completion_tokens, else the deprecated max_tokens). */
  maxCompletionTokens: number | undefined;
  stop: string[];
  jsonMode: boolean;
  stream: boolean;
  includeUsage: boolean;
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('') || 'body';
}

function checkShape(body: unknown): ChatRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidRequest('the body must be a JSON object');
  const raw = body as Record<string, unknown>;
  if (raw.model === undefined) throw invalidRequest('model is required');
  if (raw.messages === undefined) throw invalidRequest('messages is required');
  if (!Array.isArray(raw.messages)) throw invalidRequest('messages must be a list of messages');
  if (raw.messages.length === 0) throw invalidRequest('messages must not be empty');
  raw.messages.forEach((m: unknown, i) => {
    const role = typeof m === 'object' && m !== null ? (m as Record<string, unknown>).role : undefined;
    if (!['system', 'user', 'assistant', 'tool'].includes(String(role))) {
      throw invalidRequest(`messages[${i}].role must be one of system, user, assistant, tool; got ${JSON.stringify(role ?? null)}`);
    }
  });
  const parsed = ChatRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidRequest(`${fieldPath(issue.path)}: ${issue.message}`);
  }
  return parsed.data;
}

function isEmptyContent(content: ChatMessage['content']): boolean {
  if (content === null || content === undefined) return true;
  if (typeof content === 'string') return content === '';
  return content.length === 0;
}

function checkMessages(messages: readonly ChatMessage[], model: ModelInfo): void {
  messages.forEach((message, i) => {
    const hasCalls = message.role === 'assistant' && (message.tool_calls?.length ?? 0) > 0;
    if (isEmptyContent(message.content) && !hasCalls) throw invalidRequest(`messages[${i}].content must not be empty`);
    if (Array.isArray(message.content)) {
      message.content.forEach((part, j) => {
        const where = `messages[${i}].content[${j}]`;
        if (part.type === 'text') return;
        if (!model.vision) {
          throw invalidRequest(`${where} is an ${part.type} part but model ${model.id} does not accept images or videos; use a vision model`);
        }
        const url = part.type === 'image_url' ? part.image_url.url : part.video_url.url;
        const kind = part.type === 'image_url' ? 'image' : 'video';
        if (!url.startsWith('ms://') && !new RegExp(`^data:${kind}/[\\w.+-]+;base64,[A-Za-z0-9+/=\\s]+$`).test(url)) {
          throw invalidRequest(`${where}.${part.type}.url must be data:${kind}/<subtype>;base64,<data> or ms://<file_id>`);
        }
      });
    }
  });
  checkToolFlow(messages);
}

/** Tool-call flow rules 1-4: every call answered by exactly one tool message right after it. */
function checkToolFlow(messages: readonly ChatMessage[]): void {
  let pending: Map<string, boolean> | undefined;
  messages.forEach((message, i) => {
    if (message.role === 'tool') {
      if (!pending || !pending.has(message.tool_call_id)) {
        throw invalidRequest(`messages[${i}] answers tool_call_id ${JSON.stringify(message.tool_call_id)}, which no preceding assistant tool call has`);
      }
      if (pending.get(message.tool_call_id)) throw invalidRequest(`messages[${i}] answers tool_call_id ${JSON.stringify(message.tool_call_id)} a second time`);
      pending.set(message.tool_call_id, true);
      return;
    }
    if (pending) {
      const unanswered = [...pending].filter(([, answered]) => !answered).map(([id]) => id);
      if (unanswered.length > 0) {
        throw invalidRequest(`an assistant message with tool_calls must be followed by tool messages answering each tool_call_id; unanswered: ${unanswered.join(', ')}`);
      }
      pending = undefined;
    }
    if (message.role === 'assistant' && message.tool_calls && message.tool_calls.length > 0) {
      pending = new Map();
      for (const call of message.tool_calls) {
        if (pending.has(call.id)) throw invalidRequest(`messages[${i}].tool_calls has the id ${JSON.stringify(call.id)} twice; ids must be unique within one response`);
        pending.set(call.id, false);
      }
    }
  });
  if (pending) {
    const unanswered = [...pending].filter(([, answered]) => !answered).map(([id]) => id);
    if (unanswered.length > 0) {
      throw invalidRequest(`an assistant message with tool_calls must be followed by tool messages answering each tool_call_id; unanswered: ${unanswered.join(', ')}`);
    }
  }
}

function checkRange(name: string, value: number | undefined, min: number, max: number): void {
  if (value !== undefined && (value < min || value > max)) throw invalidRequest(`${name} must be between ${min} and ${max}, got ${value}`);
}

function checkFixed(model: ModelInfo, request: ChatRequest): void {
  for (const [field, fixed] of Object.entries(model.fixed)) {
    const given = request[field as keyof ChatRequest];
    if (given !== undefined && given !== null && given !== fixed) {
      throw invalidRequest(`${field} cannot be changed for ${model.id}; it is fixed at ${fixed}, got ${String(given)}`);
    }
  }
}

function checkTools(request: ChatRequest): void {
  const seen = new Set<string>();
  (request.tools ?? []).forEach((tool, i) => {
    const name = tool.function.name;
    if (!/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(name)) {
      throw invalidRequest(`tools[${i}].function.name must start with a letter or underscore and hold only letters, digits, _ and - (at most 64), got ${JSON.stringify(name)}`);
    }
    if (seen.has(name)) {
      // Spec: duplicate function names are rejected with HTTP 401.
      throw new ServiceError(401, 'invalid_request_error', `Invalid request: function name ${JSON.stringify(name)} is duplicated in tools; function names must be unique`);
    }
    seen.add(name);
  });
}

function checkStop(stop: ChatRequest['stop']): string[] {
  if (stop === undefined || stop === null) return [];
  const list = typeof stop === 'string' ? [stop] : stop;
  if (list.length > LIMITS.maxStopSequences) throw invalidRequest(`stop accepts at most ${LIMITS.maxStopSequences} strings, got ${list.length}`);
  list.forEach((s, i) => {
    if (s === '') throw invalidRequest(`stop[${i}] must not be empty`);
    const bytes = Buffer.byteLength(s, 'utf8');
    if (bytes > LIMITS.maxStopBytes) throw invalidRequest(`stop[${i}] is ${bytes} bytes; each stop string may have at most ${LIMITS.maxStopBytes} bytes`);
  });
  return list;
}

/** Validates the body of POST /chat/completions; the 404 for an unknown model comes before the rest. */
export function validateChatBody(body: unknown): ValidChatRequest {
  const request = checkShape(body);
  const model = modelInfo(request.model);
  if (!model) throw new ServiceError(404, 'resource_not_found_error', `Not found the model ${request.model} or Permission denied`);
  checkTools(request);
  checkMessages(request.messages, model);
  checkFixed(model, request);
  checkRange('temperature', request.temperature, LIMITS.temperatureMin, LIMITS.temperatureMax);
  if (request.top_p !== undefined && (request.top_p <= 0 || request.top_p > 1)) throw invalidRequest(`top_p must be greater than 0 and at most 1, got ${request.top_p}`);
  if (
    request.temperature !== undefined && request.temperature !== model.defaultTemperature &&
    request.top_p !== undefined && request.top_p !== model.defaultTopP
  ) {
    throw invalidRequest('change temperature or top_p, not both');
  }
  checkRange('presence_penalty', request.presence_penalty, LIMITS.penaltyMin, LIMITS.penaltyMax);
  checkRange('frequency_penalty', request.frequency_penalty, LIMITS.penaltyMin, LIMITS.penaltyMax);
  const n = request.n ?? 1;
  if (n < 1 || n > LIMITS.maxN) throw invalidRequest(`n must be between 1 and ${LIMITS.maxN}, got ${n}`);
  const temperature = request.temperature ?? model.defaultTemperature;
  if (n > 1 && temperature < LIMITS.nearZeroTemperature) {
    throw invalidRequest(`n must be 1 when temperature is near 0 (temperature ${temperature}${request.temperature === undefined ? `, the default of ${model.id}` : ''}); set temperature to at least ${LIMITS.nearZeroTemperature} to get ${n} choices`);
  }
  if (request.thinking !== undefined && model.thinking !== 'optional') {
    throw invalidRequest(`thinking is only accepted by svc-k2.5, not by ${model.id}`);
  }
  const cap = request.max_completion_tokens ?? request.max_tokens;
  const capName = request.max_completion_tokens !== undefined ? 'max_completion_tokens' : 'max_tokens';
  if (cap !== undefined && cap < 1) throw invalidRequest(`${capName} must be a positive integer, got ${cap}`);
  if (request.response_format?.type === 'json_object' && !request.messages.some((m) => /json/i.test(messageText(m)))) {
    throw invalidRequest('response_format json_object needs a message that asks for JSON and describes its format');
  }
  if (request.stream_options && request.stream !== true) throw invalidRequest('stream_options is only allowed when stream is true');
  return {
    request,
    model,
    thinking: isThinkingOn(model, request.thinking),
    temperature,
    n,
    maxCompletionTokens: cap,
    stop: checkStop(request.stop),
    jsonMode: request.response_format?.type === 'json_object',
    stream: request.stream === true,
    includeUsage: request.stream === true && request.stream_options?.include_usage === true,
  };
}

/** The spec's token-length rows, checked once the prompt is counted. */
export function checkTokenLimits(valid: ValidChatRequest, promptTokens: number): number {
  const length = valid.model.contextLength;
  if (length !== undefined && promptTokens >= length) throw new ServiceError(400, 'invalid_request_error', 'Input token length too long');
  if (length !== undefined && valid.maxCompletionTokens !== undefined && promptTokens + valid.maxCompletionTokens > length) {
    throw new ServiceError(400, 'invalid_request_error', `Your request exceeded model token limit : ${length}`);
  }
  const cap = valid.maxCompletionTokens ?? LIMITS.defaultMaxCompletionTokens;
  return length === undefined ? cap : Math.min(cap, length - promptTokens);
}
