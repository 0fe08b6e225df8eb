// Each fault of the emulator, through the real client and the real chat session: the error the user
// sees and its action, the partial reply kept, retries only where allowed (counted in the emulator's
// request log) that succeed once the fault clears, and the conversation on disk intact.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { AssistantEntry, Conversation } from '../../src/core/conversations/conversation';
import type { HostMessageOf } from '../../src/shared/protocol';
import { perSuite } from '../support/suiteHooks';
import { assertSavedIntact } from './conversationChecks';
import { API_KEY, CHAT_ANSWER, CHAT_REASONING, SETTINGS, openSessionRig, startFaultBed, type FaultBed, type SessionRig } from './faultInjection';

interface StreamPiece {
  reasoning: string;
  content: string;
}

/** The chunks of one clean streamed reply, as the emulator sends them (used to predict every cut). */
async function cleanChunks(bed: FaultBed): Promise<StreamPiece[]> {
  const response = await fetch(`${bed.emulator.url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: SETTINGS.model, messages: [{ role: 'user', content: 'hello' }], stream: true, stream_options: { include_usage: true } }),
  });
  const text = await response.text();
  return text
    .split('\n\n')
    .map((event) => event.replace(/^data: /, ''))
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data) => {
      const delta = (JSON.parse(data) as { choices: { delta?: { reasoning_content?: string; content?: string } }[] }).choices[0]?.delta ?? {};
      return { reasoning: delta.reasoning_content ?? '', content: delta.content ?? '' };
    });
}

function lastReply(conversation: Conversation): AssistantEntry {
  const entry = conversation.entries.at(-1);
  assert.equal(entry?.role, 'assistant');
  return entry as AssistantEntry;
}

function failures(rig: SessionRig): HostMessageOf<'replyFailed'>[] {
  return rig.events.filter((e): e is HostMessageOf<'replyFailed'> => e.type === 'replyFailed');
}

/** Faults the first `count` chat attempts made from now on with `fault`, then clears. */
function faultNext(bed: FaultBed, fault: string, count: number): void {
  const from = bed.attempts.length;
  bed.plan = (attempt) => (attempt <= from + count ? fault : undefined);
}

interface Turn {
  rig: SessionRig;
  conversation: Conversation;
  /** Chat exchanges in the request log before the turn. */
  logBefore: number;
  reply: AssistantEntry;
}

/** A fresh session on a client with `options` sends `text` in a new conversation, the next `attempts` of it carrying `fault` when one is given. */
async function sendTurn(bed: FaultBed, options: Parameters<FaultBed['client']>[0], text: string, faulted?: { fault: string; attempts: number }): Promise<Turn> {
  const rig = await openSessionRig(bed, bed.client(options));
  const conversation = await rig.store.create();
  const logBefore = (await bed.chatLog()).length;
  if (faulted) faultNext(bed, faulted.fault, faulted.attempts);
  await rig.session.send(conversation.id, text, SETTINGS);
  return { rig, conversation, logBefore, reply: lastReply(conversation) };
}

describe('fault suite: one fault at a time, through the client and the chat session', function () {
  this.timeout(60_000);
  const bed = perSuite(() => startFaultBed());
  let chunks: StreamPiece[];

  before(async () => {
    chunks = await cleanChunks(bed);
    assert.ok(chunks.length > 20, `the scripted reply streams in many chunks (got ${chunks.length})`);
  });

  it('connection dropped after N chunks, for every N from 0 to past the end: right status, partial kept, retried only before the first chunk', async () => {
    const client = bed.client();
    const rig = await openSessionRig(bed, client);
    const logBefore = (await bed.chatLog()).length;
    const attemptsAtStart = bed.attempts.length;
    let cuts = 0;
    for (let n = 0; n <= chunks.length + 1; n++) {
      const where = `drop-after=${n}`;
      const conversation = await rig.store.create();
      const attemptsBefore = bed.attempts.length;
      const failedBefore = failures(rig).length;
      faultNext(bed, `drop-after=${n}`, 1);
      await rig.session.send(conversation.id, `probe ${n}`, SETTINGS);
      const reply = lastReply(conversation);
      const kept = chunks.slice(0, n);
      const keptContent = kept.map((c) => c.content).join('');
      const keptReasoning = kept.map((c) => c.reasoning).join('');
      const attempts = bed.attempts.length - attemptsBefore;
      if (n === 0) {
        // Nothing reached the caller: repeating the request is safe, and the client did.
        assert.equal(attempts, 2, `${where}: retried once`);
        assert.equal(reply.status, 'complete', `${where}: the retry succeeded`);
      } else if (n >= chunks.length) {
        assert.equal(attempts, 1, `${where}: nothing to retry`);
        assert.equal(reply.status, 'complete', `${where}: every chunk arrived`);
      } else {
        cuts++;
        assert.equal(attempts, 1, `${where}: a stream that delivered a chunk is never repeated`);
        const shown = keptContent !== '' || keptReasoning !== '';
        assert.equal(reply.status, shown ? 'interrupted' : 'failed', `${where}: status`);
        assert.equal(reply.alternatives[0]?.content, keptContent, `${where}: the content that arrived is kept`);
        assert.equal(reply.alternatives[0]?.reasoning, keptReasoning, `${where}: the reasoning that arrived is kept`);
        const failure = failures(rig).slice(failedBefore);
        assert.equal(failure.length, 1, `${where}: one failure shown`);
        assert.equal(failure[0]?.error.kind, 'interrupted', `${where}: kind`);
        assert.equal(failure[0]?.error.action, 'retry', `${where}: action`);
        assert.equal(rig.clock.pending, 0, `${where}: no automatic retry for a broken stream`);
        await assertSavedIntact(bed.storageDir, conversation, [`probe ${n}`], `${where} after the cut`);
        // The user presses Retry; the fault has cleared.
        await rig.session.regenerate(conversation.id, reply.id, SETTINGS);
        assert.equal(lastReply(conversation).status, 'complete', `${where}: the retry succeeded`);
        assert.equal(bed.attempts.length - attemptsBefore, 2, `${where}: exactly one more request`);
      }
      await assertSavedIntact(bed.storageDir, conversation, [`probe ${n}`], where);
    }
    assert.ok(cuts >= 20, `many cut points tested (${cuts})`);
    const made = bed.attempts.length - attemptsAtStart;
    const log = (await bed.chatLog(logBefore + made)).slice(logBefore);
    assert.equal(log.length, made, 'the emulator saw exactly the attempts the client made');
    const dropped = log.filter((e) => /fault drop-after/.test(e.ended ?? '')).length;
    assert.equal(dropped, cuts + 1, 'every faulted attempt was cut by the emulator');
  });

  /** 429s the client retries with backoff, then shows with a countdown after which the session retries by itself. */
  const countdownCases = [
    {
      name: '429 engine overloaded: retried by the client, then an overloaded error with a countdown that retries by itself and succeeds',
      fault: 'overload',
      text: 'overloaded?',
      error: { kind: 'overloaded', action: 'retry', status: 429, type: 'engine_overloaded_error' },
      retryAfterSeconds: undefined,
      message: undefined,
    },
    {
      name: '429 rate limit "try again after N seconds": every backoff waits at least N seconds, the countdown shows N, and the retry succeeds',
      fault: 'rate-limit=7',
      text: 'rate limited?',
      error: { kind: 'rateLimit', action: 'retry' },
      retryAfterSeconds: 7,
      message: /too many requests/,
      serviceMessage: /try again after 7 seconds/,
    },
  ] as const;

  for (const c of countdownCases) {
    it(c.name, async () => {
      const sleepsBefore = bed.sleeps.length;
      const { rig, conversation, logBefore, reply: failed } = await sendTurn(bed, { maxRetries: 2 }, c.text, { fault: c.fault, attempts: 3 });
      assert.equal(failed.status, 'failed');
      for (const [field, value] of Object.entries(c.error)) assert.equal(failed.error?.[field as keyof typeof c.error], value, `error.${field}`);
      const countdown = failed.error?.retryAfterSeconds ?? 0;
      if (c.retryAfterSeconds === undefined) assert.ok(countdown > 0, 'a countdown is shown');
      else assert.equal(countdown, c.retryAfterSeconds);
      if (c.message) assert.match(failed.error?.message ?? '', c.message);
      if ('serviceMessage' in c) assert.match(failed.error?.serviceMessage ?? '', c.serviceMessage, "the service's own words wait under Details");
      const backoffs = bed.sleeps.slice(sleepsBefore);
      assert.equal(backoffs.length, 2, 'two backoffs');
      for (const ms of backoffs) assert.ok(ms >= (c.retryAfterSeconds ?? 0) * 1000, `backoff ${ms} ms honours the wait asked for`);
      assert.equal((await bed.chatLog(logBefore + 3)).length - logBefore, 3, 'three attempts (maxRetries 2)');
      await assertSavedIntact(bed.storageDir, conversation, [c.text], c.fault);
      assert.equal(rig.clock.pending, 1, 'the automatic retry waits for its countdown');
      rig.clock.advance(countdown * 1000 - 1);
      assert.equal((await bed.chatLog()).length - logBefore, 3, 'nothing is sent before the countdown ends');
      assert.equal(await rig.drainAutomaticRetries(), 1);
      assert.equal(lastReply(conversation).status, 'complete', 'the automatic retry succeeded once the fault cleared');
      assert.equal((await bed.chatLog(logBefore + 4)).length - logBefore, 4);
      await assertSavedIntact(bed.storageDir, conversation, [c.text], `${c.fault}, then retried`);
    });
  }

  it('429 rate limit asking for more than a minute: not retried by the client, shown with its countdown', async () => {
    const { rig, conversation, logBefore, reply: failed } = await sendTurn(bed, { maxRetries: 2 }, 'long wait?', { fault: 'rate-limit=120', attempts: 1 });
    assert.equal(failed.error?.kind, 'rateLimit');
    assert.equal(failed.error?.retryAfterSeconds, 120);
    assert.equal((await bed.chatLog(logBefore + 1)).length - logBefore, 1, 'one attempt only');
    assert.equal(await rig.drainAutomaticRetries(), 1);
    assert.equal(lastReply(conversation).status, 'complete');
    await assertSavedIntact(bed.storageDir, conversation, ['long wait?'], 'long rate limit');
  });

  it('500 invalid state transition: retried by the client and succeeds when the fault clears; when it persists, a server error with Retry', async () => {
    const once = await sendTurn(bed, { maxRetries: 2 }, 'state once', { fault: 'invalid-state', attempts: 1 });
    const { rig, conversation: first } = once;
    let { logBefore } = once;
    assert.equal(lastReply(first).status, 'complete');
    assert.equal((await bed.chatLog(logBefore + 2)).length - logBefore, 2, 'one retry');
    await assertSavedIntact(bed.storageDir, first, ['state once'], 'invalid state once');

    const second = await rig.store.create();
    logBefore = (await bed.chatLog()).length;
    faultNext(bed, 'invalid-state', 3);
    await rig.session.send(second.id, 'state always', SETTINGS);
    const failed = lastReply(second);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error?.kind, 'server');
    assert.equal(failed.error?.action, 'retry');
    assert.equal(failed.error?.status, 500);
    assert.match(failed.error?.message ?? '', /invalid state transition/);
    assert.equal((await bed.chatLog(logBefore + 3)).length - logBefore, 3);
    assert.equal(rig.clock.pending, 0, 'a server error is not retried automatically by the session');
    await rig.session.regenerate(second.id, failed.id, SETTINGS);
    assert.equal(lastReply(second).status, 'complete');
    await assertSavedIntact(bed.storageDir, second, ['state always'], 'invalid state, retried by the user');
  });

  it('slow first byte past the timeout: a timeout error, retried, succeeding when the service answers in time', async () => {
    const { rig, conversation, logBefore, reply: failed } = await sendTurn(bed, { maxRetries: 1, timeoutMs: 150 }, 'slow?', { fault: 'slow-first-byte=1500', attempts: 2 });
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error?.kind, 'timeout');
    assert.equal(failed.error?.action, 'retry');
    assert.equal((await bed.chatLog(logBefore + 2)).length - logBefore, 2, 'the first attempt and one retry');
    await assertSavedIntact(bed.storageDir, conversation, ['slow?'], 'timed out');
    await rig.session.regenerate(conversation.id, failed.id, SETTINGS);
    assert.equal(lastReply(conversation).status, 'complete');
    await assertSavedIntact(bed.storageDir, conversation, ['slow?'], 'timed out, then retried');
  });

  /** Faults that break a stream after its first chunks: the reply is interrupted with what arrived, and not sent again. */
  const midStreamCases = [
    { name: 'a malformed chunk mid-stream: invalid response, partial kept, not repeated', fault: 'malformed-chunk', text: 'malformed?', kind: 'invalidResponse', message: undefined },
    { name: 'an error event mid-stream: server error with its message, partial kept, not repeated', fault: 'error-event', text: 'error event?', kind: 'server', message: /injected fault error-event/ },
  ] as const;

  for (const c of midStreamCases) {
    it(c.name, async () => {
      const { rig, conversation, logBefore, reply } = await sendTurn(bed, {}, c.text, { fault: c.fault, attempts: 1 });
      assert.equal(reply.status, 'interrupted');
      assert.equal(reply.error?.kind, c.kind);
      assert.equal(reply.error?.action, 'retry');
      if (c.message) assert.match(reply.error?.message ?? '', c.message);
      assert.notEqual(reply.alternatives[0]?.reasoning, '', 'what arrived before the fault is kept');
      assert.ok(CHAT_REASONING.startsWith(reply.alternatives[0]?.reasoning ?? 'x'));
      assert.equal((await bed.chatLog(logBefore + 1)).length - logBefore, 1);
      await assertSavedIntact(bed.storageDir, conversation, [c.text], c.fault);
      await rig.session.regenerate(conversation.id, reply.id, SETTINGS);
      assert.equal(lastReply(conversation).status, 'complete');
      assert.equal(lastReply(conversation).alternatives[0]?.content, CHAT_ANSWER);
      await assertSavedIntact(bed.storageDir, conversation, [c.text], `${c.fault}, retried`);
    });
  }
});

describe('fault suite: quota and connection faults', function () {
  this.timeout(60_000);

  it('429 quota exhausted: not retried, shown with Check balance, no automatic retry', async () => {
    const bed = await startFaultBed({ balance: 0 });
    try {
      const { rig, conversation, reply: failed } = await sendTurn(bed, { maxRetries: 2 }, 'any money?');
      assert.equal(failed.status, 'failed');
      assert.equal(failed.error?.kind, 'quota');
      assert.equal(failed.error?.action, 'checkBalance');
      assert.equal(failed.error?.type, 'exceeded_current_quota_error');
      assert.equal((await bed.chatLog(1)).length, 1, 'one attempt: an exhausted quota is final');
      assert.equal(bed.sleeps.length, 0);
      assert.equal(rig.clock.pending, 0, 'waiting does not fix a quota');
      await assertSavedIntact(bed.storageDir, conversation, ['any money?'], 'quota');
    } finally {
      await bed.close();
    }
  });

  it('connection refused: network error with Retry after the client retried; succeeds once the service is up', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const bed = await startFaultBed();
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    try {
      const { conversation, reply: failed } = await sendTurn(bed, { baseUrl, maxRetries: 2 }, 'anyone there?');
      assert.equal(failed.status, 'failed');
      assert.equal(failed.error?.kind, 'network');
      assert.equal(failed.error?.action, 'retry');
      assert.match(failed.error?.message ?? '', /^Can't reach 127\.0\.0\.1:\d+: the connection was refused\. Check your connection or proxy/);
      assert.equal(bed.attempts.length, 3, 'three attempts');
      assert.equal(bed.sleeps.length, 2, 'two backoffs');
      await assertSavedIntact(bed.storageDir, conversation, ['anyone there?'], 'refused');

      // The service comes up on that port during the first backoff of the next try.
      let late: FaultBed | undefined;
      const recovering = await openSessionRig(
        bed,
        bed.client({
          baseUrl,
          maxRetries: 2,
          sleep: async () => {
            late ??= await startFaultBed({ port });
          },
        }),
      );
      try {
        const again = recovering.store.require(conversation.id);
        await recovering.session.regenerate(again.id, lastReply(again).id, SETTINGS);
        assert.equal(lastReply(again).status, 'complete');
        assert.equal(bed.attempts.length, 5, 'one refused attempt, then the one that reached the service');
        await assertSavedIntact(bed.storageDir, again, ['anyone there?'], 'refused, then up');
      } finally {
        await late?.close();
      }
    } finally {
      await bed.close();
    }
  });
});
