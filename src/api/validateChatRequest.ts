// The service's rules for a chat request, checked before it is sent (the client does it on every chat
// call; the UI and the extension call it to show problems as they are typed). Every broken rule is
// reported at once, each naming the field path and the rule. Rules that depend on the model apply to the
// model ids of the catalogue; an unknown id gets only the general rules (the service decides the rest).
import { RequestValidationError } from './errors';
import { checkMessages, checkTools } from './messageRules';
import { LIMITS, type ModelInfo, modelInfo, MODELS } from './models';
import { Issues, isNonEmptyString, isObject, type Obj, quote } from './requestRuleSupport';
import { type ChatRequest, ChatRequestSchema } from './schemas';
import { formatFieldPath } from './validateResponse';

export interface ValidateChatRequestOptions {
  /** Input tokens of the request (e.g. from estimateTokens); enables the context-length rule. */
  inputTokens?: number;
}

const utf8 = new TextEncoder();

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


function checkRange(request: Obj, field: string, min: number, max: number, issues: Issues): number | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    issues.add(field, `must be a number from ${min} to ${max} (got ${quote(value)})`, { id: 'numberRange', min, max, got: quote(value) });
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
    issues.add('top_p', 'set either temperature or top_p, not both', { id: 'temperatureOrTopP' });
  }
  const n = request.n;
  if (n !== undefined) {
    if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > LIMITS.maxN) {
      issues.add('n', `must be a whole number from 1 to ${LIMITS.maxN} (got ${quote(n)})`, { id: 'choiceCount', max: LIMITS.maxN, got: quote(n) });
    } else if ((n as number) > 1) {
      const effective = temperature ?? (request.temperature === undefined ? info?.defaultTemperature : undefined);
      if (effective !== undefined && effective < LIMITS.nearZeroTemperature) {
        const modelDefault = temperature === undefined ? info?.id : undefined;
        const source = modelDefault !== undefined ? `the default temperature of ${modelDefault} is ${effective}` : `temperature is ${effective}`;
        issues.add('n', `must be 1 when temperature is near 0 (${source})`, { id: 'oneChoiceNearZeroTemperature', temperature: effective, ...(modelDefault !== undefined ? { modelDefault } : {}) });
      }
    }
  }
  if (info === undefined) return;
  for (const [field, fixed] of Object.entries(info.fixed)) {
    const value = request[field];
    if (value !== undefined && value !== fixed) {
      issues.add(field, `cannot be changed for ${info.id}: it is fixed at ${fixed} (got ${quote(value)})`, { id: 'fixedValue', model: info.id, fixed: String(fixed), got: quote(value) });
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
  if (list.length > LIMITS.maxStopSequences) issues.add('stop', `at most ${LIMITS.maxStopSequences} strings (got ${list.length})`, { id: 'stopCount', max: LIMITS.maxStopSequences, got: list.length });
  list.forEach((entry: unknown, i) => {
    const field = typeof stop === 'string' ? 'stop' : `stop[${i}]`;
    if (typeof entry !== 'string') issues.add(field, 'must be a string');
    else if (utf8.encode(entry).length > LIMITS.maxStopBytes) {
      const bytes = utf8.encode(entry).length;
      issues.add(field, `at most ${LIMITS.maxStopBytes} bytes in UTF-8 (got ${bytes})`, { id: 'stopBytes', max: LIMITS.maxStopBytes, got: bytes });
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
    issues.add('thinking', `only ${switchable} accepts thinking; ${info.id} does not`, { id: 'thinkingNotSwitchable', accepted: switchable, model: info.id });
  }
}

function checkWholeNumber(request: Obj, field: string, issues: Issues): number | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || (value as number) < 1) {
    issues.add(field, `must be a whole number of at least 1 (got ${quote(value)})`, { id: 'wholeNumber', got: quote(value) });
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
    issues.add('messages', `input token length too long: ${inputTokens} tokens, ${info.id} holds ${length} in total`, { id: 'inputTooLong', tokens: inputTokens, model: info.id, length });
    return;
  }
  const output = maxCompletionTokens ?? LIMITS.defaultMaxCompletionTokens;
  if (inputTokens + output > length) {
    const what = maxCompletionTokens === undefined ? `the default max_completion_tokens (${output})` : `max_completion_tokens (${output})`;
    issues.add(
      'max_completion_tokens',
      `input (${inputTokens} tokens) plus ${what} exceeds ${info.id}'s total length of ${length}; at most ${length - inputTokens} fits`,
      { id: 'completionDoesNotFit', tokens: inputTokens, completion: output, defaulted: maxCompletionTokens === undefined, model: info.id, length, fits: length - inputTokens },
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
    issues.add('response_format', 'JSON mode needs a message that asks for JSON and describes its format', { id: 'jsonModeNeedsPrompt' });
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

