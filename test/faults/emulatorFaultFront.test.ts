// The hook the end-to-end fault tests (test/e2e/faults.test.ts) use to fault the emulator the extension
// starts: the fault front (SVC_EMULATOR_FAULTS) passes requests through and adds the emulator's
// x-svc-fault header to the chat requests its rules pick, as many times as they say; SVC_EMULATOR_OPTIONS
// passes account options on. Checked here with the real emulator and the real client.
import assert from 'node:assert/strict';
import { SvcApiError, type ChatCompletionChunk, type ChatRequest } from '../../src/api/index';
import { FaultRulesError, parseFaultRules, startFaultFront } from '../../src/extension/emulatorFaultFront';
import { EmulatorOptionsError, parseExtraOptions } from '../../src/extension/localEmulator';
import { startEmulatorTestBed } from '../support/emulatorTestBed';
import { perSuite } from '../support/suiteHooks';

const KEY = 'sk-front-key';

describe('fault suite: the emulator fault front of the extension (SVC_EMULATOR_FAULTS, SVC_EMULATOR_OPTIONS)', function () {
  this.timeout(30_000);
  const bed = perSuite(() => startEmulatorTestBed({ apiKey: KEY }));
  const front = perSuite(() =>
    startFaultFront(
      bed.emulator.port,
      parseFaultRules(JSON.stringify([
        { lastUserText: 'CUT ME', fault: 'drop-after=3' },
        { lastUserText: 'wait for me', fault: 'rate-limit=1', times: 2 },
      ])),
    ),
  );

  const client = () => bed.clientWith({ baseUrl: front.url });
  const ask = (text: string): ChatRequest => ({ model: 'svc-v1-8k', stream: true, messages: [{ role: 'user', content: `${text}: reply with exactly "one two three four five six seven eight"` }] });

  async function drain(text: string): Promise<{ content: string; error?: SvcApiError }> {
    let content = '';
    try {
      for await (const chunk of client().chatStream(ask(text)) as AsyncIterable<ChatCompletionChunk>) content += chunk.choices[0]?.delta.content ?? '';
    } catch (error) {
      if (!(error instanceof SvcApiError)) throw error;
      return { content, error };
    }
    return { content };
  }

  const faultsLogged = (): (string | undefined)[] =>
    bed
      .exchanges()
      .filter((e) => e.path === '/v1/chat/completions')
      .map((e) => e.headers['x-svc-fault']);

  it('passes clean requests through unchanged, cuts a matching stream once (case-insensitive), then lets it pass', async () => {
    assert.deepEqual(await drain('hello'), { content: 'one two three four five six seven eight' });
    const cut = await drain('please cut me');
    assert.equal(cut.error?.kind, 'stream_interrupted', 'the emulator cut the stream and the client sees it cut');
    assert.ok(cut.content.length > 0 && 'one two three four five six seven eight'.startsWith(cut.content) && cut.content !== 'one two three four five six seven eight');
    assert.deepEqual(await drain('please cut me'), { content: 'one two three four five six seven eight' }, 'the rule was used up: the fault cleared');
    assert.deepEqual(faultsLogged().slice(-3), [undefined, 'drop-after=3', undefined]);
  });

  it('answers a rule the number of times it says, with the emulator\'s own 429', async () => {
    for (let i = 0; i < 2; i++) {
      const refused = await drain('wait for me');
      assert.equal(refused.error?.kind, 'rate_limited');
      assert.equal(refused.error?.retryAfterSeconds, 1);
    }
    assert.equal((await drain('wait for me')).error, undefined);
  });

  it('forwards other endpoints (models list, balance) untouched', async () => {
    assert.ok((await client().listModels()).some((m) => m.id === 'svc-v1-8k'));
    assert.equal((await client().balance()).available_balance > 0, true);
  });

  it('refuses malformed rules and options with the field at fault', () => {
    assert.throws(() => parseFaultRules('{'), (e: unknown) => e instanceof FaultRulesError && /SVC_EMULATOR_FAULTS: not JSON/.test(e.message));
    assert.throws(() => parseFaultRules('{}'), /SVC_EMULATOR_FAULTS: the value: .*expected a list/);
    assert.throws(() => parseFaultRules('[{"lastUserText":"x","fault":""}]'), /SVC_EMULATOR_FAULTS: \[0\]\.fault: an x-svc-fault value/);
    assert.throws(() => parseFaultRules('[{"lastUserText":"x","fault":"overload","times":0}]'), /\[0\]\.times: a whole number of requests, 1 or more/);
    assert.throws(() => parseFaultRules('[{"lastUserText":"x","fault":"overload","when":1}]'), /\[0\]: .*when/);
    assert.deepEqual(parseExtraOptions('{"balance":0.5,"faults":{"slowFirstByteMs":10}}'), { balance: 0.5, faults: { slowFirstByteMs: 10 } });
    assert.throws(() => parseExtraOptions('[]'), (e: unknown) => e instanceof EmulatorOptionsError && /SVC_EMULATOR_OPTIONS: not an object; allowed: a JSON object with balance/.test(e.message));
    assert.throws(() => parseExtraOptions('{"port":1}'), /SVC_EMULATOR_OPTIONS: unknown option "port"/);
    assert.throws(() => parseExtraOptions('nope'), /SVC_EMULATOR_OPTIONS: not JSON/);
  });
});
