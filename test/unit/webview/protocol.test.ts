import assert from 'node:assert/strict';
import { type HostMessage, type WebviewMessage } from '../../../src/shared/protocol';
import { parseHostMessage, parseWebviewMessage, ProtocolError } from '../../../src/shared/messageParsing';

const usage = { promptTokens: 10, completionTokens: 20, cachedTokens: 0 };
const settings = { model: 'svc-k2.5', thinking: true, jsonMode: false, showReasoning: 'collapsed', choiceCount: 1 } as const;

const validHost: HostMessage[] = [
  {
    type: 'init',
    conversations: [{ id: 'c1', title: 'Hello', updatedAt: 1, messageCount: 2 }],
    active: {
      id: 'c1',
      title: 'Hello',
      createdAt: 1,
      updatedAt: 2,
      totals: usage,
      messages: [
        { id: 'm1', role: 'user', content: 'hi', createdAt: 1 },
        {
          id: 'm2',
          role: 'assistant',
          model: 'svc-k2.5',
          choices: [{ index: 0, content: 'hello', reasoning: 'think', finishReason: null }],
          selectedChoice: 0,
          status: 'interrupted',
          usage,
          createdAt: 2,
        },
      ],
    },
    settings,
    connection: { mode: 'emulator', baseUrl: 'http://127.0.0.1:1234/v1' },
    models: [{ id: 'svc-k2.5', thinking: 'optional', vision: true, contextLength: null, estimateSupported: true, maxChoices: 1 }],
  },
  { type: 'replyStarted', conversationId: 'c1', messageId: 'm3', model: 'svc-k2.5', choiceCount: 1 },
  { type: 'reasoningDelta', conversationId: 'c1', messageId: 'm3', choiceIndex: 0, text: 'hmm' },
  { type: 'contentDelta', conversationId: 'c1', messageId: 'm3', choiceIndex: 0, text: 'Hi' },
  { type: 'toolCallDelta', conversationId: 'c1', messageId: 'm3', choiceIndex: 0, index: 0, id: 'call_1', name: 'date' },
  { type: 'replyFinished', conversationId: 'c1', messageId: 'm3', status: 'complete', finishReasons: [{ choiceIndex: 0, finishReason: 'stop' }], usage, totals: usage },
  {
    type: 'replyFailed',
    conversationId: 'c1',
    messageId: 'm3',
    status: 'failed',
    error: { kind: 'rateLimit', status: 429, type: 'rate_limit_reached_error', message: 'try again after 3 seconds', retryAfterSeconds: 3, action: 'retry' },
  },
  { type: 'tokenEstimate', requestId: 'r1', tokens: 42, contextLength: 8192 },
  { type: 'exportResult', requestId: 'r2', ok: true, message: 'Exported' },
  { type: 'processes', conversationId: 'c1', processes: [{ id: 'p1', command: 'npm run dev', cwd: '.', background: true }] },
  { type: 'processes', conversationId: 'c1', processes: [] },
  {
    type: 'sessions',
    sessions: [
      { id: 'c1', conversationId: 'c1', title: 'Hello', kind: 'foreground', state: 'waiting', model: 'svc-k2.5', tokens: 1200, usd: 0.004, filesChanged: 2, updatedAt: 5 },
      { id: 'bg1', conversationId: 'bc1', title: 'Port the parser', kind: 'background', state: 'stopped', model: null, tokens: 0, usd: null, filesChanged: 0, updatedAt: 4, worktree: { path: '/tmp/wt', branch: 'svc/bg1', applied: false } },
    ],
  },
  { type: 'sessions', sessions: [] },
];

const validWebview: WebviewMessage[] = [
  { type: 'ready' },
  { type: 'send', conversationId: null, text: 'hello', options: { model: 'svc-v1-8k', thinking: false, jsonMode: true, choiceCount: 3 } },
  { type: 'stop', conversationId: 'c1' },
  { type: 'editAndResend', conversationId: 'c1', messageId: 'm1', text: 'changed' },
  { type: 'applyCodeBlock', code: 'x', language: 'ts' },
  { type: 'estimateTokens', requestId: 'r1', conversationId: 'c1', draft: '', model: 'svc-k2.5' },
  { type: 'runAction', action: 'setKey' },
  { type: 'stopProcess', conversationId: 'c1', processId: 'p1' },
  { type: 'openSession', sessionId: 'bg1' },
  { type: 'stopSession', sessionId: 'c1' },
  { type: 'resumeSession', sessionId: 'c1' },
  { type: 'applySession', sessionId: 'background:t1' },
  { type: 'discardSession', sessionId: 'background:t1' },
];

describe('host/webview protocol', () => {
  it('accepts every well-formed message in both directions and returns it typed', () => {
    for (const message of validHost) assert.deepEqual(parseHostMessage(message), { ok: true, message });
    for (const message of validWebview) assert.deepEqual(parseWebviewMessage(message), { ok: true, message });
  });

  it('rejects an unknown type, naming the discriminator', () => {
    const result = parseHostMessage({ type: 'explode' });
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.ok(result.error instanceof ProtocolError);
    assert.equal(result.error.direction, 'host->webview');
    assert.match(result.error.issues[0] ?? '', /^type: /);
  });

  it('names each field at fault and what is allowed', () => {
    const result = parseWebviewMessage({ type: 'send', conversationId: null, text: '', options: { model: 'm', thinking: 'yes', jsonMode: false, choiceCount: 9 } });
    assert.equal(result.ok, false);
    if (result.ok) return;
    const issues = result.error.issues.join('\n');
    assert.match(issues, /^text: .*>=1/m);
    assert.match(issues, /^options\.thinking: .*boolean/m);
    assert.match(issues, /^options\.choiceCount: .*<=5/m);
  });

  it('rejects an error object without its action and a status outside the enum', () => {
    const bad = parseHostMessage({ type: 'replyFailed', conversationId: 'c', messageId: 'm', status: 'exploded', error: { kind: 'network', message: 'x' } });
    assert.equal(bad.ok, false);
    if (bad.ok) return;
    assert.ok(bad.error.issues.some((i) => i.startsWith('status:')));
    assert.ok(bad.error.issues.some((i) => i.startsWith('error.action:')));
  });

  it('refuses a process to stop without an id or with one longer than a task gives', () => {
    for (const processId of ['', 'p'.repeat(21)]) {
      const result = parseWebviewMessage({ type: 'stopProcess', conversationId: 'c1', processId });
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.error.issues[0] ?? '', /^processId: /);
    }
  });

  it('refuses a session in a state, kind or with figures the list does not know, naming the field; and a session action without its id', () => {
    const session = { id: 'c1', conversationId: 'c1', title: 't', kind: 'foreground', state: 'done', model: null, tokens: 1, usd: null, filesChanged: 0, updatedAt: 1 };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ state: 'paused' }, /^sessions\.0\.state: /],
      [{ kind: 'remote' }, /^sessions\.0\.kind: /],
      [{ tokens: -1 }, /^sessions\.0\.tokens: .*>=0/],
      [{ usd: -0.5 }, /^sessions\.0\.usd: /],
      [{ filesChanged: 1.5 }, /^sessions\.0\.filesChanged: /],
      [{ worktree: { path: '/x' } }, /^sessions\.0\.worktree\.branch: /],
    ];
    for (const [change, field] of cases) {
      const result = parseHostMessage({ type: 'sessions', sessions: [{ ...session, ...change }] });
      assert.equal(result.ok, false, JSON.stringify(change));
      if (!result.ok) assert.match(result.error.issues.join('\n'), field);
    }
    for (const type of ['openSession', 'stopSession', 'resumeSession', 'applySession', 'discardSession']) {
      const result = parseWebviewMessage({ type, sessionId: '' });
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.error.issues[0] ?? '', /^sessionId: /);
    }
  });

  it('rejects messages that are not objects', () => {
    for (const value of [null, 'ready', 42, undefined]) assert.equal(parseWebviewMessage(value).ok, false);
  });
});
