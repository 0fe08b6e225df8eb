import assert from 'node:assert/strict';
import { StreamDeltaBatcher } from '../../../src/extension/chat/streamDeltaBatcher';
import type { HostMessage, HostMessageOf } from '../../../src/shared/protocol';
import { manualScheduler, type ManualScheduler } from '../../support/manualScheduler';

const ref = { conversationId: 'c1', messageId: 'm1' };
const content = (text: string, choiceIndex = 0, messageId = 'm1'): HostMessageOf<'contentDelta'> => ({ type: 'contentDelta', ...ref, messageId, choiceIndex, text });
const reasoning = (text: string, choiceIndex = 0): HostMessageOf<'reasoningDelta'> => ({ type: 'reasoningDelta', ...ref, choiceIndex, text });
const finished = (status: 'complete' | 'stopped' | 'interrupted'): HostMessage => ({
  type: 'replyFinished',
  ...ref,
  status,
  finishReasons: [{ choiceIndex: 0, finishReason: status === 'complete' ? 'stop' : null }],
  totals: { promptTokens: 1, completionTokens: 2, cachedTokens: 0 },
});

function setUp(): { batcher: StreamDeltaBatcher; posted: HostMessage[]; turns: ManualScheduler } {
  const turns = manualScheduler();
  const posted: HostMessage[] = [];
  return { batcher: new StreamDeltaBatcher((m) => posted.push(m), turns.schedule), posted, turns };
}

describe('StreamDeltaBatcher (host side: text deltas of one turn become one message)', () => {
  it('joins the deltas of one turn into one message per kind, in order, counting reasoning deltas', () => {
    const { batcher, posted, turns } = setUp();
    for (const word of ['Let', ' me', ' think']) batcher.send(reasoning(word));
    for (const word of ['Hel', 'lo', '!']) batcher.send(content(word));
    assert.deepEqual(posted, [], 'nothing is posted before the turn ends');
    assert.equal(turns.scheduled(), 1, 'one flush per turn, however many deltas');
    turns.run();
    assert.deepEqual(posted, [
      { ...reasoning('Let me think'), count: 3 },
      content('Hello!'),
    ]);
  });

  it('keeps kinds, alternatives and replies apart, each in the order of its first delta', () => {
    const { batcher, posted, turns } = setUp();
    batcher.send(content('a0', 0));
    batcher.send(content('a1', 1));
    batcher.send(reasoning('r0', 0));
    batcher.send(content('b0', 0));
    batcher.send(content('x', 0, 'm2'));
    batcher.send(content('b1', 1));
    turns.run();
    assert.deepEqual(posted, [content('a0b0', 0), content('a1b1', 1), reasoning('r0', 0), content('x', 0, 'm2')]);
  });

  it('posts a lone delta unchanged (no count) when its turn ends', () => {
    const { batcher, posted, turns } = setUp();
    batcher.send(reasoning('one'));
    turns.run();
    assert.deepEqual(posted, [reasoning('one')]);
    assert.equal('count' in (posted[0] as object), false);
  });

  it('adds the counts of deltas that were already joined', () => {
    const { batcher, posted, turns } = setUp();
    batcher.send({ ...reasoning('ab'), count: 2 });
    batcher.send(reasoning('c'));
    batcher.send({ ...reasoning('de'), count: 4 });
    turns.run();
    assert.deepEqual(posted, [{ ...reasoning('abcde'), count: 7 }]);
  });

  for (const [label, last] of [
    ['a finish', finished('complete')],
    ['a stop (the session ends the reply as stopped)', finished('stopped')],
    ['an error', { type: 'replyFailed', ...ref, status: 'interrupted', error: { kind: 'network', message: 'Connection lost', action: 'retry' } }],
    ['a tool call delta', { type: 'toolCallDelta', ...ref, choiceIndex: 0, index: 0, name: 'date' }],
    ['any other message', { type: 'conversations', conversations: [] }],
  ] as [string, HostMessage][]) {
    it(`posts the pending text before ${label}, at once`, () => {
      const { batcher, posted, turns } = setUp();
      batcher.send(reasoning('hmm'));
      batcher.send(content('Hel'));
      batcher.send(content('lo'));
      batcher.send(last);
      assert.deepEqual(posted, [reasoning('hmm'), content('Hello'), last]);
      turns.run();
      assert.equal(posted.length, 3, 'the scheduled flush finds nothing left');
    });
  }

  it('starts a new message for text that arrives after a flush', () => {
    const { batcher, posted, turns } = setUp();
    batcher.send(content('one'));
    turns.run();
    batcher.send(content(' two'));
    assert.equal(turns.scheduled(), 1);
    turns.run();
    assert.deepEqual(posted, [content('one'), content(' two')]);
  });

  it('does not change the messages it was given', () => {
    const { batcher, turns } = setUp();
    const first = reasoning('a');
    batcher.send(first);
    batcher.send(reasoning('b'));
    turns.run();
    assert.deepEqual(first, reasoning('a'));
  });

  it('by default posts at the end of the current turn (setImmediate), before any later immediate', async () => {
    const posted: HostMessage[] = [];
    const batcher = new StreamDeltaBatcher((m) => posted.push(m));
    batcher.send(content('alone'));
    assert.deepEqual(posted, []);
    const seenAtNextImmediate = await new Promise<HostMessage[]>((resolve) => setImmediate(() => resolve([...posted])));
    assert.deepEqual(seenAtNextImmediate, [content('alone')]);
  });
});
