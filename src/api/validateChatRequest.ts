// The service's rules for a chat request, checked before it is sent (the client does it on every chat
// call; the UI and the extension call it to show problems as they are typed). Every broken rule is
// reported at once, each naming the field path and the rule. Rules that depend on the model apply to the
// model ids of the catalogue; an unknown id gets only the general rules (the service decides the rest).
import { RequestValidationError, type ValidationIssue } from './errors';
import { isThinkingOn, LIMITS, type ModelInfo, modelInfo, MODELS } from './models';
import { type ChatRequest, ChatRequestSchema } from './schemas';
import { formatFieldPath } from './validateResponse';

export interface ValidateChatRequestOptions {
  /** Input tokens of the request (e.g. from estimateTokens); enables the context-length rule. */
  inputTokens?: number;
}

type Obj = Record<string, unknown>;

const ROLES = ['system', 'user', 'assistant', 'tool'] as const;
const PART_TYPES = ['text', 'image_url', 'video_url'] as const;
const DATA_URI = { image_url: /^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]+$/, video_url: /^data:video\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]+$/ };
const FILE_REF = /^ms:\/\/\S+$/;
const utf8 = new TextEncoder();

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function isNonEmptyString(v: unknown): v is string {
  return typeof v === 'string' && v !== '';
}
function quote(v: unknown): string {
  return typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? String(v);
}

class Issues {
  readonly list: ValidationIssue[] = [];
  add(field: string, message: string): void {
    this.list.push({ field, message });
  }
}

/**
 * Returns the request ready to send (deprecated `max_tokens` moved to `max_completion_tokens`, unknown
 * fields kept) or throws a RequestValidationError listing every broken rule as {field, message}.
 */
export function validateChatRequest(request: unknown, options: ValidateChatRequestOptions = {}): ChatRequest {
  const issues = new Issues();
  if (!isObject(request)) {
    throw new RequestValidationError([{ field: '(request)', message: 'must be an object with model and messages' }]);
  }
  const model = request.model;
  if (!isNonEmptyString(model)) issues.add('model', 'required, a model id such as svc-k2.5');
  const info = typeof model === 'string' ? modelInfo(model) : undefined;

  checkMessages(request, info, issues);
  checkTools(request.tools, issues);
  checkSampling(request, info, issues);
  checkStop(request.stop, issues);
  checkThinking(request, info, issues);
  const maxCompletionTokens = checkMaxTokens(request, issues);
  checkContextLength(info, maxCompletionTokens, options.inputTokens, issues);
  checkResponseFormat(request, issues);
  checkPlainFields(request, issues);

  if (issues.list.length > 0) throw new RequestValidationError(issues.list);
  const normalized: Obj = { ...request };
  delete normalized.max_tokens;
  if (maxCompletionTokens !== undefined) normalized.max_completion_tokens = maxCompletionTokens;
  const parsed = ChatRequestSchema.safeParse(normalized);
  if (!parsed.success) {
    throw new RequestValidationError(
      parsed.error.issues.map((issue) => ({ field: formatFieldPath(issue.path), message: issue.message })),
    );
  }
  return parsed.data;
}

function checkMessages(request: Obj, info: ModelInfo | undefined, issues: Issues): void {
  const messages = request.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    issues.add('messages', 'required, a non-empty list of messages');
    return;
  }
  messages.forEach((message: unknown, i) => checkMessage(message, `messages[${i}]`, info, issues));
  checkToolCallsAnswered(messages, issues);
  if (info !== undefined && isThinkingOn(info, thinkingOf(request))) {
    messages.forEach((message: unknown, i) => {
      if (isObject(message) && message.role === 'assistant' && hasToolCalls(message) && typeof message.reasoning_content !== 'string') {
        issues.add(
          `messages[${i}].reasoning_content`,
          `required on assistant messages with tool_calls while ${info.id} is thinking: send back the reasoning_content it returned`,
        );
      }
    });
  }
}

function hasToolCalls(message: Obj): boolean {
  return Array.isArray(message.tool_calls) && message.tool_calls.length > 0;
}

function thinkingOf(request: Obj): { type: 'enabled' | 'disabled' } | undefined {
  const thinking = request.thinking;
  return isObject(thinking) && (thinking.type === 'enabled' || thinking.type === 'disabled')
    ? { type: thinking.type }
    : undefined;
}

function checkMessage(message: unknown, path: string, info: ModelInfo | undefined, issues: Issues): void {
  if (!isObject(message)) {
    issues.add(path, 'must be an object with role and content');
    return;
  }
  const role = message.role;
  if (!ROLES.includes(role as (typeof ROLES)[number])) {
    issues.add(`${path}.role`, `must be one of ${ROLES.join(', ')} (got ${quote(role)})`);
    return;
  }
  const callsTools = role === 'assistant' && hasToolCalls(message);
  checkContent(message.content, `${path}.content`, callsTools, info, issues);
  if (message.name !== undefined && typeof message.name !== 'string') issues.add(`${path}.name`, 'must be a string');
  if (message.tool_calls !== undefined && message.tool_calls !== null) {
    if (role !== 'assistant') issues.add(`${path}.tool_calls`, 'only assistant messages carry tool calls');
    else checkToolCalls(message.tool_calls, `${path}.tool_calls`, issues);
  }
  if (role === 'tool' && !isNonEmptyString(message.tool_call_id)) {
    issues.add(`${path}.tool_call_id`, 'required on tool messages: the id of the tool call it answers');
  }
  const reasoning = message.reasoning_content;
  if (reasoning !== undefined && reasoning !== null && typeof reasoning !== 'string') {
    issues.add(`${path}.reasoning_content`, 'must be a string');
  }
}

function checkContent(content: unknown, path: string, callsTools: boolean, info: ModelInfo | undefined, issues: Issues): void {
  // The real service answers a tool-calling turn with content "" and expects it back as it was.
  if (callsTools && (content === undefined || content === null || content === '')) return;
  if (content === undefined || content === null) {
    issues.add(path, 'required');
    return;
  }
  if (typeof content === 'string') {
    if (content === '') issues.add(path, 'must not be empty');
    return;
  }
  if (!Array.isArray(content)) {
    issues.add(path, 'must be a string or a list of content parts');
    return;
  }
  if (content.length === 0) {
    issues.add(path, 'must not be empty');
    return;
  }
  content.forEach((part: unknown, j) => checkPart(part, `${path}[${j}]`, info, issues));
}

function checkPart(part: unknown, path: string, info: ModelInfo | undefined, issues: Issues): void {
  if (!isObject(part)) {
    issues.add(path, 'must be a content part object with a type');
    return;
  }
  const type = part.type;
  if (type === 'text') {
    if (typeof part.text !== 'string') issues.add(`${path}.text`, 'required on text parts, a string');
    else if (part.text === '') issues.add(`${path}.text`, 'must not be empty');
    return;
  }
  if (type !== 'image_url' && type !== 'video_url') {
    issues.add(`${path}.type`, `must be one of ${PART_TYPES.join(', ')} (got ${quote(type)})`);
    return;
  }
  const media = type === 'image_url' ? 'image' : 'video';
  const holder = part[type];
  if (!isObject(holder) || typeof holder.url !== 'string') {
    issues.add(`${path}.${type}.url`, `required on ${type} parts, a string`);
    return;
  }
  if (!DATA_URI[type].test(holder.url) && !FILE_REF.test(holder.url)) {
    issues.add(
      `${path}.${type}.url`,
      `must be a base64 data URI (data:${media}/<subtype>;base64,<data>) or an uploaded file reference (ms://<file_id>)`,
    );
  }
  if (info !== undefined && !info.vision) {
    const visionModels = MODELS.filter((m) => m.vision).map((m) => m.id).join(', ');
    issues.add(path, `${media} input needs a vision model (${visionModels}); ${info.id} reads text only`);
  }
}

function checkToolCalls(calls: unknown, path: string, issues: Issues): void {
  if (!Array.isArray(calls)) {
    issues.add(path, 'must be a list of tool calls');
    return;
  }
  const seen = new Map<string, number>();
  calls.forEach((call: unknown, j) => {
    const at = `${path}[${j}]`;
    if (!isObject(call)) {
      issues.add(at, 'must be a tool call object with id, type and function');
      return;
    }
    if (!isNonEmptyString(call.id)) issues.add(`${at}.id`, 'required, a non-empty string');
    else if (seen.has(call.id)) issues.add(`${at}.id`, `must be unique within the message; "${call.id}" is also ${path}[${seen.get(call.id)}]`);
    else seen.set(call.id, j);
    if (call.type !== 'function') issues.add(`${at}.type`, `must be "function" (got ${quote(call.type)})`);
    const fn = call.function;
    if (!isObject(fn)) {
      issues.add(`${at}.function`, 'required, an object with name and arguments');
      return;
    }
    if (!isNonEmptyString(fn.name)) issues.add(`${at}.function.name`, 'required, a non-empty string');
    if (typeof fn.arguments !== 'string') issues.add(`${at}.function.arguments`, 'required, a JSON document encoded as a string');
  });
}

/** Each tool call must get exactly one tool message among the messages right after its assistant message. */
function checkToolCallsAnswered(messages: unknown[], issues: Issues): void {
  let pending: Map<string, string> | undefined;
  let answered = new Set<string>();
  let askedAt = -1;
  const reportUnanswered = (before: string): void => {
    for (const [id, path] of pending ?? []) issues.add(`${path}.id`, `tool call "${id}" has no tool message answering it ${before}`);
  };
  messages.forEach((message: unknown, i) => {
    if (!isObject(message)) return;
    if (message.role === 'tool') {
      const id = message.tool_call_id;
      if (!isNonEmptyString(id)) return;
      if (pending === undefined) {
        issues.add(`messages[${i}].tool_call_id`, 'answers no tool call: a tool message must follow an assistant message with tool_calls');
      } else if (pending.has(id)) {
        pending.delete(id);
        answered.add(id);
      } else if (answered.has(id)) {
        issues.add(`messages[${i}].tool_call_id`, `answers tool call "${id}" a second time; each call gets exactly one tool message`);
      } else {
        issues.add(`messages[${i}].tool_call_id`, `"${id}" matches no tool call of messages[${askedAt}]`);
      }
      return;
    }
    reportUnanswered(`before messages[${i}]`);
    pending = undefined;
    if (message.role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      pending = new Map();
      answered = new Set();
      askedAt = i;
      message.tool_calls.forEach((call: unknown, j) => {
        if (isObject(call) && isNonEmptyString(call.id)) pending?.set(call.id, `messages[${i}].tool_calls[${j}]`);
      });
    }
  });
  reportUnanswered('before the request is sent');
}

function checkTools(tools: unknown, issues: Issues): void {
  if (tools === undefined || tools === null) return;
  if (!Array.isArray(tools)) {
    issues.add('tools', 'must be a list of tool definitions');
    return;
  }
  const names = new Map<string, number>();
  tools.forEach((tool: unknown, i) => {
    const at = `tools[${i}]`;
    if (!isObject(tool)) {
      issues.add(at, 'must be a tool definition object with type and function');
      return;
    }
    if (tool.type !== 'function') issues.add(`${at}.type`, `must be "function" (got ${quote(tool.type)})`);
    const fn = tool.function;
    if (!isObject(fn)) {
      issues.add(`${at}.function`, 'required, an object with name, description and parameters');
      return;
    }
    if (!isNonEmptyString(fn.name)) {
      issues.add(`${at}.function.name`, 'required, a non-empty string');
    } else if (names.has(fn.name)) {
      issues.add(`${at}.function.name`, `must be unique within the request; "${fn.name}" is also tools[${names.get(fn.name)}]`);
    } else {
      names.set(fn.name, i);
    }
    if (fn.description !== undefined && typeof fn.description !== 'string') issues.add(`${at}.function.description`, 'must be a string');
    const params = fn.parameters;
    if (params !== undefined && !(isObject(params) && params.type === 'object')) {
      issues.add(`${at}.function.parameters`, 'must be a schema object with type "object", properties and required');
    }
  });
}

function checkRange(request: Obj, field: string, min: number, max: number, issues: Issues): number | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    issues.add(field, `must be a number from ${min} to ${max} (got ${quote(value)})`);
    return undefined;
  }
  return value;
}

function checkSampling(request: Obj, info: ModelInfo | undefined, issues: Issues): void {
  const temperature = checkRange(request, 'temperature', LIMITS.temperatureMin, LIMITS.temperatureMax, issues);
  checkRange(request, 'top_p', 0, 1, issues);
  checkRange(request, 'presence_penalty', LIMITS.penaltyMin, LIMITS.penaltyMax, issues);
  checkRange(request, 'frequency_penalty', LIMITS.penaltyMin, LIMITS.penaltyMax, issues);
  if (request.temperature !== undefined && request.top_p !== undefined) {
    issues.add('top_p', 'set either temperature or top_p, not both');
  }
  const n = request.n;
  if (n !== undefined) {
    if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > LIMITS.maxN) {
      issues.add('n', `must be a whole number from 1 to ${LIMITS.maxN} (got ${quote(n)})`);
    } else if ((n as number) > 1) {
      const effective = temperature ?? (request.temperature === undefined ? info?.defaultTemperature : undefined);
      if (effective !== undefined && effective < LIMITS.nearZeroTemperature) {
        const source = temperature === undefined ? `the default temperature of ${info?.id} is ${effective}` : `temperature is ${effective}`;
        issues.add('n', `must be 1 when temperature is near 0 (${source})`);
      }
    }
  }
  if (info === undefined) return;
  for (const [field, fixed] of Object.entries(info.fixed)) {
    const value = request[field];
    if (value !== undefined && value !== fixed) {
      issues.add(field, `cannot be changed for ${info.id}: it is fixed at ${fixed} (got ${quote(value)})`);
    }
  }
}

function checkStop(stop: unknown, issues: Issues): void {
  if (stop === undefined || stop === null) return;
  const list = typeof stop === 'string' ? [stop] : stop;
  if (!Array.isArray(list)) {
    issues.add('stop', 'must be a string or a list of strings');
    return;
  }
  if (list.length > LIMITS.maxStopSequences) issues.add('stop', `at most ${LIMITS.maxStopSequences} strings (got ${list.length})`);
  list.forEach((entry: unknown, i) => {
    const field = typeof stop === 'string' ? 'stop' : `stop[${i}]`;
    if (typeof entry !== 'string') issues.add(field, 'must be a string');
    else if (utf8.encode(entry).length > LIMITS.maxStopBytes) {
      issues.add(field, `at most ${LIMITS.maxStopBytes} bytes in UTF-8 (got ${utf8.encode(entry).length})`);
    }
  });
}

function checkThinking(request: Obj, info: ModelInfo | undefined, issues: Issues): void {
  const thinking = request.thinking;
  if (thinking === undefined) return;
  if (!isObject(thinking) || (thinking.type !== 'enabled' && thinking.type !== 'disabled')) {
    issues.add('thinking', 'must be {type: "enabled"} or {type: "disabled"}');
  }
  if (info !== undefined && info.thinking !== 'optional') {
    const switchable = MODELS.filter((m) => m.thinking === 'optional').map((m) => m.id).join(', ');
    issues.add('thinking', `only ${switchable} accepts thinking; ${info.id} does not`);
  }
}

function checkWholeNumber(request: Obj, field: string, issues: Issues): number | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || (value as number) < 1) {
    issues.add(field, `must be a whole number of at least 1 (got ${quote(value)})`);
    return undefined;
  }
  return value as number;
}

/** `max_tokens` is the deprecated name of `max_completion_tokens`; the result uses the new name only. */
function checkMaxTokens(request: Obj, issues: Issues): number | undefined {
  const legacy = checkWholeNumber(request, 'max_tokens', issues);
  const current = checkWholeNumber(request, 'max_completion_tokens', issues);
  if (legacy !== undefined && current !== undefined && legacy !== current) {
    issues.add('max_tokens', `deprecated name of max_completion_tokens, and the two disagree (${legacy} vs ${current}); send only max_completion_tokens`);
  }
  return current ?? legacy;
}

function checkContextLength(info: ModelInfo | undefined, maxCompletionTokens: number | undefined, inputTokens: number | undefined, issues: Issues): void {
  if (inputTokens === undefined) return;
  if (!Number.isInteger(inputTokens) || inputTokens < 0) {
    issues.add('(options).inputTokens', `must be a whole number of tokens >= 0 (got ${quote(inputTokens)})`);
    return;
  }
  const length = info?.contextLength;
  if (info === undefined || length === undefined) return;
  if (inputTokens >= length) {
    issues.add('messages', `input token length too long: ${inputTokens} tokens, ${info.id} holds ${length} in total`);
    return;
  }
  const output = maxCompletionTokens ?? LIMITS.defaultMaxCompletionTokens;
  if (inputTokens + output > length) {
    const what = maxCompletionTokens === undefined ? `the default max_completion_tokens (${output})` : `max_completion_tokens (${output})`;
    issues.add(
      'max_completion_tokens',
      `input (${inputTokens} tokens) plus ${what} exceeds ${info.id}'s total length of ${length}; at most ${length - inputTokens} fits`,
    );
  }
}

function mentionsJson(messages: unknown): boolean {
  if (!Array.isArray(messages)) return false;
  return messages.some((message: unknown) => {
    if (!isObject(message)) return false;
    const content = message.content;
    if (typeof content === 'string') return /json/i.test(content);
    return Array.isArray(content) && content.some((part: unknown) => isObject(part) && typeof part.text === 'string' && /json/i.test(part.text));
  });
}

function checkResponseFormat(request: Obj, issues: Issues): void {
  const format = request.response_format;
  if (format === undefined || format === null) return;
  if (!isObject(format) || (format.type !== 'text' && format.type !== 'json_object')) {
    issues.add('response_format.type', 'must be "text" or "json_object"');
    return;
  }
  if (format.type === 'json_object' && !mentionsJson(request.messages)) {
    issues.add('response_format', 'JSON mode needs a message that asks for JSON and describes its format');
  }
}

function checkPlainFields(request: Obj, issues: Issues): void {
  if (request.stream !== undefined && typeof request.stream !== 'boolean') issues.add('stream', 'must be true or false');
  const options = request.stream_options;
  if (options !== undefined && options !== null) {
    if (!isObject(options)) issues.add('stream_options', 'must be an object such as {include_usage: true}');
    else if (options.include_usage !== undefined && typeof options.include_usage !== 'boolean') {
      issues.add('stream_options.include_usage', 'must be true or false');
    }
  }
  for (const field of ['prompt_cache_key', 'safety_identifier']) {
    const value = request[field];
    if (value !== undefined && value !== null && typeof value !== 'string') issues.add(field, 'must be a string');
  }
}
