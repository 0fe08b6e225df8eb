// Faults in tool-call conversations, through the real client and the real agent loop: a cut or failed
// step never leaves a tool call unanswered or a half-streamed call in the conversation, transient
// faults are retried by the client, and a conversation left by a failure can be continued.
import assert from 'node:assert/strict';
import { runAgentTask } from '../../src/core/agent/agentLoop';
import { assertAgentConversation } from './conversationChecks';
import { assertEveryCallAnswered } from '../support/toolCallChecks';
import { perSuite } from '../support/suiteHooks';
import { AGENT_ANSWER_PREFIX, SETTINGS, startFaultBed } from './faultInjection';
import { LOOKUP_VALUES, lookupRegistry } from './lookupTool';
import { requestSettings } from '../../src/core/requests/requestSettings';

const TASK = 'Look up alpha and beta.';

describe('fault suite: agent tasks (tool-call conversations)', function () {
  this.timeout(60_000);
  const bed = perSuite(() => startFaultBed());

  afterEach(async () => {
    const log = await bed.chatLog(bed.attempts.length);
    log.forEach((exchange, i) => assertEveryCallAnswered((exchange.request as { messages: [] }).messages, `logged request ${i + 1}`));
  });

  async function task(history?: Parameters<typeof runAgentTask>[0]['history']) {
    const { registry, tool } = lookupRegistry();
    const result = await runAgentTask({ client: bed.client(), settings: requestSettings({ model: SETTINGS.model }), task: TASK, tools: registry, promptCacheKey: 'svc-ws-faults', history });
    return { result, tool };
  }

  it('transient faults on both steps are retried by the client and the task completes', async () => {
    const from = bed.attempts.length;
    bed.plan = (attempt) => ({ [from + 1]: 'overload', [from + 3]: 'drop-after=0', [from + 4]: 'invalid-state' })[attempt];
    const { result, tool } = await task();
    assert.equal(result.summary.stopReason, 'stop');
    assert.equal(tool.runs, 2);
    assert.equal(bed.attempts.length - from, 5, 'two steps, three retries');
    assert.equal(result.summary.answer, `${AGENT_ANSWER_PREFIX}${LOOKUP_VALUES.beta}`);
    assertAgentConversation(result, TASK, SETTINGS.model, 'transient');
  });

  it('tool calls streamed without index (as the real service sometimes does) are merged by position and each answered', async () => {
    const from = bed.attempts.length;
    bed.plan = (attempt) => (attempt === from + 1 ? 'indexless-tool-calls' : undefined);
    const { result, tool } = await task();
    assert.equal(result.summary.stopReason, 'stop', result.summary.error);
    assert.equal(tool.runs, 2);
    const calls = result.messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : []));
    assert.deepEqual(calls.map((c) => c.function.arguments), ['{"key":"alpha"}', '{"key":"beta"}']);
    assertAgentConversation(result, TASK, SETTINGS.model, 'indexless');
  });

  it('the first step cut after N chunks, for every N: no tool runs, only the text that arrived is kept, never a half-streamed call', async () => {
    let cutMidCall = 0;
    for (let n = 1; n <= 40; n++) {
      const from = bed.attempts.length;
      bed.plan = (attempt) => (attempt === from + 1 ? `drop-after=${n}` : undefined);
      const { result, tool } = await task();
      const where = `step 1 drop-after=${n}`;
      assertAgentConversation(result, TASK, SETTINGS.model, where);
      if (result.summary.stopReason === 'error') {
        assert.equal(tool.runs, 0, `${where}: no tool ran for a step that did not finish`);
        assert.equal(bed.attempts.length - from, 1, `${where}: not repeated after output arrived`);
        assert.ok(result.messages.every((m) => m.role !== 'assistant' || !m.tool_calls), `${where}: no tool calls kept`);
        if (result.messages.length === 2) cutMidCall++;
      }
    }
    assert.ok(cutMidCall >= 5, `several cuts kept a partial text (${cutMidCall})`);
  });

  it('the second step failing in each way leaves every call answered, and the conversation can be continued', async () => {
    for (const fault of ['drop-after=1', 'drop-after=3', 'malformed-chunk', 'error-event', 'rate-limit=120']) {
      const from = bed.attempts.length;
      bed.plan = (attempt) => (attempt === from + 2 ? fault : undefined);
      const { result, tool } = await task();
      const where = `step 2 ${fault}`;
      assert.equal(result.summary.stopReason, 'error', `${where}: the task stops`);
      assert.equal(tool.runs, 2, `${where}: both calls of step 1 ran`);
      assertAgentConversation(result, TASK, SETTINGS.model, where);
      assert.equal(result.messages.filter((m) => m.role === 'tool').length, 2, `${where}: both answers kept`);
      bed.plan = () => undefined;
      const { result: continued } = await task(result.messages);
      assert.equal(continued.summary.stopReason, 'stop', `${where}: the kept conversation is accepted as history`);
    }
  });
});
