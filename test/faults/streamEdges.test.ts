// Faults at the edges of a stream: a stream that stalls after it started (silence past the timeout),
// the user stopping while the first byte is late, and alternatives (n = 2) cut at every point.
import assert from 'node:assert/strict';
import type { AssistantEntry, Conversation } from '../../src/core/conversations/conversation';
import { assertSavedIntact, reloadFromDisk } from './conversationChecks';
import { perSuite } from '../support/suiteHooks';
import { SETTINGS, openSessionRig, startFaultBed } from './faultInjection';

function lastReply(conversation: Conversation): AssistantEntry {
  return conversation.entries.at(-1) as AssistantEntry;
}

describe('fault suite: stream edges', function () {
  this.timeout(60_000);

  describe('a stream that stalls after it started', () => {
    // One token a second: every gap between chunks is longer than the client's 400 ms timeout.
    const bed = perSuite(() => startFaultBed({ speed: 1 }));

    it('is a timeout that keeps what arrived and is not repeated', async () => {
      // A first request loads the emulator's tokenizer, so the measured one starts its stream at once.
      const warm = await openSessionRig(bed, bed.client({ timeoutMs: 400, maxRetries: 0 }));
      await warm.session.send((await warm.store.create()).id, 'warm up', SETTINGS);
      const before = bed.attempts.length;
      const rig = await openSessionRig(bed, bed.client({ timeoutMs: 400 }));
      const conversation = await rig.store.create();
      await rig.session.send(conversation.id, 'stall?', SETTINGS);
      const reply = lastReply(conversation);
      assert.equal(reply.error?.kind, 'timeout');
      assert.equal(reply.error?.action, 'retry');
      assert.equal(bed.attempts.length - before, 1, 'a stream that delivered its first chunk is not repeated');
      assert.ok(['failed', 'interrupted'].includes(reply.status));
      await assertSavedIntact(bed.storageDir, conversation, ['stall?'], 'stalled');
    });
  });

  describe('with a fast emulator', () => {
    const bed = perSuite(() => startFaultBed());

    it('stop while the first byte is late: stopped, no error, no retry', async () => {
      const rig = await openSessionRig(bed, bed.client());
      const conversation = await rig.store.create();
      bed.plan = () => 'slow-first-byte=2000';
      const sending = rig.session.send(conversation.id, 'stop me', SETTINGS);
      while (bed.attempts.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      rig.session.stop(conversation.id);
      await sending;
      bed.plan = () => undefined;
      const reply = lastReply(conversation);
      assert.equal(reply.status, 'stopped');
      assert.equal(reply.error, undefined, 'stopping is not an error');
      assert.equal(bed.attempts.length, 1, 'no retry after the user stopped');
      assert.equal(rig.clock.pending, 0);
      await assertSavedIntact(bed.storageDir, conversation, ['stop me'], 'stopped');
    });

    it('two alternatives cut at every point keep each alternative as a prefix of its text', async () => {
      const settings = { ...SETTINGS, model: 'svc-k2-thinking', choiceCount: 2 };
      const rig = await openSessionRig(bed, bed.client());
      const clean = await rig.store.create();
      await rig.session.send(clean.id, 'two ways', settings);
      const whole = lastReply(clean).alternatives;
      assert.equal(whole.length, 2);
      for (let n = 1; n <= 80; n += 3) {
        const conversation = await rig.store.create();
        bed.plan = (attempt) => (attempt === bed.attempts.length + 1 ? `drop-after=${n}` : undefined);
        await rig.session.send(conversation.id, `two ways ${n}`, settings);
        const reply = lastReply(conversation);
        assert.equal(reply.alternatives.length <= 2, true);
        reply.alternatives.forEach((alt, i) => {
          assert.ok(whole[i]?.content.startsWith(alt.content), `n=${n} alternative ${i}: ${JSON.stringify(alt.content)} is a prefix`);
          assert.ok(whole[i]?.reasoning.startsWith(alt.reasoning), `n=${n} alternative ${i}: reasoning is a prefix`);
        });
        if (reply.status === 'complete') assert.deepEqual(reply.alternatives.map((a) => a.content), whole.map((a) => a.content), `n=${n}`);
        else assert.ok(reply.error, `n=${n}: a cut reply says why`);
        assert.deepEqual((await reloadFromDisk(bed.storageDir)).require(conversation.id), JSON.parse(JSON.stringify(conversation)), `n=${n}: saved as shown`);
      }
    });
  });
});
