// What checkpoints and conversations show the user goes through core's translator, and what the model
// reads or the conversation holds does not. The translator here marks every text it is given «…», so a
// test sees which texts went through it and that their placeholders were still filled.
import assert from 'node:assert/strict';
import { CheckpointRestorer } from '../../../src/core/checkpoints/checkpointRestore';
import { CheckpointedTool } from '../../../src/core/checkpoints/checkpointedTool';
import type { CheckpointRef } from '../../../src/core/checkpoints/checkpointRef';
import { Checkpoints, type FolderChange, type FolderStore } from '../../../src/core/checkpoints/checkpoints';
import type { Conversation } from '../../../src/core/conversations/conversation';
import { EntryNotFoundError, SessionBusyError } from '../../../src/core/conversations/conversationErrors';
import { exportConversation } from '../../../src/core/conversations/conversationExport';
import { conversationToMarkdown } from '../../../src/core/conversations/conversationMarkdown';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { repairAfterRestart } from '../../../src/core/conversations/restartRepair';
import { englishText, useTranslator } from '../../../src/core/l10n';
import type { Tool } from '../../../src/core/tools/tool';
import { toolTraits } from '../../../src/core/tools/toolTraits';
import { STAND_IN_DISPLAY } from '../../support/registeredTools';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';
import { ScriptedHostWindow } from './support/scriptedHostWindow';

const marked = (message: string, args: ReadonlyArray<string | number>) => `«${englishText(message, args)}»`;

/** One folder whose files "changed" since any checkpoint: app.ts modified, new.ts added. */
class ChangedFolder implements FolderStore {
  readonly workTree = '/ws';
  readonly labels: string[] = [];
  private commits = 0;
  private readonly changes: FolderChange[] = [
    { path: 'app.ts', status: 'modified' },
    { path: 'new.ts', status: 'added' },
  ];

  async snapshot(label: string) {
    this.labels.push(label);
    return { commit: `c${++this.commits}`, leftOut: [] };
  }
  async changesSince(): Promise<FolderChange[]> {
    return this.changes;
  }
  async restore(): Promise<FolderChange[]> {
    return this.changes;
  }
  async fileAt(): Promise<Uint8Array | undefined> {
    return undefined;
  }
  async prune(): Promise<number> {
    return 0;
  }
  async needsPreparing(): Promise<boolean> {
    return false;
  }
  async prepare(): Promise<void> {}
}

function checkpointsOn(folder: ChangedFolder, clock: ManualClock): Checkpoints {
  let ids = 0;
  return new Checkpoints({ stores: async () => [folder], enabled: () => true, clock, newId: () => `ck-${++ids}`, warnOnce: () => undefined });
}

function exported(): Conversation {
  return {
    version: 1,
    id: 'c1',
    title: 'Sort a map',
    titleIsCustom: false,
    createdAt: 1,
    updatedAt: 1_700_000_000_000,
    entries: [
      { id: 'u1', role: 'user', createdAt: 1, content: 'Sort this map by value' },
      { id: 'a1', role: 'assistant', createdAt: 2, model: 'svc-k2', alternatives: [{ content: 'Use entries().', reasoning: 'Maps keep order.', finishReason: null }], selected: 0, status: 'stopped' },
    ],
    usageTotals: { promptTokens: 10, completionTokens: 5, cachedTokens: 0, reasoningTokens: 0 },
  };
}

describe('checkpoint and conversation texts in the display language', () => {
  afterEach(() => useTranslator(englishText));

  it('asks and reports a restore in the display language, the checkpoint label and file names left as they are', async () => {
    useTranslator(marked);
    const clock = new ManualClock();
    const folder = new ChangedFolder();
    const checkpoints = checkpointsOn(folder, clock);
    const { store } = await ConversationStore.open(new MemoryConversationFolder(), clock);
    const conversation = await store.create();
    const ref = (await checkpoints.take('before your message')) as CheckpointRef;
    conversation.entries.push({ id: 'u1', role: 'user', createdAt: 1, content: 'make it faster', checkpoint: ref });
    await store.save(conversation);

    const no = new ScriptedHostWindow({ confirm: false });
    assert.deepEqual(await new CheckpointRestorer(store, checkpoints, no).restore(conversation.id, 'u1', 'restoreAll'), { done: false, message: '«Restore cancelled.»' });
    assert.deepEqual(no.confirmations[0], {
      message: '«Restore 2 files to the checkpoint before your message? The conversation goes back to that point too.»',
      confirmLabel: '«Restore»',
      detail: '«restore: app.ts»\n«delete (created since): new.ts»\n\n«Changes made since, by the agent or by hand, are replaced. Undo Restore brings them back.»',
    });

    const restorer = new CheckpointRestorer(store, checkpoints, new ScriptedHostWindow({ confirm: true }));
    const outcome = await restorer.restore(conversation.id, 'u1', 'restoreAll');
    assert.equal(outcome.message, '«Back at the checkpoint before your message: ««2 files restored», «1 message removed from the conversation»». "Undo Restore" brings it back.»');
    assert.equal((await restorer.undo(conversation.id)).message, '«Restore undone: «2 files» and «1 message» back.»');
    assert.equal((await restorer.undo(conversation.id)).message, '«There is no restore to undo in this conversation.»');
    assert.ok(!folder.labels.some((label) => label.includes('«')), 'the checkpoint taken before a restore is internal, not shown');
  });

  it("labels an agent call's checkpoint in the display language while the model's result is untouched", async () => {
    useTranslator(marked);
    const labels: string[] = [];
    const inner: Tool = {
      definition: { type: 'function', function: { name: 'edit_file', description: 'Edits a file.', parameters: { type: 'object', properties: {}, required: [] } } },
      origin: { kind: 'workspace' },
      traits: toolTraits({}),
      display: STAND_IN_DISPLAY,
      run: async () => ({ status: 'done', content: 'Edited src/a.ts.' }),
    };
    const take = async (label: string) => {
      labels.push(label);
      return { id: 'k', label, createdAt: 1, folders: [], leftOut: [] };
    };
    const tool = new CheckpointedTool(inner, take);
    const result = await tool.run({ raw: '{"path":"src/a.ts"}', value: { path: 'src/a.ts' } }, new AbortController().signal);
    await tool.run({ raw: '{}', value: {} }, new AbortController().signal);
    assert.deepEqual(labels, ['«before edit_file src/a.ts»', '«before edit_file»']);
    assert.equal(result.content, 'Edited src/a.ts.');
  });

  it('exports a conversation with its headings and notes translated and its messages as written', async () => {
    useTranslator(marked);
    const markdown = conversationToMarkdown(exported());
    assert.match(markdown, /^# Sort a map\n\n_«Exported 2023-11-14T22:13:20\.000Z; «prompt 10, completion 5, cached 0 tokens»\.»_\n/);
    assert.ok(markdown.includes('## «User»\n\nSort this map by value\n'));
    assert.ok(markdown.includes('## «Assistant (svc-k2)»\n\n<details><summary>«Thinking»</summary>\n\n> Maps keep order.\n'));
    assert.ok(markdown.includes('Use entries().\n\n_«(stopped by the user)»_'));

    const window = new ScriptedHostWindow({ saveTo: '/home/u/Sort-a-map.md', noticeAction: '«Open»' });
    const outcome = await exportConversation(window, exported());
    assert.deepEqual(outcome, { ok: true, message: '«Exported to Sort-a-map.md.»', filePath: '/home/u/Sort-a-map.md' });
    assert.equal(window.saveDialogs[0]?.title, '«Export conversation as Markdown»');
    assert.equal(window.saveDialogs[0]?.suggestedName, 'Sort-a-map.md', 'a file name stays as it is');
    assert.deepEqual(window.notices[0], { level: 'info', message: '«Conversation exported to /home/u/Sort-a-map.md»', actions: ['«Open»'] });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(window.opened, ['/home/u/Sort-a-map.md'], 'the translated Open button still opens the file');
  });

  it("names a new conversation, refuses a bad title and marks a reply cut by a restart in the window's language", async () => {
    useTranslator(marked);
    const { store } = await ConversationStore.open(new MemoryConversationFolder(), new ManualClock());
    const conversation = await store.create();
    assert.equal(conversation.title, '«New chat»');
    await assert.rejects(store.rename(conversation.id, '  '), { name: 'InvalidInputError', message: 'title: «must not be empty»' });
    await assert.rejects(store.rename(conversation.id, 'x'.repeat(201)), { message: 'title: «must be at most 200 characters (got 201)»' });
    assert.equal(new EntryNotFoundError('c1', 'm1', 'assistant reply').message, '«Conversation "c1" has no assistant reply with id "m1"»');
    assert.equal(new SessionBusyError().message, '«A reply is still being generated; stop it first or wait for it to finish»');

    const cut = exported();
    cut.entries[1] = { ...cut.entries[1], status: 'streaming' } as Conversation['entries'][number];
    assert.equal(repairAfterRestart(cut), true);
    const reply = cut.entries[1];
    assert.equal(reply?.role === 'assistant' ? reply.error?.message : undefined, '«The editor closed or restarted while the reply was streaming»');
    assert.equal(reply?.role === 'assistant' ? reply.alternatives[0]?.content : undefined, 'Use entries().', 'what arrived stays as it was');
  });
});
