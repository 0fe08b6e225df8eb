import assert from 'node:assert/strict';
import type { AssistantEntry, Conversation } from '../../../src/core/conversations/conversation';
import { INDEX_FILE } from '../../../src/core/conversations/conversationIndex';
import { journalName } from '../../../src/core/conversations/conversationJournal';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';

function reply(id: string, content: string, status: AssistantEntry['status']): AssistantEntry {
  return { id, role: 'assistant', createdAt: 1, model: 'svc-k2', alternatives: [{ content, reasoning: '', finishReason: null }], selected: 0, status };
}

async function conversationWith(folder: MemoryConversationFolder, messages: number): Promise<{ store: ConversationStore; conversation: Conversation }> {
  const { store } = await ConversationStore.open(folder, new ManualClock());
  const conversation = await store.create();
  for (let i = 0; i < messages; i += 2) {
    conversation.entries.push({ id: `u${i}`, role: 'user', createdAt: i, content: `question ${i} `.repeat(20) }, reply(`a${i}`, `answer ${i} `.repeat(40), 'complete'));
  }
  await store.save(conversation);
  return { store, conversation };
}

const lines = (folder: MemoryConversationFolder, id: string) => (folder.files.get(journalName(id)) ?? '').split('\n').filter(Boolean);

describe('conversation journal', () => {
  for (const messages of [50, 5000]) {
    it(`appends only the text a streaming reply grew by (${messages} messages)`, async () => {
      const folder = new MemoryConversationFolder();
      const { store, conversation } = await conversationWith(folder, messages);
      const streaming = reply('live', '', 'streaming');
      conversation.entries.push(streaming);
      await store.save(conversation);
      for (let i = 0; i < 20; i++) {
        const before = folder.bytesWritten;
        const added = `word${i} `.repeat(20);
        (streaming.alternatives[0] as { content: string }).content += added;
        await store.save(conversation);
        const written = folder.bytesWritten - before;
        assert.ok(written <= 2 * Buffer.byteLength(added), `save ${i} wrote ${written} bytes for ${Buffer.byteLength(added)} new`);
      }
      const reopened = await ConversationStore.open(folder, new ManualClock());
      const back = (await reopened.store.load(conversation.id))?.entries.at(-1) as AssistantEntry;
      assert.equal(back.alternatives[0]?.content, streaming.alternatives[0]?.content);
    });
  }

  it('compacts into one snapshot once what follows has outgrown it, and reads back the same', async () => {
    const folder = new MemoryConversationFolder();
    const { store, conversation } = await conversationWith(folder, 2);
    for (let turn = 0; turn < 60; turn++) {
      conversation.entries.push({ id: `q${turn}`, role: 'user', createdAt: turn, content: 'more '.repeat(200) });
      await store.save(conversation);
    }
    assert.ok(lines(folder, conversation.id).length < 60, 'the journal was rewritten as a snapshot at least once');
    const { store: reopened } = await ConversationStore.open(folder, new ManualClock());
    assert.deepEqual(await reopened.load(conversation.id), conversation);
  });

  it('loses only the last save when a crash cut its line short, and reports it', async () => {
    const folder = new MemoryConversationFolder();
    const { store, conversation } = await conversationWith(folder, 2);
    conversation.entries.push({ id: 'kept', role: 'user', createdAt: 5, content: 'kept' });
    await store.save(conversation);
    const name = journalName(conversation.id);
    folder.files.set(name, `${folder.files.get(name) ?? ''}{"c":[{"i":3,"e":{"id":"lo`);
    const { store: reopened, problems } = await ConversationStore.open(folder, new ManualClock());
    assert.deepEqual(reopened.require(conversation.id).entries.map((e) => e.id), ['u0', 'a0', 'kept']);
    assert.equal(problems.length, 1);
    assert.match(problems[0]?.message ?? '', /cut short/);
    assert.ok(folder.files.get(name)?.endsWith('\n'), 'the journal was rewritten so later saves do not follow a cut line');
    assert.ok(folder.files.has(`${name}.damaged`), 'the damaged journal is kept beside it');
  });

  it('skips a damaged line in the middle, reports it and keeps the saves before and after', async () => {
    const folder = new MemoryConversationFolder();
    const { store, conversation } = await conversationWith(folder, 2);
    conversation.entries.push({ id: 'x1', role: 'user', createdAt: 5, content: 'x1' });
    await store.save(conversation);
    await store.rename(conversation.id, 'Lost with the damaged line');
    conversation.entries.push({ id: 'x2', role: 'user', createdAt: 6, content: 'x2' });
    await store.save(conversation);
    const name = journalName(conversation.id);
    const all = lines(folder, conversation.id);
    all[all.length - 2] = '{"h":{"title":garbage';
    folder.files.set(name, `${all.join('\n')}\n`);
    const { store: reopened, problems } = await ConversationStore.open(folder, new ManualClock());
    const back = reopened.require(conversation.id);
    assert.deepEqual(back.entries.map((e) => e.id), ['u0', 'a0', 'x1', 'x2'], 'the saves before and after the damage are kept');
    assert.notEqual(back.title, 'Lost with the damaged line');
    assert.match(problems[0]?.message ?? '', /line \d+ could not be read/);
  });

  it('moves conversations saved whole (one file each) into journals without loss', async () => {
    const folder = new MemoryConversationFolder();
    const { conversation } = await conversationWith(new MemoryConversationFolder(), 6);
    folder.files.set(`conversation%2F${encodeURIComponent(conversation.id)}.json`, JSON.stringify(conversation));
    folder.files.set('activeConversation.json', JSON.stringify(conversation.id));
    const { store, problems } = await ConversationStore.open(folder, new ManualClock());
    assert.deepEqual(problems, []);
    assert.deepEqual(store.require(conversation.id), conversation);
    assert.deepEqual(store.list().map((s) => [s.id, s.title, s.messageCount]), [[conversation.id, conversation.title, 6]]);
    assert.ok(![...folder.files.keys()].some((n) => n.startsWith('conversation%2F')), 'the old file is gone once its journal is written');
    assert.ok(folder.files.has(journalName(conversation.id)));
  });
});

describe('conversation index', () => {
  it('is all start-up reads: conversations are read when opened', async () => {
    const folder = new MemoryConversationFolder();
    const clock = new ManualClock();
    const { store } = await ConversationStore.open(folder, clock);
    const first = await store.create();
    clock.advance(10);
    const second = await store.create();
    second.entries.push({ id: 'u', role: 'user', createdAt: 1, content: 'hello' });
    await store.save(second);
    const read: string[] = [];
    const spy = Object.assign(Object.create(folder) as MemoryConversationFolder, {
      read: (name: string) => {
        read.push(name);
        return folder.read(name);
      },
    });
    const { store: reopened } = await ConversationStore.open(spy, new ManualClock());
    assert.deepEqual(reopened.list().map((s) => [s.id, s.messageCount]), [[second.id, 1], [first.id, 0]]);
    assert.ok(!read.includes(journalName(first.id)), 'a conversation not active is not read at start-up');
    assert.equal(reopened.get(first.id), undefined);
    assert.equal((await reopened.load(first.id))?.id, first.id);
  });

  it('is rebuilt from the journals when missing or damaged', async () => {
    const folder = new MemoryConversationFolder();
    const { store, conversation } = await conversationWith(folder, 4);
    await store.rename(conversation.id, 'Kept title');
    folder.files.set(INDEX_FILE, '{"version":1,"conv');
    const damaged = await ConversationStore.open(folder, new ManualClock());
    assert.deepEqual(damaged.store.list().map((s) => [s.title, s.messageCount]), [['Kept title', 4]]);
    assert.match(damaged.problems[0]?.message ?? '', /rebuilt/);
    folder.files.delete(INDEX_FILE);
    const missing = await ConversationStore.open(folder, new ManualClock());
    assert.deepEqual(missing.store.list().map((s) => s.title), ['Kept title']);
    assert.deepEqual(missing.problems, []);
  });

  it('lists a journal the index missed (a crash between the two writes) and clears temporary files a crash left', async () => {
    const folder = new MemoryConversationFolder();
    const { conversation } = await conversationWith(folder, 4);
    const index = folder.files.get(INDEX_FILE) ?? '';
    const { conversation: other } = await conversationWith(folder, 2);
    folder.files.set(INDEX_FILE, index);
    folder.files.set(`${INDEX_FILE}.4242.1.tmp`, '{"half":');
    const { store, problems } = await ConversationStore.open(folder, new ManualClock());
    assert.deepEqual(problems, []);
    assert.deepEqual(store.list().map((s) => s.id).sort(), [conversation.id, other.id].sort());
    assert.ok(![...folder.files.keys()].some((n) => n.endsWith('.tmp')));
  });

  it('follows renames and new messages at the end of a turn, not every streamed save', async () => {
    const folder = new MemoryConversationFolder();
    const { store, conversation } = await conversationWith(folder, 2);
    const index = () => folder.files.get(INDEX_FILE);
    const streaming = reply('live', 'a', 'streaming');
    conversation.entries.push(streaming);
    await store.save(conversation);
    const during = index();
    (streaming.alternatives[0] as { content: string }).content += 'bc';
    await store.save(conversation);
    assert.equal(index(), during, 'a streamed save leaves the index alone');
    streaming.status = 'complete';
    await store.save(conversation);
    assert.match(index() ?? '', /"messageCount":3/);
    await store.rename(conversation.id, 'Renamed');
    assert.match(index() ?? '', /"title":"Renamed"/);
  });
});

describe('two windows on one folder', () => {
  it('keep both windows’ changes: a rename in one and a streamed reply in the other', async () => {
    const folder = new MemoryConversationFolder();
    const { store: one, conversation } = await conversationWith(folder, 2);
    const { store: two } = await ConversationStore.open(folder, new ManualClock());
    const streaming = reply('live', 'partial', 'streaming');
    conversation.entries.push(streaming);
    await one.save(conversation);
    await two.rename(conversation.id, 'Named in window two');
    (streaming.alternatives[0] as { content: string }).content += ' and the rest';
    streaming.status = 'complete';
    await one.save(conversation);
    assert.equal(conversation.title, 'Named in window two', 'window one took the rename in');
    const { store: third } = await ConversationStore.open(folder, new ManualClock());
    const back = await third.load(conversation.id);
    assert.equal(back?.title, 'Named in window two');
    assert.equal((back?.entries.at(-1) as AssistantEntry).alternatives[0]?.content, 'partial and the rest');
  });

  it('keep both windows’ turns when both add messages to one conversation at once, each reply whole', async () => {
    const folder = new MemoryConversationFolder();
    const { store: one, conversation: mine } = await conversationWith(folder, 2);
    const { store: two } = await ConversationStore.open(folder, new ManualClock());
    const theirs = (await two.load(mine.id)) as Conversation;
    const replyOne = reply('a-one', 'one', 'streaming');
    const replyTwo = reply('a-two', 'two', 'streaming');
    mine.entries.push({ id: 'u-one', role: 'user', createdAt: 5, content: 'from window one' }, replyOne);
    theirs.entries.push({ id: 'u-two', role: 'user', createdAt: 6, content: 'from window two' }, replyTwo);
    await one.save(mine);
    await two.save(theirs);
    for (const [entry, store, conversation] of [[replyOne, one, mine], [replyTwo, two, theirs], [replyOne, one, mine]] as const) {
      (entry.alternatives[0] as { content: string }).content += ' more';
      await store.save(conversation);
    }
    replyOne.status = 'complete';
    replyTwo.status = 'complete';
    await one.save(mine);
    await two.save(theirs);
    await one.save(mine);
    const { store: third } = await ConversationStore.open(folder, new ManualClock());
    const back = (await third.load(mine.id)) as Conversation;
    const shown = (c: Conversation) => c.entries.map((e) => (e.role === 'assistant' ? `${e.id}:${e.alternatives[0]?.content}:${e.status}` : e.id));
    assert.deepEqual(shown(back), ['u0', 'a0:' + 'answer 0 '.repeat(40) + ':complete', 'u-one', 'a-one:one more more:complete', 'u-two', 'a-two:two more:complete']);
    assert.deepEqual(shown(mine), shown(back), 'window one holds both turns');
    assert.deepEqual(shown(theirs), shown(back), 'window two holds both turns');
    assert.equal(third.list()[0]?.messageCount, 6);
  });

  it('do not bring back a conversation one deleted while the other was saving it', async () => {
    const folder = new MemoryConversationFolder();
    const { store: one, conversation } = await conversationWith(folder, 2);
    const { store: two } = await ConversationStore.open(folder, new ManualClock());
    await two.delete(conversation.id);
    conversation.entries.push({ id: 'late', role: 'user', createdAt: 9, content: 'late' });
    await one.save(conversation);
    assert.equal(one.get(conversation.id), undefined, 'window one let it go');
    assert.ok(!folder.files.has(journalName(conversation.id)));
    const { store: third } = await ConversationStore.open(folder, new ManualClock());
    assert.deepEqual(third.list(), []);
  });

  it('see what the other created after re-reading the index', async () => {
    const folder = new MemoryConversationFolder();
    const { store: one } = await ConversationStore.open(folder, new ManualClock());
    const { store: two } = await ConversationStore.open(folder, new ManualClock());
    const made = await two.create();
    assert.deepEqual(one.list(), []);
    await one.refresh();
    assert.deepEqual(one.list().map((s) => s.id), [made.id]);
  });
});
