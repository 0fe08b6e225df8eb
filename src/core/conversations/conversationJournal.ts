// The records of a conversation's journal, one JSON line each. The first line is a snapshot of the
// whole conversation; each later line holds only what a save changed since the one before: header
// fields set or removed, the entry count, entries replaced whole, or entries patched field by field
// with the text a streaming reply grew by. Saves then cost what changed, not what the conversation is.
import * as z from 'zod';
import type { Conversation } from './conversation';

export const JOURNAL_SUFFIX = '.jsonl';

const TEXT_FIELDS = { c: 'content', r: 'reasoning' } as const;
const TEXT_KEYS: Record<string, 'c' | 'r' | undefined> = { content: 'c', reasoning: 'r' };

/** [alternative, field, length before, text added] */
const TextGrowthSchema = z.tuple([z.number().int().nonnegative(), z.enum(['c', 'r']), z.number().int().nonnegative(), z.string()]);
type TextGrowth = z.infer<typeof TextGrowthSchema>;

const JsonObjectSchema = z.record(z.string(), z.unknown());
type JsonObject = z.infer<typeof JsonObjectSchema>;

export const EntryChangeSchema = z.object({
  i: z.number().int().nonnegative(),
  /** The entry whole. */
  e: JsonObjectSchema.optional(),
  /** Fields set, fields removed, and text appended to alternatives. */
  s: JsonObjectSchema.optional(),
  d: z.array(z.string()).optional(),
  t: z.array(TextGrowthSchema).optional(),
  /** [alternative, fields set] */
  a: z.array(z.tuple([z.number().int().nonnegative(), JsonObjectSchema])).optional(),
});
export type EntryChange = z.infer<typeof EntryChangeSchema>;

export const DeltaRecordSchema = z.strictObject({
  h: JsonObjectSchema.optional(),
  hd: z.array(z.string()).optional(),
  n: z.number().int().nonnegative().optional(),
  c: z.array(EntryChangeSchema).optional(),
});
export type DeltaRecord = z.infer<typeof DeltaRecordSchema>;

export const SnapshotRecordSchema = z.strictObject({ snapshot: JsonObjectSchema });

export function journalName(id: string): string {
  return encodeURIComponent(id) + JOURNAL_SUFFIX;
}

export function idOfJournal(name: string): string | undefined {
  if (!name.endsWith(JOURNAL_SUFFIX)) return undefined;
  try {
    return decodeURIComponent(name.slice(0, -JOURNAL_SUFFIX.length));
  } catch {
    return undefined;
  }
}

export function snapshotLine(conversation: Conversation): string {
  return `${JSON.stringify({ snapshot: conversation })}\n`;
}

/** What the journal on disk holds, kept as JSON text per header field and per entry to compare saves cheaply. */
export class JournalBaseline {
  private constructor(
    readonly header: Map<string, string>,
    readonly entries: readonly string[],
  ) {}

  static of(conversation: Conversation): JournalBaseline {
    const header = new Map<string, string>();
    for (const [key, value] of Object.entries(conversation)) {
      if (key !== 'entries' && value !== undefined) header.set(key, JSON.stringify(value));
    }
    return new JournalBaseline(header, conversation.entries.map((e) => JSON.stringify(e)));
  }

  /**
   * The record that turns this baseline into `conversation`, or undefined when nothing changed. Header
   * fields in `deferred` are left for a later record (the time of every streamed save is not worth its bytes).
   */
  deltaTo(conversation: Conversation, deferred: readonly string[] = []): { record: DeltaRecord; next: JournalBaseline } | undefined {
    const next = JournalBaseline.of(conversation);
    for (const key of deferred) {
      const kept = this.header.get(key);
      if (kept === undefined) next.header.delete(key);
      else next.header.set(key, kept);
    }
    const record: DeltaRecord = {};
    const set: JsonObject = {};
    const removed: string[] = [];
    for (const [key, json] of next.header) if (this.header.get(key) !== json) set[key] = JSON.parse(json);
    for (const key of this.header.keys()) if (!next.header.has(key)) removed.push(key);
    if (Object.keys(set).length > 0) record.h = set;
    if (removed.length > 0) record.hd = removed;
    if (next.entries.length < this.entries.length) record.n = next.entries.length;
    const changes: EntryChange[] = [];
    next.entries.forEach((json, i) => {
      const before = this.entries[i];
      if (before === json) return;
      changes.push(entryChange(i, before, json));
    });
    if (changes.length > 0) record.c = changes;
    return Object.keys(record).length === 0 ? undefined : { record, next };
  }
}

function entryChange(i: number, beforeJson: string | undefined, afterJson: string): EntryChange {
  const after = JSON.parse(afterJson) as JsonObject;
  const whole: EntryChange = { i, e: after };
  if (beforeJson === undefined) return whole;
  const before = JSON.parse(beforeJson) as JsonObject;
  if (before.id !== after.id) return whole;
  const change: EntryChange = { i };
  const set: JsonObject = {};
  const removed = Object.keys(before).filter((key) => !(key in after));
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(value)) continue;
    const changed = key === 'alternatives' ? alternativeChanges(before[key], value) : undefined;
    if (changed) Object.assign(change, changed);
    else set[key] = value;
  }
  if (Object.keys(set).length > 0) change.s = set;
  if (removed.length > 0) change.d = removed;
  return JSON.stringify(change).length < afterJson.length ? change : whole;
}

/**
 * How each alternative changed: text appended to its content or reasoning, other fields set. Undefined
 * when alternatives were added, removed or lost a field (the alternatives are then saved whole).
 */
function alternativeChanges(before: unknown, after: unknown): Pick<EntryChange, 't' | 'a'> | undefined {
  if (!Array.isArray(before) || !Array.isArray(after) || before.length !== after.length) return undefined;
  const grown: TextGrowth[] = [];
  const set: [number, JsonObject][] = [];
  for (let a = 0; a < after.length; a++) {
    const was = before[a] as JsonObject;
    const now = after[a] as JsonObject;
    if (Object.keys(was).some((key) => !(key in now))) return undefined;
    const fields: JsonObject = {};
    for (const [field, value] of Object.entries(now)) {
      const old = was[field];
      if (JSON.stringify(old) === JSON.stringify(value)) continue;
      const key = TEXT_KEYS[field];
      if (key && typeof old === 'string' && typeof value === 'string' && value.startsWith(old)) grown.push([a, key, old.length, value.slice(old.length)]);
      else fields[field] = value;
    }
    if (Object.keys(fields).length > 0) set.push([a, fields]);
  }
  return { ...(grown.length > 0 ? { t: grown } : {}), ...(set.length > 0 ? { a: set } : {}) };
}

/** Raised while replaying a record that does not fit the conversation as rebuilt so far. */
export class JournalRecordError extends Error {
  override readonly name = 'JournalRecordError';
}

/** Applies one record to a conversation being rebuilt; nothing changes when the record does not fit. */
export function applyDelta(draft: JsonObject, record: DeltaRecord): void {
  const entries = Array.isArray(draft.entries) ? [...(draft.entries as JsonObject[])] : undefined;
  if (!entries) throw new JournalRecordError('the conversation has no entries');
  if (record.n !== undefined) entries.length = Math.min(entries.length, record.n);
  for (const change of record.c ?? []) {
    if (change.i > entries.length) throw new JournalRecordError(`entry ${change.i} is past the end (${entries.length} entries)`);
    entries[change.i] = changedEntry(entries[change.i], change);
  }
  for (const key of record.hd ?? []) delete draft[key];
  Object.assign(draft, record.h ?? {});
  draft.entries = entries;
}

function changedEntry(entry: JsonObject | undefined, change: EntryChange): JsonObject {
  if (change.e) return change.e;
  if (!entry) throw new JournalRecordError(`entry ${change.i} is patched before it exists`);
  const next: JsonObject = { ...entry, ...(change.s ?? {}) };
  for (const key of change.d ?? []) delete next[key];
  if (change.t || change.a) {
    const alternatives = Array.isArray(next.alternatives) ? (next.alternatives as JsonObject[]).map((a) => ({ ...a })) : [];
    for (const [a, fields] of change.a ?? []) {
      const alternative = alternatives[a];
      if (!alternative) throw new JournalRecordError(`entry ${change.i} has no alternative ${a}`);
      Object.assign(alternative, fields);
    }
    for (const [a, key, at, text] of change.t ?? []) {
      const alternative = alternatives[a];
      const field = TEXT_FIELDS[key];
      const current = alternative?.[field];
      if (!alternative || typeof current !== 'string' || current.length !== at) {
        const saved = typeof current === 'string' ? current.length : 0;
        throw new JournalRecordError(`entry ${change.i}: text added at ${at} does not follow the ${saved} characters saved`);
      }
      alternative[field] = current + text;
    }
    next.alternatives = alternatives;
  }
  return next;
}
