// What start-up sets right in the conversation folder, under its lock, when it finds something to:
// no index or a damaged one (rebuilt from the journals), journals the index does not list (a window
// died between writing a new journal and the index), conversations in the older one-file format
// (moved into journals), and temporary files a crash left mid-write (no writer runs while the lock is held).
import type { ConversationFolder } from './conversationFolder';
import { emptyIndex, INDEX_FILE, indexEntryOf, parseIndex, putEntry, serializeIndex, type ConversationIndex } from './conversationIndex';
import { idOfJournal, journalName } from './conversationJournal';
import { ConversationJournalFile } from './conversationJournalFile';
import { isLegacyFile, migrateLegacyConversations, type LegacyProblem } from './legacyConversations';

const TEMPORARY = /\.tmp$/;

function unlisted(names: readonly string[], index: ConversationIndex): string[] {
  return names.flatMap((name) => {
    const id = idOfJournal(name);
    return id !== undefined && !index.conversations[id] && index.deleted[id] === undefined ? [id] : [];
  });
}

export function folderNeedsRepair(names: readonly string[], index: ConversationIndex): boolean {
  return names.some((n) => isLegacyFile(n) || TEMPORARY.test(n)) || unlisted(names, index).length > 0;
}

/** Runs under the lock; returns the index as written. */
export async function repairFolder(folder: ConversationFolder, now: number, problems: LegacyProblem[]): Promise<ConversationIndex> {
  const names = await folder.names();
  for (const name of names.filter((n) => TEMPORARY.test(n))) await folder.remove(name);
  const current = await folder.read(INDEX_FILE);
  const parsed = parseIndex(current);
  if (current !== undefined && !parsed) problems.push({ key: INDEX_FILE, message: 'the index was damaged and was rebuilt from the journals' });
  const index = parsed ?? emptyIndex();
  await listJournals(folder, unlisted(names, index), index, problems);
  problems.push(...(await migrateLegacyConversations(folder, names, index)));
  await folder.replace(INDEX_FILE, serializeIndex(index, now));
  return index;
}

/** The index rebuilt from the journals, when it went missing or was damaged after start-up. */
export async function rebuiltIndex(folder: ConversationFolder): Promise<ConversationIndex> {
  const index = emptyIndex();
  await listJournals(folder, unlisted(await folder.names(), index), index, []);
  return index;
}

async function listJournals(folder: ConversationFolder, ids: readonly string[], index: ConversationIndex, problems: LegacyProblem[]): Promise<void> {
  for (const id of ids) {
    const loaded = await ConversationJournalFile.load(folder, id);
    if (loaded.kind === 'loaded') putEntry(index, id, indexEntryOf(loaded.conversation));
    const found = loaded.kind === 'missing' ? [] : loaded.problems;
    problems.push(...found.map((message) => ({ key: journalName(id), message })));
  }
}
