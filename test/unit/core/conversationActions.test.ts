import assert from 'node:assert/strict';
import { deleteConversation } from '../../../src/core/chat/conversationDeletion';
import { exportConversation, exportFileName } from '../../../src/core/conversations/conversationExport';
import { conversationToMarkdown } from '../../../src/core/conversations/conversationMarkdown';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';
import { ScriptedHostWindow } from './support/scriptedHostWindow';

async function storeWith(...titles: string[]) {
  const { store } = await ConversationStore.open(new MemoryConversationFolder(), new ManualClock());
  const ids: string[] = [];
  for (const title of titles) {
    const c = await store.create();
    c.entries.push({ id: `u-${title}`, role: 'user', createdAt: 1, content: `About ${title}` });
    await store.save(c);
    await store.rename(c.id, title);
    ids.push(c.id);
  }
  return { store, ids };
}

describe('exporting a conversation as Markdown', () => {
  it('says there is nothing to export when no conversation is given, and opens no dialog', async () => {
    const window = new ScriptedHostWindow({ saveTo: '/tmp/x.md' });
    const outcome = await exportConversation(window, undefined);
    assert.deepEqual(outcome, { ok: false, message: 'There is no conversation to export yet.' });
    assert.deepEqual(window.notices, [{ level: 'info', message: 'There is no conversation to export yet.', actions: [] }]);
    assert.equal(window.saveDialogs.length, 0);
  });

  it('writes nothing when the user cancels the save dialog', async () => {
    const { store, ids } = await storeWith('Sorting maps');
    const window = new ScriptedHostWindow();
    const outcome = await exportConversation(window, store.get(ids[0] as string));
    assert.deepEqual(outcome, { ok: false, message: 'Export cancelled.' });
    assert.equal(window.written.size, 0);
    assert.equal(window.notices.length, 0);
  });

  it('writes the Markdown where the user chose, proposes a safe file name and opens the file on request', async () => {
    const { store, ids } = await storeWith('What: is <this>/that?');
    const conversation = store.require(ids[0] as string);
    const window = new ScriptedHostWindow({ saveTo: '/home/me/notes/chat.md', noticeAction: 'Open' });
    const outcome = await exportConversation(window, conversation);
    assert.deepEqual(outcome, { ok: true, message: 'Exported to chat.md.', filePath: '/home/me/notes/chat.md' });
    assert.equal(window.saveDialogs[0]?.suggestedName, 'What-is-this-that.md');
    assert.deepEqual(window.saveDialogs[0]?.extensions, ['md']);
    assert.equal(window.written.get('/home/me/notes/chat.md'), conversationToMarkdown(conversation));
    assert.deepEqual(window.notices, [{ level: 'info', message: 'Conversation exported to /home/me/notes/chat.md', actions: ['Open'] }]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(window.opened, ['/home/me/notes/chat.md']);
  });

  it('never puts an ellipsis or other punctuation of a cut title in the file name', () => {
    assert.equal(exportFileName('Fix the parser so it handles…'), 'Fix-the-parser-so-it-handles.md');
    assert.equal(exportFileName('Résumé — “draft” v2.1…'), 'Résumé-draft-v2.1.md');
    assert.doesNotMatch(exportFileName(`${'word '.repeat(30)}…`), /…/);
  });

  it('names the file "conversation" when the title has no usable character, and cuts long titles', () => {
    assert.equal(exportFileName('???'), 'conversation.md');
    assert.equal(exportFileName('a'.repeat(100)), `${'a'.repeat(60)}.md`);
  });
});

describe('deleting a conversation', () => {
  it('keeps the conversation when the user does not confirm', async () => {
    const { store, ids } = await storeWith('Keep me');
    const stopped: string[] = [];
    const window = new ScriptedHostWindow({ confirm: false });
    const deleted = await deleteConversation(window, store, { stopAndSettle: async (id) => void stopped.push(id) }, ids[0] as string);
    assert.equal(deleted, false);
    assert.deepEqual(window.confirmations, [{ message: 'Delete the conversation "Keep me"?', confirmLabel: 'Delete' }]);
    assert.ok(store.get(ids[0] as string));
    assert.deepEqual(stopped, []);
  });

  it('stops and settles its reply before deleting it, and the active conversation moves to another', async () => {
    const { store, ids } = await storeWith('Older', 'Newer');
    const [older, newer] = ids as [string, string];
    await store.setActive(newer);
    const order: string[] = [];
    const replies = {
      stopAndSettle: async (id: string) => {
        order.push(`settled ${id}, still stored: ${store.get(id) !== undefined}`);
      },
    };
    const deleted = await deleteConversation(new ScriptedHostWindow({ confirm: true }), store, replies, newer);
    assert.equal(deleted, true);
    assert.deepEqual(order, [`settled ${newer}, still stored: true`]);
    assert.equal(store.get(newer), undefined);
    assert.equal(store.activeConversationId, older);
  });
});
