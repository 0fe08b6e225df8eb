// Each rule of validateChatRequest: one request that passes, one that fails with the field named.
import assert from 'node:assert/strict';
import { RequestValidationError, validateChatRequest, type ValidateChatRequestOptions } from '../../../src/api';

type Req = Record<string, unknown>;
const user = (content: unknown = 'Hi') => ({ role: 'user', content });
const req = (extra: Req = {}, model = 'svc-k2-turbo-preview'): Req => ({ model, messages: [user()], ...extra });
const call = (id: string, name = 'f') => ({ id, type: 'function', function: { name, arguments: '{}' } });
const toolTurn = (ids: string[], answers: string[], reasoning?: string): Req[] => [
  user(),
  { role: 'assistant', content: '', tool_calls: ids.map((id) => call(id)), ...(reasoning === undefined ? {} : { reasoning_content: reasoning }) },
  ...answers.map((id) => ({ role: 'tool', tool_call_id: id, content: 'result' })),
];
const png = 'data:image/png;base64,iVBORw0KGgo=';

interface Rule {
  rule: string;
  pass: Req;
  fail: Req;
  field: string;
  message: RegExp;
  options?: ValidateChatRequestOptions;
}

const RULES: Rule[] = [
  { rule: 'model is required', pass: req(), fail: { messages: [user()] }, field: 'model', message: /required/ },
  { rule: 'messages is a non-empty list', pass: req(), fail: req({ messages: [] }), field: 'messages', message: /non-empty list/ },
  { rule: 'a message is an object', pass: req(), fail: req({ messages: ['Hi'] }), field: 'messages[0]', message: /object/ },
  { rule: 'role is one of system, user, assistant, tool', pass: req({ messages: [{ role: 'system', content: 'Be brief' }, user()] }), fail: req({ messages: [{ role: 'bot', content: 'x' }] }), field: 'messages[0].role', message: /one of system, user, assistant, tool/ },
  { rule: 'content is required', pass: req(), fail: req({ messages: [{ role: 'user' }] }), field: 'messages[0].content', message: /required/ },
  { rule: 'string content must not be empty', pass: req({ messages: [user(' ')] }), fail: req({ messages: [user('')] }), field: 'messages[0].content', message: /must not be empty/ },
  { rule: 'a part list must not be empty', pass: req({ messages: [user([{ type: 'text', text: 'Hi' }])] }), fail: req({ messages: [user([])] }), field: 'messages[0].content', message: /must not be empty/ },
  { rule: 'content is a string or a part list', pass: req(), fail: req({ messages: [user(42)] }), field: 'messages[0].content', message: /string or a list of content parts/ },
  {
    rule: 'an assistant message without tool_calls needs content (one with tool_calls may have "")',
    pass: req({ messages: toolTurn(['a'], ['a']) }),
    fail: req({ messages: [user(), { role: 'assistant', content: '' }, user()] }),
    field: 'messages[1].content',
    message: /must not be empty/,
  },
  { rule: 'part type is text, image_url or video_url', pass: req({ messages: [user([{ type: 'text', text: 'a' }])] }), fail: req({ messages: [user([{ type: 'audio', data: 'x' }])] }), field: 'messages[0].content[0].type', message: /one of text, image_url, video_url/ },
  { rule: 'a text part needs text', pass: req({ messages: [user([{ type: 'text', text: 'a' }])] }), fail: req({ messages: [user([{ type: 'text' }])] }), field: 'messages[0].content[0].text', message: /required on text parts/ },
  { rule: 'a text part must not be empty', pass: req({ messages: [user([{ type: 'text', text: 'a' }])] }), fail: req({ messages: [user([{ type: 'text', text: '' }])] }), field: 'messages[0].content[0].text', message: /must not be empty/ },
  { rule: 'an image_url part needs image_url.url', pass: req({ messages: [user([{ type: 'image_url', image_url: { url: png } }])] }, 'svc-v1-8k-vision-preview'), fail: req({ messages: [user([{ type: 'image_url', url: png }])] }, 'svc-v1-8k-vision-preview'), field: 'messages[0].content[0].image_url.url', message: /required on image_url parts/ },
  { rule: 'an image url is a data:image base64 URI', pass: req({ messages: [user([{ type: 'image_url', image_url: { url: png } }])] }, 'svc-v1-8k-vision-preview'), fail: req({ messages: [user([{ type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }])] }, 'svc-v1-8k-vision-preview'), field: 'messages[0].content[0].image_url.url', message: /data:image\/<subtype>;base64,<data>.*ms:\/\/<file_id>/ },
  { rule: 'an image url may be an ms:// file reference', pass: req({ messages: [user([{ type: 'image_url', image_url: { url: 'ms://file-1' } }])] }, 'svc-v1-8k-vision-preview'), fail: req({ messages: [user([{ type: 'image_url', image_url: { url: 'ms://' } }])] }, 'svc-v1-8k-vision-preview'), field: 'messages[0].content[0].image_url.url', message: /ms:\/\/<file_id>/ },
  { rule: 'a video url is a data:video base64 URI', pass: req({ messages: [user([{ type: 'video_url', video_url: { url: 'data:video/mp4;base64,AAAA' } }])] }, 'svc-k2.5'), fail: req({ messages: [user([{ type: 'video_url', video_url: { url: png } }])] }, 'svc-k2.5'), field: 'messages[0].content[0].video_url.url', message: /data:video\/<subtype>/ },
  { rule: 'image input needs a vision model', pass: req({ messages: [user([{ type: 'image_url', image_url: { url: png } }])] }, 'svc-v1-32k-vision-preview'), fail: req({ messages: [user([{ type: 'image_url', image_url: { url: png } }])] }, 'svc-v1-32k'), field: 'messages[0].content[0]', message: /needs a vision model .*svc-v1-32k reads text only/ },
  { rule: 'tool messages need tool_call_id', pass: req({ messages: toolTurn(['a'], ['a']) }), fail: req({ messages: [...toolTurn(['a'], []), { role: 'tool', content: 'r' }] }), field: 'messages[2].tool_call_id', message: /required on tool messages/ },
  { rule: 'only assistant messages carry tool_calls', pass: req({ messages: toolTurn(['a'], ['a']) }), fail: req({ messages: [{ role: 'user', content: 'x', tool_calls: [call('a')] }] }), field: 'messages[0].tool_calls', message: /only assistant messages/ },
  { rule: 'a tool call has an id', pass: req({ messages: toolTurn(['a'], ['a']) }), fail: req({ messages: [user(), { role: 'assistant', content: '', tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{}' } }] }] }), field: 'messages[1].tool_calls[0].id', message: /required/ },
  { rule: 'a tool call has type function', pass: req({ messages: toolTurn(['a'], ['a']) }), fail: req({ messages: [user(), { role: 'assistant', content: '', tool_calls: [{ ...call('a'), type: 'tool' }] }, { role: 'tool', tool_call_id: 'a', content: 'r' }] }), field: 'messages[1].tool_calls[0].type', message: /must be "function"/ },
  { rule: 'a tool call names its function', pass: req({ messages: toolTurn(['a'], ['a']) }), fail: req({ messages: [user(), { role: 'assistant', content: '', tool_calls: [{ id: 'a', type: 'function', function: { arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'a', content: 'r' }] }), field: 'messages[1].tool_calls[0].function.name', message: /required/ },
  { rule: 'tool call arguments are a string', pass: req({ messages: toolTurn(['a'], ['a']) }), fail: req({ messages: [user(), { role: 'assistant', content: '', tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: {} } }] }, { role: 'tool', tool_call_id: 'a', content: 'r' }] }), field: 'messages[1].tool_calls[0].function.arguments', message: /JSON document encoded as a string/ },
  { rule: 'tool call ids are unique within a message', pass: req({ messages: toolTurn(['a', 'b'], ['b', 'a']) }), fail: req({ messages: toolTurn(['a', 'a'], ['a']) }), field: 'messages[1].tool_calls[1].id', message: /unique within the message/ },
  { rule: 'every tool call is answered before the next message', pass: req({ messages: [...toolTurn(['a', 'b'], ['b', 'a']), { role: 'assistant', content: 'Done' }, user()] }), fail: req({ messages: [...toolTurn(['a', 'b'], ['a']), user()] }), field: 'messages[1].tool_calls[1].id', message: /"b" has no tool message answering it before messages\[3\]/ },
  { rule: 'every tool call is answered before the request is sent', pass: req({ messages: toolTurn(['a'], ['a']) }), fail: req({ messages: toolTurn(['a'], []) }), field: 'messages[1].tool_calls[0].id', message: /before the request is sent/ },
  { rule: 'a tool message answers a call of the assistant message before it', pass: req({ messages: toolTurn(['a'], ['a']) }), fail: req({ messages: [...toolTurn(['a'], ['a', 'z'])] }), field: 'messages[3].tool_call_id', message: /"z" matches no tool call of messages\[1\]/ },
  { rule: 'a tool call is answered once', pass: req({ messages: toolTurn(['a'], ['a']) }), fail: req({ messages: toolTurn(['a'], ['a', 'a']) }), field: 'messages[3].tool_call_id', message: /a second time/ },
  { rule: 'a tool message follows tool calls', pass: req({ messages: toolTurn(['a'], ['a']) }), fail: req({ messages: [user(), { role: 'tool', tool_call_id: 'a', content: 'r' }] }), field: 'messages[1].tool_call_id', message: /answers no tool call/ },
  { rule: 'a thinking model needs reasoning_content on tool-call messages', pass: req({ messages: toolTurn(['a'], ['a'], 'I should call f') }, 'svc-k2-thinking'), fail: req({ messages: toolTurn(['a'], ['a']) }, 'svc-k2-thinking'), field: 'messages[1].reasoning_content', message: /required on assistant messages with tool_calls while svc-k2-thinking is thinking/ },
  { rule: 'svc-k2.5 with thinking disabled does not need reasoning_content', pass: req({ messages: toolTurn(['a'], ['a']), thinking: { type: 'disabled' } }, 'svc-k2.5'), fail: req({ messages: toolTurn(['a'], ['a']) }, 'svc-k2.5'), field: 'messages[1].reasoning_content', message: /svc-k2.5 is thinking/ },
  { rule: 'function names are unique in tools', pass: req({ tools: [{ type: 'function', function: { name: 'a' } }, { type: 'function', function: { name: 'b' } }] }), fail: req({ tools: [{ type: 'function', function: { name: 'a' } }, { type: 'function', function: { name: 'a' } }] }), field: 'tools[1].function.name', message: /unique within the request; "a" is also tools\[0\]/ },
  { rule: 'a tool definition has type function', pass: req({ tools: [{ type: 'function', function: { name: 'a' } }] }), fail: req({ tools: [{ type: 'retrieval', function: { name: 'a' } }] }), field: 'tools[0].type', message: /must be "function"/ },
  { rule: 'tool parameters are an object schema', pass: req({ tools: [{ type: 'function', function: { name: 'a', parameters: { type: 'object', properties: {}, required: [] } } }] }), fail: req({ tools: [{ type: 'function', function: { name: 'a', parameters: { type: 'string' } } }] }), field: 'tools[0].function.parameters', message: /type "object"/ },
  { rule: 'n is at most 5', pass: req({ n: 5, temperature: 0.7 }), fail: req({ n: 6, temperature: 0.7 }), field: 'n', message: /whole number from 1 to 5/ },
  { rule: 'n is a whole number', pass: req({ n: 2, temperature: 0.7 }), fail: req({ n: 1.5 }), field: 'n', message: /whole number/ },
  { rule: 'n > 1 needs a temperature not near 0', pass: req({ n: 2, temperature: 0.3 }), fail: req({ n: 2, temperature: 0 }), field: 'n', message: /must be 1 when temperature is near 0 \(temperature is 0\)/ },
  { rule: 'n > 1 counts the default temperature of svc-v1 models (0)', pass: req({ n: 2, temperature: 0.5 }, 'svc-v1-8k'), fail: req({ n: 2 }, 'svc-v1-8k'), field: 'n', message: /default temperature of svc-v1-8k is 0/ },
  { rule: 'n is fixed at 1 for svc-k2.5', pass: req({ n: 1 }, 'svc-k2.5'), fail: req({ n: 2 }, 'svc-k2.5'), field: 'n', message: /cannot be changed for svc-k2.5: it is fixed at 1/ },
  { rule: 'temperature is from 0 to 1', pass: req({ temperature: 1 }), fail: req({ temperature: 1.2 }), field: 'temperature', message: /from 0 to 1/ },
  { rule: 'top_p is from 0 to 1', pass: req({ top_p: 0.9 }), fail: req({ top_p: 1.5 }), field: 'top_p', message: /from 0 to 1/ },
  { rule: 'presence_penalty is from -2 to 2', pass: req({ presence_penalty: -2 }), fail: req({ presence_penalty: 2.5 }), field: 'presence_penalty', message: /from -2 to 2/ },
  { rule: 'frequency_penalty is from -2 to 2', pass: req({ frequency_penalty: 2 }), fail: req({ frequency_penalty: -3 }), field: 'frequency_penalty', message: /from -2 to 2/ },
  { rule: 'stop has at most 5 strings', pass: req({ stop: ['a', 'b', 'c', 'd', 'e'] }), fail: req({ stop: ['a', 'b', 'c', 'd', 'e', 'f'] }), field: 'stop', message: /at most 5 strings/ },
  { rule: 'each stop string is at most 32 bytes in UTF-8', pass: req({ stop: ['停'.repeat(10)] }), fail: req({ stop: ['x', '停'.repeat(11)] }), field: 'stop[1]', message: /at most 32 bytes in UTF-8 \(got 33\)/ },
  { rule: 'a single stop string is at most 32 bytes too', pass: req({ stop: 'END' }), fail: req({ stop: 'x'.repeat(33) }), field: 'stop', message: /at most 32 bytes/ },
  { rule: 'stop entries are strings', pass: req({ stop: null }), fail: req({ stop: [1] }), field: 'stop[0]', message: /must be a string/ },
  { rule: 'thinking only for svc-k2.5', pass: req({ thinking: { type: 'enabled' } }, 'svc-k2.5'), fail: req({ thinking: { type: 'enabled' } }, 'svc-k2-thinking'), field: 'thinking', message: /only svc-k2.5 accepts thinking; svc-k2-thinking does not/ },
  { rule: 'thinking is {type: enabled|disabled}', pass: req({ thinking: { type: 'disabled' } }, 'svc-k2.5'), fail: req({ thinking: { type: 'on' } }, 'svc-k2.5'), field: 'thinking', message: /must be \{type: "enabled"\} or \{type: "disabled"\}/ },
  { rule: 'svc-k2.5 temperature is fixed at 1', pass: req({ temperature: 1 }, 'svc-k2.5'), fail: req({ temperature: 0.6 }, 'svc-k2.5'), field: 'temperature', message: /cannot be changed for svc-k2.5: it is fixed at 1/ },
  { rule: 'svc-k2.5 top_p is fixed at 0.95', pass: req({ top_p: 0.95 }, 'svc-k2.5'), fail: req({ top_p: 0.5 }, 'svc-k2.5'), field: 'top_p', message: /fixed at 0.95/ },
  { rule: 'svc-k2.5 presence_penalty is fixed at 0', pass: req({ presence_penalty: 0 }, 'svc-k2.5'), fail: req({ presence_penalty: 1 }, 'svc-k2.5'), field: 'presence_penalty', message: /fixed at 0/ },
  { rule: 'svc-k2.5 frequency_penalty is fixed at 0', pass: req({ frequency_penalty: 0 }, 'svc-k2.5'), fail: req({ frequency_penalty: 0.5 }, 'svc-k2.5'), field: 'frequency_penalty', message: /fixed at 0/ },
  { rule: 'not both temperature and top_p', pass: req({ temperature: 0.3 }), fail: req({ temperature: 0.3, top_p: 0.9 }), field: 'top_p', message: /either temperature or top_p, not both/ },
  { rule: 'max_tokens and max_completion_tokens agree when both are given', pass: req({ max_tokens: 10, max_completion_tokens: 10 }), fail: req({ max_tokens: 10, max_completion_tokens: 20 }), field: 'max_tokens', message: /deprecated name of max_completion_tokens/ },
  { rule: 'max_completion_tokens is a whole number >= 1', pass: req({ max_completion_tokens: 1 }), fail: req({ max_completion_tokens: 0 }), field: 'max_completion_tokens', message: /at least 1/ },
  { rule: 'input plus max_completion_tokens fits the model length', pass: req({ max_completion_tokens: 192 }, 'svc-v1-8k'), fail: req({ max_completion_tokens: 193 }, 'svc-v1-8k'), field: 'max_completion_tokens', message: /plus max_completion_tokens \(193\) exceeds svc-v1-8k's total length of 8192; at most 192 fits/, options: { inputTokens: 8000 } },
  { rule: 'input plus the default max_completion_tokens fits too', pass: req({}, 'svc-v1-32k'), fail: req({}, 'svc-v1-8k'), field: 'max_completion_tokens', message: /the default max_completion_tokens \(1024\)/, options: { inputTokens: 8000 } },
  { rule: 'input alone fits the model length', pass: req({ max_completion_tokens: 1 }, 'svc-v1-32k'), fail: req({ max_completion_tokens: 1 }, 'svc-v1-8k'), field: 'messages', message: /input token length too long/, options: { inputTokens: 8192 } },
  { rule: 'response_format type is text or json_object', pass: req({ response_format: { type: 'text' } }), fail: req({ response_format: { type: 'xml' } }), field: 'response_format.type', message: /"text" or "json_object"/ },
  { rule: 'JSON mode needs a message asking for JSON', pass: req({ response_format: { type: 'json_object' }, messages: [user('Answer in JSON: {"a": number}')] }), fail: req({ response_format: { type: 'json_object' } }), field: 'response_format', message: /asks for JSON/ },
  { rule: 'stream is a boolean', pass: req({ stream: true }), fail: req({ stream: 'yes' }), field: 'stream', message: /true or false/ },
  { rule: 'stream_options.include_usage is a boolean', pass: req({ stream_options: { include_usage: true } }), fail: req({ stream_options: { include_usage: 1 } }), field: 'stream_options.include_usage', message: /true or false/ },
  { rule: 'prompt_cache_key is a string', pass: req({ prompt_cache_key: 'session-1' }), fail: req({ prompt_cache_key: 7 }), field: 'prompt_cache_key', message: /string/ },
  { rule: 'message name is a string', pass: req({ messages: [{ role: 'user', content: 'x', name: 'ann' }] }), fail: req({ messages: [{ role: 'user', content: 'x', name: 3 }] }), field: 'messages[0].name', message: /string/ },
];

function failure(request: Req, options?: ValidateChatRequestOptions): RequestValidationError {
  try {
    validateChatRequest(request, options);
  } catch (error) {
    assert.ok(error instanceof RequestValidationError, String(error));
    return error;
  }
  return assert.fail(`expected ${JSON.stringify(request)} to be refused`);
}

describe('validateChatRequest', () => {
  for (const { rule, pass, fail, field, message, options } of RULES) {
    it(rule, () => {
      assert.doesNotThrow(() => validateChatRequest(pass, options), `the passing case of "${rule}" was refused`);
      const error = failure(fail, options);
      const issue = error.issues.find((i) => i.field === field);
      assert.ok(issue, `no issue for ${field}; got ${JSON.stringify(error.issues)}`);
      assert.match(issue.message, message);
      assert.match(error.message, new RegExp(`${field.replace(/[[\].]/g, '\\$&')}: `));
    });
  }

  it('maps deprecated max_tokens to max_completion_tokens and keeps unknown fields', () => {
    const normalized = validateChatRequest({ ...req({ max_tokens: 300, user_tag: 'x' }) });
    assert.equal(normalized.max_completion_tokens, 300);
    assert.equal('max_tokens' in normalized, false);
    assert.equal(normalized.user_tag, 'x');
  });

  it('keeps reasoning_content on assistant messages, with tool calls too', () => {
    const messages = toolTurn(['a'], ['a'], 'thinking it over');
    const normalized = validateChatRequest(req({ messages }, 'svc-k2-thinking'));
    assert.equal(normalized.messages[1]?.role, 'assistant');
    assert.deepEqual(normalized.messages[1], messages[1]);
  });

  it('passes unknown model ids through model rules, but applies the general ones', () => {
    assert.doesNotThrow(() => validateChatRequest(req({ thinking: { type: 'enabled' }, n: 3 }, 'svc-k9-future')));
    assert.doesNotThrow(() => validateChatRequest(req({ messages: [user([{ type: 'image_url', image_url: { url: png } }])] }, 'svc-k9-future'), { inputTokens: 10 ** 7 }));
    assert.equal(failure(req({ temperature: 3 }, 'svc-k9-future')).issues[0]?.field, 'temperature');
  });

  it('reports every broken rule at once', () => {
    const error = failure({ model: 'svc-k2.5', messages: [user('')], temperature: 0.2, stop: 'x'.repeat(40) });
    assert.deepEqual(error.issues.map((i) => i.field).sort(), ['messages[0].content', 'stop', 'temperature']);
  });

  it('refuses a non-object request and a bad inputTokens option', () => {
    assert.equal(failure('hello' as unknown as Req).issues[0]?.field, '(request)');
    assert.equal(failure(req(), { inputTokens: -1 }).issues[0]?.field, '(options).inputTokens');
  });
});
