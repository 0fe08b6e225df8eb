// The extension host killed mid-stream (SIGKILL: no chance to clean up) and started again: the
// conversation on disk loads, the user message is there, and the reply comes back marked interrupted
// with a prefix of what was streaming; the restarted host can retry it to completion.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { AssistantEntry } from '../../src/core/conversations/conversation';
import { assertChatIntact, assertSavedIntact, reloadFromDisk } from './conversationChecks';
import { perSuite } from '../support/suiteHooks';
import { API_KEY, CHAT_ANSWER, SETTINGS, openSessionRig, startFaultBed } from './faultInjection';
import { journalName } from '../../src/core/conversations/conversationJournal';
import { replayJournal } from '../../src/core/conversations/journalReplay';


async function savedReplyText(file: string): Promise<string> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  if (text === '') return '';
  const reply = replayJournal(text).conversation?.entries.find((e) => e.role === 'assistant');
  return reply?.role === 'assistant' && reply.alternatives[0] ? reply.alternatives[0].reasoning + reply.alternatives[0].content : '';
}

describe('fault suite: the host killed mid-stream and restarted', function () {
  this.timeout(120_000);
  // Slow (8 tokens a second): after the kill point, seconds of the reply are still to come. The
  // restarted host talks to a second, fast emulator, as it would after a reconnect.
  const bed = perSuite(() => startFaultBed({ speed: 8 }));
  const fast = perSuite(() => startFaultBed());

  for (const killAfterChars of [1, 40]) {
    it(`killed once ${killAfterChars}+ characters were saved: the reply is kept as interrupted and can be retried`, async () => {
      const logged = (await bed.chatLog()).length;
      const rig = await openSessionRig(bed, bed.client());
      const conversation = await rig.store.create();
      await rig.store.flush();
      const file = path.join(bed.storageDir, journalName(conversation.id));
      // tsx as a loader inside this one process (its CLI would run the script in a grandchild that
      // SIGKILL does not reach).
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'hostProcess.ts'), bed.emulator.url, API_KEY, bed.storageDir, conversation.id], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const deadline = Date.now() + 60_000;
      while ((await savedReplyText(file)).length < killAfterChars) {
        assert.ok(Date.now() < deadline && child.exitCode === null, `the host saved part of the reply before finishing (${output})`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      child.kill('SIGKILL');
      await exited;
      assert.doesNotMatch(output, /reply finished/, 'the host died before the reply ended');
      // The emulator notices the dead connection and logs the cut request.
      assert.equal((await bed.chatLog(logged + 1)).length, logged + 1);

      const reopened = await reloadFromDisk(bed.storageDir);
      const saved = reopened.require(conversation.id);
      const reply = saved.entries.at(-1) as AssistantEntry;
      assert.equal(reply.status, 'interrupted', 'a reply cut by the host dying comes back interrupted');
      assert.equal(reply.error?.action, 'retry', 'with the Retry action the chat view shows');
      assertChatIntact(saved, ['Tell me slowly.'], `killed after ${killAfterChars}`);
      assert.notEqual(reply.alternatives[0]?.content, CHAT_ANSWER, 'the reply was really cut');

      const restarted = await openSessionRig(bed, fast.client());
      const again = restarted.store.require(conversation.id);
      await restarted.session.regenerate(again.id, (again.entries.at(-1) as AssistantEntry).id, SETTINGS);
      assert.equal((again.entries.at(-1) as AssistantEntry).status, 'complete');
      await assertSavedIntact(bed.storageDir, again, ['Tell me slowly.'], 'after the restart');
    });
  }
});
