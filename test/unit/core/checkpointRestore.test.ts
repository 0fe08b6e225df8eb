import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CheckpointRestorer, checkpointOf } from '../../../src/core/checkpoints/checkpointRestore';
import { Checkpoints } from '../../../src/core/checkpoints/checkpoints';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import type { Conversation } from '../../../src/core/conversations/conversation';
import { ShadowGitStore } from '../../../src/extension/checkpoints/shadowGitStore';
import { tempDir } from '../../support/emulatorTestBed';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';
import { ScriptedHostWindow } from './support/scriptedHostWindow';

describe('checkpoints in conversations: take, compare, restore, undo', function () {
  this.timeout(30_000);
  let root: string;
  let storage: string;
  let checkpoints: Checkpoints;
  let store: ConversationStore;
  let clock: ManualClock;
  const warnings: string[] = [];

  beforeEach(async () => {
    root = tempDir('svc-ckpt-conv-');
    storage = tempDir('svc-ckpt-conv-store-');
    fs.writeFileSync(path.join(root, 'app.ts'), 'v1\n');
    clock = new ManualClock();
    let ids = 0;
    const folderStore = ShadowGitStore.open(path.join(storage, 'store'), root);
    checkpoints = new Checkpoints({ stores: async () => [await folderStore], enabled: () => true, clock, newId: () => `ck-${++ids}`, warnOnce: (m) => void warnings.push(m) });
    ({ store } = await ConversationStore.open(new MemoryConversationFolder(), clock));
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(storage, { recursive: true, force: true });
  });

  /** A conversation of two turns, each user message with the checkpoint taken right before it. */
  async function twoTurns(): Promise<{ conversation: Conversation; first: string; second: string }> {
    const conversation = await store.create();
    const c1 = await checkpoints.take('before your message');
    conversation.entries.push({ id: 'u1', role: 'user', createdAt: 1, content: 'make v2', ...(c1 ? { checkpoint: c1 } : {}) });
    conversation.entries.push({ id: 'a1', role: 'assistant', createdAt: 2, model: 'm', alternatives: [{ content: 'done', reasoning: '', finishReason: 'stop' }], selected: 0, status: 'complete' });
    fs.writeFileSync(path.join(root, 'app.ts'), 'v2\n');
    const c2 = await checkpoints.take('before your message');
    conversation.entries.push({ id: 'u2', role: 'user', createdAt: 3, content: 'make v3', ...(c2 ? { checkpoint: c2 } : {}) });
    conversation.entries.push({ id: 'a2', role: 'assistant', createdAt: 4, model: 'm', alternatives: [{ content: 'done', reasoning: '', finishReason: 'stop' }], selected: 0, status: 'complete' });
    fs.writeFileSync(path.join(root, 'app.ts'), 'v3\n');
    fs.writeFileSync(path.join(root, 'extra.ts'), 'made later\n');
    await store.save(conversation);
    return { conversation, first: 'u1', second: 'u2' };
  }

  it('lists every file that will change, asks, then restores files and conversation; one undo brings both back', async () => {
    const { conversation, first } = await twoTurns();
    const window = new ScriptedHostWindow({ confirm: true });
    const restorer = new CheckpointRestorer(store, checkpoints, window);
    const outcome = await restorer.restore(conversation.id, first, 'restoreAll');
    assert.equal(outcome.done, true);
    assert.match(window.confirmations[0]?.detail ?? '', /restore: app\.ts\ndelete \(created since\): extra\.ts/);
    assert.equal(fs.readFileSync(path.join(root, 'app.ts'), 'utf8'), 'v1\n');
    assert.equal(fs.existsSync(path.join(root, 'extra.ts')), false);
    assert.deepEqual(store.require(conversation.id).entries.map((e) => e.id), [], 'the conversation goes back to before the first message');
    assert.match(outcome.message, /1 file restored|2 files restored/);

    const undone = await restorer.undo(conversation.id);
    assert.equal(undone.done, true);
    assert.equal(fs.readFileSync(path.join(root, 'app.ts'), 'utf8'), 'v3\n');
    assert.equal(fs.readFileSync(path.join(root, 'extra.ts'), 'utf8'), 'made later\n');
    assert.deepEqual(store.require(conversation.id).entries.map((e) => e.id), ['u1', 'a1', 'u2', 'a2']);
    assert.equal((await restorer.undo(conversation.id)).done, false, 'one undo');
  });

  it('restores files only, or the conversation only, and changes nothing when the user says no', async () => {
    const { conversation, second } = await twoTurns();
    const no = new CheckpointRestorer(store, checkpoints, new ScriptedHostWindow({ confirm: false }));
    assert.equal((await no.restore(conversation.id, second, 'restoreFiles')).done, false);
    assert.equal(fs.readFileSync(path.join(root, 'app.ts'), 'utf8'), 'v3\n');

    const yes = new CheckpointRestorer(store, checkpoints, new ScriptedHostWindow({ confirm: true }));
    await yes.restore(conversation.id, second, 'restoreFiles');
    assert.equal(fs.readFileSync(path.join(root, 'app.ts'), 'utf8'), 'v2\n');
    assert.equal(store.require(conversation.id).entries.length, 4, 'the conversation is kept');

    const window = new ScriptedHostWindow({ confirm: true });
    await new CheckpointRestorer(store, checkpoints, window).restore(conversation.id, second, 'restoreConversation');
    assert.deepEqual(store.require(conversation.id).entries.map((e) => e.id), ['u1', 'a1']);
    assert.equal(window.confirmations.length, 0, 'cutting the conversation alone asks nothing');
  });

  it('goes back to the step that made an agent call, keeping the conversation valid', async () => {
    const conversation = await store.create();
    const ref = await checkpoints.take('before edit_file app.ts');
    assert.ok(ref);
    conversation.entries.push(
      { id: 'u', role: 'user', createdAt: 1, content: 'task' },
      { id: 'step', role: 'assistant', createdAt: 2, model: 'm', alternatives: [{ content: '', reasoning: '', finishReason: 'tool_calls', toolCalls: [{ id: 'call-1', type: 'function', function: { name: 'edit_file', arguments: '{}' } }] }], selected: 0, status: 'complete' },
      { id: 't', role: 'tool', createdAt: 3, toolCallId: 'call-1', content: 'edited', checkpoint: ref },
    );
    assert.equal(checkpointOf(conversation, 't').cutAt, 1);
    assert.throws(() => checkpointOf(conversation, 'u'), /has no checkpoint/);
  });

  it('offers, on editing an earlier message, to restore its files too', async () => {
    const { conversation, second } = await twoTurns();
    const window = new ScriptedHostWindow({ confirm: true });
    await new CheckpointRestorer(store, checkpoints, window).offerFilesOnEdit(conversation.id, second);
    assert.match(window.confirmations[0]?.message ?? '', /Also restore 2 files/);
    assert.equal(fs.readFileSync(path.join(root, 'app.ts'), 'utf8'), 'v2\n');
  });

  it('takes nothing when switched off, and says once when the stores cannot work', async () => {
    let enabled = false;
    const off = new Checkpoints({ stores: async () => [], enabled: () => enabled, clock, newId: () => 'x', warnOnce: (m) => void warnings.push(m) });
    assert.equal(await off.take('x'), undefined);
    enabled = true;
    const broken = new Checkpoints({ stores: () => Promise.reject(new Error('git is not on PATH')), enabled: () => true, clock, newId: () => 'x', warnOnce: (m) => void warnings.push(m) });
    assert.equal(await broken.take('a'), undefined);
    assert.equal(await broken.take('b'), undefined);
    assert.deepEqual(warnings, ['git is not on PATH']);
  });

  it('prunes checkpoints older than the days kept', async () => {
    const old = await checkpoints.take('old');
    clock.advance(10 * 24 * 3600 * 1000);
    fs.writeFileSync(path.join(root, 'app.ts'), 'v9\n');
    const recent = await checkpoints.take('recent');
    assert.ok(old && recent);
    assert.equal(await checkpoints.prune([old, recent], 7), 1);
    assert.equal(await checkpoints.fileAt(old, root, 'app.ts'), undefined);
    assert.equal(new TextDecoder().decode(await checkpoints.fileAt(recent, root, 'app.ts')), 'v9\n');
  });
});
