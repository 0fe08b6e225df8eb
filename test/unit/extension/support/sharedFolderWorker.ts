// One "window" of the shared-folder test, run as its own Node process: its own conversation store and
// upload cache on the folders the parent gives, doing what a window does, many times, while another
// process does the same. Prints what it deleted of the other window's conversations as JSON.
// argv: conversations folder, uploads folder, tag (A or B), emulator URL, API key, shared conversation id, rounds.
import { SvcClient } from '../../../../src/api/index';
import type { AssistantEntry, Conversation } from '../../../../src/core/conversations/conversation';
import { ConversationStore } from '../../../../src/core/conversations/conversationStore';
import { ConversationNotFoundError } from '../../../../src/core/conversations/conversationErrors';
import { accountKey } from '../../../../src/core/files/accountKey';
import { UploadCache } from '../../../../src/core/files/uploadCache';
import { systemClock } from '../../../../src/core/clock';
import { ConversationFolderFiles } from '../../../../src/extension/conversationFolderFiles';
import { FileKeyValueStorage } from '../../../../src/extension/fileKeyValueStorage';

function reply(id: string): AssistantEntry {
  return { id, role: 'assistant', createdAt: 0, model: 'svc-k2', alternatives: [{ content: '', reasoning: '', finishReason: null }], selected: 0, status: 'streaming' };
}

async function stream(store: ConversationStore, conversation: Conversation, entry: AssistantEntry, words: number): Promise<void> {
  const alternative = entry.alternatives[0] as { content: string };
  for (let w = 0; w < words; w++) {
    alternative.content += `w${w} `;
    await store.save(conversation);
  }
  entry.status = 'complete';
  await store.save(conversation);
}

/** Window A deletes the conversations window B created to be deleted while it keeps saving them. */
async function deleteDoomed(store: ConversationStore): Promise<string[]> {
  await store.refresh();
  const deleted: string[] = [];
  for (const summary of store.list()) {
    if (!summary.title.startsWith('B doomed')) continue;
    await store.delete(summary.id);
    deleted.push(summary.id);
  }
  return deleted;
}

async function main(): Promise<void> {
  const [conversationsDir, uploadsDir, tag, url, apiKey, sharedId, roundsText] = process.argv.slice(2) as [string, string, string, string, string, string, string];
  const rounds = Number(roundsText);
  const { store } = await ConversationStore.open(new ConversationFolderFiles(conversationsDir), systemClock);
  const client = new SvcClient({ baseUrl: url, apiKey, maxRetries: 2 });
  const uploads = new UploadCache(client, new FileKeyValueStorage(uploadsDir), accountKey(url, apiKey));
  const doomed: Conversation[] = [];
  const deletedOthers: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const conversation = await store.create();
    conversation.entries.push({ id: `${tag}-q${round}`, role: 'user', createdAt: round, content: `${tag} question ${round}` });
    const answer = reply(`${tag}-a${round}`);
    conversation.entries.push(answer);
    await stream(store, conversation, answer, 5);
    await store.rename(conversation.id, `${tag} ${round}`);
    if (round % 3 === 0) await store.delete(conversation.id);

    const shared = await store.load(sharedId);
    if (!shared) throw new Error('the shared conversation is gone');
    if (tag === 'A') {
      await store.rename(sharedId, `A round ${round}`);
      deletedOthers.push(...(await deleteDoomed(store)));
    } else {
      shared.entries.push({ id: `B-shared-q${round}`, role: 'user', createdAt: round, content: `shared ${round}` });
      const sharedAnswer = reply(`B-shared-a${round}`);
      shared.entries.push(sharedAnswer);
      await stream(store, shared, sharedAnswer, 3);
      const victim = await store.create();
      await store.rename(victim.id, `B doomed ${round}`);
      doomed.push(victim);
      for (const target of doomed) {
        target.entries.push({ id: `late-${round}`, role: 'user', createdAt: round, content: 'a save after the other window may have deleted it' });
        await store.save(target).catch((error: unknown) => {
          if (!(error instanceof ConversationNotFoundError)) throw error;
        });
      }
    }
    await uploads.upload({ source: `file:///${tag}/${round}.txt`, filename: `${tag}-${round}.txt`, data: new TextEncoder().encode(`${tag} file ${round}`), purpose: 'file-extract' });
  }
  // However the two processes were scheduled, window B's first doomed conversation appears at some point.
  while (tag === 'A' && deletedOthers.length === 0) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    deletedOthers.push(...(await deleteDoomed(store)));
  }
  await store.flush();
  process.stdout.write(`${JSON.stringify({ deletedOthers })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
