// The randomised run: chat turns, user retries and agent tasks against the emulator, with a random
// fault (or none) on each chat attempt, until at least 200 attempts were faulted. Seeded and printed
// (FAULT_SEED=<n> repeats a run exactly). At the end every conversation, in memory and on disk, must be
// valid: every message the user sent is there, answered by one settled reply, no tool call unanswered.
import assert from 'node:assert/strict';
import { runAgentTask } from '../../src/core/agent/agentLoop';
import type { AssistantEntry, Conversation } from '../../src/core/conversations/conversation';
import { assertAgentConversation, assertChatIntact, reloadFromDisk } from './conversationChecks';
import { assertEveryCallAnswered } from '../support/toolCallChecks';
import { perSuite } from '../support/suiteHooks';
import { SETTINGS, openSessionRig, startFaultBed } from './faultInjection';
import { lookupRegistry } from './lookupTool';
import { seededRandom, seedFromEnv } from './seededRandom';
import { requestSettings } from '../../src/core/requests/requestSettings';

const MIN_FAULTED = 200;
const DEFAULT_SEED = 20_261_121;

describe('fault suite: randomised run', function () {
  this.timeout(300_000);
  const bed = perSuite(() => startFaultBed());

  it(`at least ${MIN_FAULTED} faulted requests leave every conversation valid`, async () => {
    const random = seededRandom(seedFromEnv('FAULT_SEED', DEFAULT_SEED));
    console.log(`      seed ${random.seed} (FAULT_SEED=${random.seed} repeats this run)`);
    const faults: (() => string)[] = [
      () => 'overload',
      () => 'invalid-state',
      () => `rate-limit=${random.int(0, 3)}`,
      () => `rate-limit=${random.int(61, 300)}`,
      () => `drop-after=${random.int(0, 40)}`,
      () => `drop-after=${random.int(0, 40)}`,
      () => 'malformed-chunk',
      () => 'error-event',
      () => 'slow-first-byte=1200',
      () => 'indexless-tool-calls',
      () => `indexless-tool-calls,drop-after=${random.int(0, 12)}`,
    ];
    bed.plan = () => (random.chance(0.6) ? random.pick(faults)() : undefined);
    const client = bed.client({ maxRetries: 2, timeoutMs: 400 });
    const rig = await openSessionRig(bed, client);
    const sent = new Map<string, string[]>();
    const conversations: Conversation[] = [];
    const outcomes: Record<string, number> = {};
    const count = (key: string): void => void (outcomes[key] = (outcomes[key] ?? 0) + 1);
    let agentTasks = 0;
    const faulted = (): number => bed.attempts.filter((a) => a.fault !== undefined).length;

    for (let op = 0; faulted() < MIN_FAULTED; op++) {
      if (random.chance(0.25)) {
        agentTasks++;
        const { registry } = lookupRegistry();
        const taskText = `Task ${op}: look up alpha and beta.`;
        const result = await runAgentTask({ client, settings: requestSettings({ model: SETTINGS.model }), task: taskText, tools: registry, promptCacheKey: 'svc-ws-random' });
        assertAgentConversation(result, taskText, SETTINGS.model, `op ${op} (agent)`);
        count(`agent ${result.summary.stopReason}`);
        continue;
      }
      if (conversations.length < 6 && (conversations.length === 0 || random.chance(0.2))) {
        const created = await rig.store.create();
        conversations.push(created);
        sent.set(created.id, []);
      }
      const conversation = random.pick(conversations);
      const texts = sent.get(conversation.id) as string[];
      const last = conversation.entries.at(-1) as AssistantEntry | undefined;
      if (last && last.status !== 'complete' && random.chance(0.5)) {
        await rig.session.regenerate(conversation.id, last.id, SETTINGS);
      } else {
        const text = `turn ${op}`;
        texts.push(text);
        await rig.session.send(conversation.id, text, SETTINGS);
      }
      await rig.drainAutomaticRetries();
      assertChatIntact(conversation, texts, `op ${op}`);
      count(`chat ${(conversation.entries.at(-1) as AssistantEntry).status}`);
    }

    await rig.store.flush();
    const saved = await reloadFromDisk(bed.storageDir);
    for (const conversation of conversations) {
      assert.deepEqual(saved.require(conversation.id), JSON.parse(JSON.stringify(conversation)), 'on disk as in memory');
      assertChatIntact(saved.require(conversation.id), sent.get(conversation.id) as string[], `saved ${conversation.id}`);
    }
    const log = await bed.chatLog(bed.attempts.length);
    assert.equal(log.length, bed.attempts.length, 'the emulator saw every attempt');
    const loggedFaults = log.filter((e) => e.headers['x-svc-fault'] !== undefined).length;
    assert.equal(loggedFaults, faulted(), 'the emulator saw every faulted attempt');
    log.forEach((e, i) => assertEveryCallAnswered((e.request as { messages: [] }).messages, `logged request ${i + 1}`));
    const turns = conversations.reduce((sum, c) => sum + (sent.get(c.id) as string[]).length, 0);
    console.log(`      ${faulted()} faulted requests of ${bed.attempts.length} sent; ${conversations.length} conversations with ${turns} user messages, ${agentTasks} agent tasks; all valid`);
    console.log(`      outcomes: ${Object.entries(outcomes).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  });
});
