// The rules for a chat request's messages and tools: roles, content parts (images and videos as data
// URIs or file references), tool calls and that each is answered, reasoning sent back by thinking
// models, and tool definitions.
import { isThinkingOn, type ModelInfo, MODELS } from './models';
import { type Issues, isNonEmptyString, isObject, type Obj, quote } from './requestRuleSupport';

const ROLES = ['system', 'user', 'assistant', 'tool'] as const;
const PART_TYPES = ['text', 'image_url', 'video_url'] as const;
const DATA_URI = { image_url: /^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]+$/, video_url: /^data:video\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]+$/ };
const FILE_REF = /^ms:\/\/\S+$/;

export function checkMessages(request: Obj, info: ModelInfo | undefined, issues: Issues): void {
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
    if (content === '') issues.add(path, 'must not be empty', { id: 'emptyContent' });
    return;
  }
  if (!Array.isArray(content)) {
    issues.add(path, 'must be a string or a list of content parts');
    return;
  }
  if (content.length === 0) {
    issues.add(path, 'must not be empty', { id: 'emptyContent' });
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
    else if (part.text === '') issues.add(`${path}.text`, 'must not be empty', { id: 'emptyContent' });
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
    issues.add(path, `${media} input needs a vision model (${visionModels}); ${info.id} reads text only`, { id: 'needsVision', media, models: visionModels, model: info.id });
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

export function checkTools(tools: unknown, issues: Issues): void {
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

