// The one file read at start-up: what the conversation list shows of each conversation, and the
// conversations deleted recently. Windows sharing the folder change it under the folder's lock by
// reading it, applying their change and writing it back, so no window's change replaces another's;
// the deletion marks keep a window that still holds a deleted conversation from bringing it back.
import * as z from 'zod';
import type { Conversation } from './conversation';
import { SessionFactsSchema, sessionFactsOf } from '../sessions/sessionFacts';

export const INDEX_FILE = 'index.json';
/** How long a deletion is remembered: longer than any window stays open without re-reading the index. */
const DELETION_MEMORY_MS = 90 * 24 * 60 * 60 * 1000;

export const IndexEntrySchema = z.object({
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number().int().nonnegative(),
  /** What the list of sessions shows; absent in indexes written before it existed (until the next save). */
  facts: SessionFactsSchema.optional(),
});
export type IndexEntry = z.infer<typeof IndexEntrySchema>;

const IndexSchema = z.object({
  version: z.literal(1),
  conversations: z.record(z.string(), IndexEntrySchema),
  /** Deleted conversation id → when. */
  deleted: z.record(z.string(), z.number()),
});
export type ConversationIndex = z.infer<typeof IndexSchema>;

export function emptyIndex(): ConversationIndex {
  return { version: 1, conversations: {}, deleted: {} };
}

/** The index in `text`, or undefined when it is missing or damaged (then it is rebuilt from the journals). */
export function parseIndex(text: string | undefined): ConversationIndex | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = IndexSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function serializeIndex(index: ConversationIndex, now: number): string {
  for (const [id, at] of Object.entries(index.deleted)) if (now - at > DELETION_MEMORY_MS) delete index.deleted[id];
  return JSON.stringify(index);
}

export function indexEntryOf(conversation: Conversation): IndexEntry {
  return { title: conversation.title, createdAt: conversation.createdAt, updatedAt: conversation.updatedAt, messageCount: conversation.entries.length, facts: sessionFactsOf(conversation) };
}

/** Records `entry` unless another window deleted the conversation; returns false then. */
export function putEntry(index: ConversationIndex, id: string, entry: IndexEntry): boolean {
  if (index.deleted[id] !== undefined) return false;
  index.conversations[id] = entry;
  return true;
}

export function markDeleted(index: ConversationIndex, id: string, at: number): void {
  delete index.conversations[id];
  index.deleted[id] = at;
}
