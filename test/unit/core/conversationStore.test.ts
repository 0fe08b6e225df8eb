import assert from 'node:assert/strict';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { ConversationNotFoundError, InvalidInputError } from '../../../src/core/conversations/conversationErrors';
import type { AssistantEntry } from '../../../src/core/conversations/conversation';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';

async function openStore(storage = new MemoryConversationFolder(), clock = new ManualClock()) {
  const { store, problems } = await ConversationStore.open(storage, clock);
  return { store, problems, storage, clock };
}

function assistant(content: string, status: AssistantEntry['status']): AssistantEntry {
  return {
    id: `a-${content.length}`,
    role: 'assistant',
    createdAt: 1,
    model: 'svc-k2-thinking',
    alternatives: [{ content, reasoning: 'why', finishReason: null }],
    selected: 0,
    status,
  };
}

describe('ConversationStore', () => {
  it('creates, titles from the first message, saves and reloads', async () => {
    const { store, storage, clock } = await openStore();
    const c = await store.create('Be brief.');
    assert.equal(c.title, 'New chat');
    c.entries.push({ id: 'u1', role: 'user', createdAt: 1, content: '  How do   I sort\na map by value in Go? Please explain with an example and edge cases.' });
    await store.save(c);
    assert.equal(c.title, 'How do I sort a map by value in Go?', 'a short title from the first sentence');

    const reloaded = await openStore(storage, clock);
    assert.deepEqual(reloaded.problems, []);
    const back = reloaded.store.require(c.id);
    assert.deepEqual(back, c);
    assert.equal(reloaded.store.activeConversationId, c.id);
  });

  it('restores a reply that was streaming when the window died as interrupted, with its text', async () => {
    const { store, storage, clock } = await openStore();
    const c = await store.create();
    c.entries.push({ id: 'u1', role: 'user', createdAt: 1, content: 'hi' }, assistant('half an ans', 'streaming'));
    await store.save(c);

    const reloaded = await openStore(storage, clock);
    const entry = reloaded.store.require(c.id).entries[1] as AssistantEntry;
    assert.equal(entry.status, 'interrupted');
    assert.equal(entry.alternatives[0]?.content, 'half an ans');
    assert.deepEqual(entry.error, { kind: 'interrupted', message: 'The editor closed or restarted while the reply was streaming', action: 'retry' }, 'the view offers Retry');
    await reloaded.store.flush();
    const third = await openStore(storage, clock);
    assert.equal((third.store.require(c.id).entries[1] as AssistantEntry).status, 'interrupted', 'the repair is written back');
  });

  it('drops the automatic-retry countdown of a failed reply on load: no timer outlives the window', async () => {
    const { store, storage, clock } = await openStore();
    const c = await store.create();
    const failed: AssistantEntry = {
      ...assistant('', 'failed'),
      error: { kind: 'rateLimit', status: 429, message: 'please try again after 5 seconds', retryAfterSeconds: 5, action: 'retry', automaticRetry: true },
    };
    c.entries.push({ id: 'u1', role: 'user', createdAt: 1, content: 'hi' }, failed);
    await store.save(c);

    const reloaded = await openStore(storage, clock);
    const entry = reloaded.store.require(c.id).entries[1] as AssistantEntry;
    assert.deepEqual(entry.error, { kind: 'rateLimit', status: 429, message: 'please try again after 5 seconds', retryAfterSeconds: 5, action: 'retry' }, 'Retry stays, the countdown goes');
    await reloaded.store.flush();
    const third = await openStore(storage, clock);
    assert.equal((third.store.require(c.id).entries[1] as AssistantEntry).error?.automaticRetry, undefined, 'the repair is written back');
  });

  it('reports an unreadable conversation and leaves it in storage', async () => {
    const storage = new MemoryConversationFolder();
    storage.files.set('conversation%2Fbroken.json', JSON.stringify({ version: 1, id: 'broken', title: 3 }));
    const { store, problems } = await openStore(storage);
    assert.equal(store.list().length, 0);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.key, 'conversation/broken');
    assert.match(problems[0]?.message ?? '', /title/);
    assert.ok(storage.files.has('conversation%2Fbroken.json'));
  });

  it('reports a conversation whose file cannot be read at all, and still opens the others', async () => {
    const storage = new MemoryConversationFolder();
    const { store: first } = await openStore(storage);
    const kept = await first.create();
    storage.files.set('conversation%2Fgarbled.json', '{not json');
    const { store, problems } = await openStore(storage);
    assert.deepEqual(store.list().map((s) => s.id), [kept.id]);
    assert.equal(problems[0]?.key, 'conversation/garbled');
  });

  it('renames (the custom title then stays) and refuses empty or overlong titles', async () => {
    const { store } = await openStore();
    const c = await store.create();
    await store.rename(c.id, '  Go   maps ');
    assert.equal(c.title, 'Go maps');
    c.entries.push({ id: 'u1', role: 'user', createdAt: 1, content: 'something else' });
    await store.save(c);
    assert.equal(c.title, 'Go maps');
    await assert.rejects(store.rename(c.id, '   '), (e: unknown) => e instanceof InvalidInputError && e.field === 'title');
    await assert.rejects(store.rename(c.id, 'x'.repeat(201)), /at most 200 characters/);
    await assert.rejects(store.rename('nope', 'a'), ConversationNotFoundError);
  });

  it('lists newest first, deletes, and moves the active conversation', async () => {
    const { store, storage, clock } = await openStore();
    const a = await store.create();
    clock.advance(10);
    const b = await store.create();
    assert.deepEqual(store.list().map((s) => s.id), [b.id, a.id]);
    assert.equal(store.activeConversationId, b.id);
    await store.delete(b.id);
    assert.equal(store.activeConversationId, a.id);
    assert.ok(!storage.files.has(`${b.id}.jsonl`));
    const reloaded = await openStore(storage, clock);
    assert.deepEqual(reloaded.store.list().map((s) => s.id), [a.id]);
  });

  it('creates a conversation that does not take the active one\'s place (a background task\'s), across a reload too', async () => {
    const { store, storage, clock } = await openStore();
    const shown = await store.create();
    const background = await store.create(undefined, { makeActive: false });
    assert.equal(store.activeConversationId, shown.id);
    const reloaded = await openStore(storage, clock);
    assert.equal(reloaded.store.activeConversationId, shown.id);
    assert.deepEqual(new Set(reloaded.store.list().map((s) => s.id)), new Set([shown.id, background.id]));
  });

  it('keeps "New Chat" across a reload: no conversation is active, the old ones stay listed', async () => {
    const { store, storage, clock } = await openStore();
    const a = await store.create();
    await store.clearActive();
    assert.equal(store.activeConversationId, undefined);
    const reloaded = await openStore(storage, clock);
    assert.equal(reloaded.store.activeConversationId, undefined);
    assert.deepEqual(reloaded.store.list().map((s) => s.id), [a.id]);
  });

  it('searches titles and message text, case-insensitively, with a snippet', async () => {
    const { store, clock } = await openStore();
    const a = await store.create();
    a.entries.push({ id: 'u', role: 'user', createdAt: 1, content: 'Explain quicksort' }, { ...assistant('It partitions around a Pivot element and recurses on both halves.', 'complete') });
    await store.save(a);
    clock.advance(5);
    const b = await store.create();
    await store.rename(b.id, 'Pivot tables in Excel');
    const results = await store.search('pivot');
    assert.deepEqual(results.map((r) => r.id), [b.id, a.id]);
    assert.equal(results[0]?.snippet, undefined, 'a title match needs no snippet');
    assert.match(results[1]?.snippet ?? '', /Pivot element/);
    assert.deepEqual(await store.search('no such words'), []);
    assert.equal((await store.search('  ')).length, 2);
  });

  it('writes one journal per conversation, in order', async () => {
    const { store, storage } = await openStore();
    const c = await store.create();
    c.entries.push({ id: 'u1', role: 'user', createdAt: 1, content: 'first' });
    const first = store.save(c);
    c.entries.push({ id: 'u2', role: 'user', createdAt: 2, content: 'second' });
    const second = store.save(c);
    await Promise.all([first, second]);
    const saved = storage.saved(c.id);
    assert.equal(saved.entries.length, 2);
  });
});
