// Conversations saved before journals: one JSON file per conversation holding it whole. They are
// moved into journals when found (each file is removed only once its journal is written), and a
// file that cannot be read stays where it is, reported, so an upgrade loses nothing.
import { ConversationSchema } from './conversation';
import type { ConversationFolder } from './conversationFolder';
import { ConversationJournalFile } from './conversationJournalFile';
import { indexEntryOf, putEntry, type ConversationIndex } from './conversationIndex';
import { journalName } from './conversationJournal';

const LEGACY = /^conversation%2F(.+)\.json$/;

export interface LegacyProblem {
  key: string;
  message: string;
}

export function isLegacyFile(name: string): boolean {
  return LEGACY.test(name);
}

/** Moves every readable legacy file into a journal and the index; runs under the folder's lock. */
export async function migrateLegacyConversations(folder: ConversationFolder, names: readonly string[], index: ConversationIndex): Promise<LegacyProblem[]> {
  const problems: LegacyProblem[] = [];
  const present = new Set(names);
  for (const name of names) {
    const match = LEGACY.exec(name);
    if (!match) continue;
    const key = decodeURIComponent(name.slice(0, -'.json'.length));
    const text = await folder.read(name);
    if (text === undefined) continue;
    let stored: unknown;
    try {
      stored = JSON.parse(text);
    } catch (error) {
      problems.push({ key, message: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const parsed = ConversationSchema.safeParse(stored);
    if (!parsed.success) {
      problems.push({ key, message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
      continue;
    }
    const conversation = parsed.data;
    // A journal already there is newer than the legacy file: the file stays, nothing is overwritten.
    if (present.has(journalName(conversation.id))) continue;
    if (index.deleted[conversation.id] === undefined) {
      await ConversationJournalFile.create(folder, conversation);
      putEntry(index, conversation.id, indexEntryOf(conversation));
    }
    await folder.remove(name);
  }
  return problems;
}
