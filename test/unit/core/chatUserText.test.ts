// The chat's own words reach the user through core's translator (errors, notices, questions, labels);
// the service's words are shown as it sent them, and what the model reads stays English.
import assert from 'node:assert/strict';
import {
  CancelledError,
  InvalidResponseError,
  NetworkError,
  RequestValidationError,
  serviceError,
  StreamInterruptedError,
  TimeoutError,
  errorFromResponseBody,
} from '../../../src/api/errors';
import { validateChatRequest, type ChatCompletion, type ChatRequest, type IssueRule } from '../../../src/api/index';
import { compactBeforeSending } from '../../../src/core/chat/autoCompaction';
import { checkpointedTurn } from '../../../src/core/chat/checkpointedTurn';
import { deleteConversation } from '../../../src/core/chat/conversationDeletion';
import { sendSurvivingDeletion } from '../../../src/core/chat/deletedConversationSend';
import { errorToInfo } from '../../../src/core/chat/errorAction';
import { GROUND_RULES } from '../../../src/core/chat/groundRules';
import { issueText } from '../../../src/core/chat/requestIssueText';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { englishText, useTranslator } from '../../../src/core/l10n';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';
import { ScriptedHostWindow } from './support/scriptedHostWindow';
import { delta, gate } from './support/scriptedChatClient';
import { reply, setup, thinking, tick } from './support/chatSessionBed';

/** A translator whose output shows which text went through it, and how the pieces nest. */
const marked = (message: string, args: ReadonlyArray<string | number>): string => `«${englishText(message, args)}»`;

function refusal(request: unknown): RequestValidationError {
  try {
    validateChatRequest(request);
  } catch (error) {
    if (error instanceof RequestValidationError) return error;
    throw error;
  }
  throw new Error('the request was accepted');
}

const image = { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } };

describe('the chat says its own words in the display language', () => {
  afterEach(() => useTranslator(englishText));

  it('translates the sentences the client and core make, keeps the codes in the details and the client errors English', () => {
    useTranslator(marked);
    const network = new NetworkError('Could not reach the service: fetch failed: getaddrinfo ENOTFOUND api.svc.example');
    assert.deepEqual(errorToInfo(network), {
      kind: 'network',
      type: 'ENOTFOUND',
      message: "«Can't reach api.svc.example: «its name could not be looked up». Check your connection or proxy (http.proxy), or use the local emulator.»",
      action: 'retry',
    });
    assert.equal(errorToInfo(new TimeoutError(60_000)).message, '«The service did not answer within 60 s. Check your connection or proxy (http.proxy), or allow more time (svc.requestTimeoutSeconds).»');
    const cut = new StreamInterruptedError(3);
    assert.deepEqual(errorToInfo(cut), { kind: 'interrupted', type: 'stream_interrupted', message: '«The stream ended before [DONE] after 3 chunk(s)»', action: 'retry' });
    assert.equal(cut.message, 'The stream ended before [DONE] after 3 chunk(s)', 'the client error stays English for the log');
    const malformed = errorToInfo(new InvalidResponseError('choices[0].message', 'required', 200));
    assert.deepEqual(malformed, { kind: 'invalidResponse', status: 200, type: 'invalid_response', message: '«Malformed response from the service: choices[0].message: required»', action: 'retry' });
    assert.equal(errorToInfo(new CancelledError()).message, '«The request was cancelled»');
    assert.deepEqual(errorToInfo(errorFromResponseBody(502, '', null)), { kind: 'server', status: 502, type: 'http_502', message: '«HTTP 502 with an empty body»', action: 'retry' });
  });

  it("shows the service's own messages as it sent them", () => {
    useTranslator(marked);
    assert.equal(errorToInfo(serviceError({ status: 401, type: 'incorrect_api_key_error', message: 'Incorrect API key provided' })).message, 'Incorrect API key provided');
    assert.equal(errorToInfo(errorFromResponseBody(502, '<html>Bad gateway</html>', null)).message, '<html>Bad gateway</html>');
  });

  it("says a rate limit in the user's words, the service's text (account and key ids blanked) kept for the details", () => {
    useTranslator(marked);
    const said = 'Your account org-3f2a9c1d5e6b7a80<ak-1a2b3c4d5e6f> request reached organization max RPM: 0, please try again after 3 seconds';
    const info = errorToInfo(serviceError({ status: 429, type: 'rate_limit_reached_error', message: said }));
    assert.equal(info.message, '«This account sent too many requests in the last minute. The service asks to wait a little.»');
    assert.equal(info.serviceMessage, 'Your account org-…<ak-…> request reached organization max RPM: 0, please try again after 3 seconds');
    assert.equal(info.retryAfterSeconds, 3);
    assert.match(errorToInfo(serviceError({ status: 429, type: 'rate_limit_reached_error', message: 'org-abcdef12 reached max TPD: 100' })).message, /daily token limit/);
    assert.match(errorToInfo(serviceError({ status: 429, type: 'rate_limit_reached_error', message: 'slow down' })).message, /limits how often/);
  });

  it('says the rules a user can break in the display language, naming the field as the client does; a malformed message stays English', () => {
    useTranslator(marked);
    const error = refusal({
      model: 'svc-v1-8k',
      response_format: { type: 'json_object' },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'look' }, image] }, { role: 'tool', content: 'x' }],
    });
    const info = errorToInfo(error);
    assert.equal(info.kind, 'invalidRequest');
    assert.equal(
      info.message,
      '««messages[0].content[1]: «image input needs a vision model (svc-k2.5, svc-v1-8k-vision-preview, svc-v1-32k-vision-preview, svc-v1-128k-vision-preview); svc-v1-8k reads text only»; ' +
        'messages[1].tool_call_id: required on tool messages: the id of the tool call it answers»; response_format: «JSON mode needs a message that asks for JSON and describes its format»»',
    );
    assert.match(error.message, /^messages\[0\]\.content\[1\]: image input needs a vision model/, 'the client error stays English for the log');
  });

  it('says each rule in English exactly as the client does while no translator is installed', () => {
    const refusals = [
      refusal({ model: 'svc-v1-8k', messages: [{ role: 'user', content: '' }], temperature: 3, top_p: 0.5, n: 9, stop: ['a', 'b', 'c', 'd', 'e', 'f'], max_completion_tokens: 0, thinking: { type: 'enabled' } }),
      refusal({ model: 'svc-v1-8k', messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }], stop: 'x'.repeat(40), n: 2, temperature: 0 }),
      refusal({ model: 'svc-v1-8k', messages: [{ role: 'user', content: [] }], n: 2 }),
      refusal({ model: 'svc-k2.5', messages: [{ role: 'user', content: 'hi' }], temperature: 0.2 }),
      refusal({ model: 'svc-v1-8k', messages: [{ role: 'user', content: [{ type: 'video_url', video_url: { url: 'data:video/mp4;base64,AAAA' } }] }], response_format: { type: 'json_object' } }),
    ];
    const long = (max?: number) => {
      try {
        validateChatRequest({ model: 'svc-v1-8k', messages: [{ role: 'user', content: 'hi' }], ...(max ? { max_completion_tokens: max } : {}) }, { inputTokens: max ? 8000 : 9000 });
      } catch (error) {
        if (error instanceof RequestValidationError) return error;
      }
      throw new Error('the request was accepted');
    };
    refusals.push(long(), long(1000));
    const issues = refusals.flatMap((r) => r.issues);
    for (const issue of issues) assert.equal(issueText(issue), `${issue.field}: ${issue.message}`);
    const seen = new Set(issues.flatMap((i) => (i.rule ? [i.rule.id] : [])));
    const all: Array<IssueRule['id']> = ['numberRange', 'temperatureOrTopP', 'choiceCount', 'oneChoiceNearZeroTemperature', 'fixedValue', 'stopCount', 'stopBytes', 'thinkingNotSwitchable', 'wholeNumber', 'inputTooLong', 'completionDoesNotFit', 'needsVision', 'jsonModeNeedsPrompt', 'emptyContent'];
    assert.deepEqual([...seen].sort(), [...all].sort());
    assert.ok(issues.some((i) => i.rule?.id === 'completionDoesNotFit' && !i.rule.defaulted) && issues.some((i) => i.rule?.id === 'needsVision' && i.rule.media === 'video'));
  });

  it('tells of a reply cut by the editor closing in the display language, while the request kept its English ground rules', async () => {
    const wait = gate();
    const { session, conversation, events, client } = await setup([[delta({ content: 'partial' }), wait.step]]);
    useTranslator(marked);
    void session.send(conversation.id, 'Q', thinking);
    while (!events.some((e) => e.type === 'contentDelta')) await tick();
    await session.dispose();
    assert.deepEqual(reply(conversation).error, { kind: 'interrupted', message: '«The editor closed while the reply was streaming»', action: 'retry' });
    assert.deepEqual(client.requests[0]?.messages, [GROUND_RULES, { role: 'user', content: 'Q' }]);
    await assert.rejects(session.send(conversation.id, '  ', thinking), /^InvalidInputError: text: «the message must not be empty»$/);
  });

  it('says an automatic compaction in the display language; the summary request the model reads stays English', async () => {
    const { store } = await ConversationStore.open(new MemoryConversationFolder(), new ManualClock());
    const conversation = await store.create();
    const long = 'leap years and their rules '.repeat(400);
    for (let i = 0; i < 4; i++) {
      conversation.entries.push({ id: `u${i}`, role: 'user', createdAt: 1, content: `${long} ${i}` });
      conversation.entries.push({ id: `a${i}`, role: 'assistant', createdAt: 1, model: 'svc-v1-8k', alternatives: [{ content: `answer ${i}`, reasoning: '', finishReason: 'stop' }], selected: 0, status: 'complete' });
    }
    await store.save(conversation);
    const requests: ChatRequest[] = [];
    const client = {
      chat: async (request: ChatRequest): Promise<ChatCompletion> => {
        requests.push(request);
        return { id: 'x', object: 'chat.completion', created: 1, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'stop' }], usage: null } as unknown as ChatCompletion;
      },
    };
    const notices: string[] = [];
    useTranslator(marked);
    const deps = { store, client: async () => client, clock: new ManualClock(), notice: (_level: 'info' | 'warning', m: string) => void notices.push(m) };
    assert.equal(await compactBeforeSending(deps, conversation.id, { text: 'and 2100?', model: 'svc-v1-8k', maxCompletionTokens: 1024, threshold: 0.8 }), false);
    assert.deepEqual(notices, [
      "«This conversation is near 80 % of the model's context: its older part is summarised first (svc.compaction.threshold).»",
      '«The conversation could not be compacted («The model answered the summary request with no text; the conversation was left as it was.»); the message is sent as it is.»',
    ]);
    const sent = JSON.stringify(requests[0]?.messages);
    assert.match(sent, /You compact a conversation between a user and an AI coding assistant/);
    assert.match(sent, /Write the summary now\./);
    assert.doesNotMatch(sent, /«/, 'nothing the model reads went through the translator');
  });

  it('asks before deleting, tells of a conversation deleted elsewhere and labels the message checkpoint in the display language', async () => {
    useTranslator(marked);
    const { store } = await ConversationStore.open(new MemoryConversationFolder(), new ManualClock());
    const conversation = await store.create();
    await store.rename(conversation.id, 'Leap years');
    const window = new ScriptedHostWindow({ confirm: false });
    assert.equal(await deleteConversation(window, store, { stopAndSettle: async () => undefined }, conversation.id), false);
    assert.deepEqual(window.confirmations, [{ message: '«Delete the conversation "Leap years"?»', confirmLabel: '«Delete»' }]);

    const notices: string[] = [];
    await sendSurvivingDeletion({ store, systemPrompt: '', notice: (text) => void notices.push(text) }, 'gone', async () => undefined);
    assert.deepEqual(notices, ['«That conversation was deleted in another window; your message was sent in a new conversation.»']);

    const labels: string[] = [];
    const turn = checkpointedTurn({ display: 'hi', content: 'hi', context: [] }, async (label) => void labels.push(label));
    await turn.checkpoint?.();
    assert.deepEqual(labels, ['«before your message»']);
  });
});
