// The reasoning of the tool-calling replies the language-model provider produced, kept by tool-call
// id. VS Code's messages carry no reasoning, but a thinking model's tool-call message must be sent back
// with it: when the calls come back in a later request, their reasoning is put back from here. Bounded
// (oldest dropped first) and saved, so a window reload does not lose it.
import * as z from 'zod';
import type { KeyValueStorage } from '../keyValueStorage';

const STORAGE_KEY = 'languageModels/reasoning';

const SavedSchema = z.object({
  version: z.literal(1),
  entries: z.array(z.object({ callIds: z.array(z.string()), reasoning: z.string() })),
});

export interface ReasoningStoreLimits {
  /** Replies kept (default 200). */
  maxEntries: number;
  /** Characters of reasoning kept in all (default 1,000,000). */
  maxChars: number;
}

interface Entry {
  callIds: string[];
  reasoning: string;
}

export class ReasoningStore {
  /** Oldest first; a recalled entry moves to the end. */
  private entries: Entry[] = [];
  private readonly byCallId = new Map<string, Entry>();
  private chars = 0;
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly storage: KeyValueStorage,
    private readonly limits: ReasoningStoreLimits,
  ) {}

  /** Loads what an earlier window saved; an unreadable save starts empty (it is a cache, not user data). */
  static async open(storage: KeyValueStorage, limits: Partial<ReasoningStoreLimits> = {}): Promise<ReasoningStore> {
    const store = new ReasoningStore(storage, { maxEntries: limits.maxEntries ?? 200, maxChars: limits.maxChars ?? 1_000_000 });
    const saved = SavedSchema.safeParse(await storage.read(STORAGE_KEY).catch(() => undefined));
    if (saved.success) for (const entry of saved.data.entries) store.add(entry);
    store.evict();
    return store;
  }

  /** Keeps the reasoning of one reply under each of its tool calls' ids. */
  remember(callIds: readonly string[], reasoning: string): Promise<void> {
    if (callIds.length === 0) return this.saving;
    for (const id of callIds) this.forget(id);
    this.add({ callIds: [...callIds], reasoning });
    this.evict();
    return this.save();
  }

  /** The reasoning of the reply that made these calls; undefined when it is not known (evicted, another provider's). */
  recall(callIds: readonly string[]): string | undefined {
    const first = callIds[0];
    const entry = first === undefined ? undefined : this.byCallId.get(first);
    if (!entry || !callIds.every((id) => this.byCallId.get(id) === entry)) return undefined;
    this.entries = [...this.entries.filter((e) => e !== entry), entry];
    return entry.reasoning;
  }

  get size(): number {
    return this.entries.length;
  }

  private add(entry: Entry): void {
    this.entries.push(entry);
    this.chars += entry.reasoning.length;
    for (const id of entry.callIds) this.byCallId.set(id, entry);
  }

  private forget(callId: string): void {
    const entry = this.byCallId.get(callId);
    if (!entry) return;
    this.entries = this.entries.filter((e) => e !== entry);
    this.chars -= entry.reasoning.length;
    for (const id of entry.callIds) this.byCallId.delete(id);
  }

  private evict(): void {
    while (this.entries.length > 0 && (this.entries.length > this.limits.maxEntries || this.chars > this.limits.maxChars)) {
      const oldest = this.entries[0] as Entry;
      this.forget(oldest.callIds[0] as string);
    }
  }

  /** Saves in order, so an older snapshot never lands after a newer one. */
  private save(): Promise<void> {
    const snapshot = { version: 1 as const, entries: this.entries.map((e) => ({ callIds: e.callIds, reasoning: e.reasoning })) };
    this.saving = this.saving.then(() => this.storage.write(STORAGE_KEY, snapshot)).catch(() => undefined);
    return this.saving;
  }
}
