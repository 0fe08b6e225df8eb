// All conversations of a workspace: listing, search, rename, delete, and saving through a
// KeyValueStorage. Each conversation is its own key so that saving after every message writes one
// conversation, not all of them.
import type { Clock } from '../clock';
import { ConversationSchema, selectedAlternative, zeroUsage, type Conversation } from './conversation';
import { ConversationNotFoundError, InvalidInputError } from './conversationErrors';
import type { KeyValueStorage } from '../keyValueStorage';

const PREFIX = 'conversation/';
const ACTIVE_KEY = 'activeConversation';
const AUTO_TITLE_LENGTH = 60;
export const MAX_TITLE_LENGTH = 200;
export const UNTITLED = 'New chat';

export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: number;
  messageCount: number;
  /** Text around the first match, for search results. */
  snippet?: string;
}

export interface LoadProblem {
  key: string;
  message: string;
}

function autoTitle(conversation: Conversation): string {
  const first = conversation.entries.find((e) => e.role === 'user');
  if (!first) return UNTITLED;
  const text = first.content.replace(/\s+/g, ' ').trim();
  if (text === '') return UNTITLED;
  return text.length <= AUTO_TITLE_LENGTH ? text : `${text.slice(0, AUTO_TITLE_LENGTH - 1).trimEnd()}…`;
}

function searchableTexts(conversation: Conversation): string[] {
  return conversation.entries.map((e) => (e.role === 'assistant' ? selectedAlternative(e).content : e.content));
}

function snippetAround(text: string, at: number, length: number): string {
  const start = Math.max(0, at - 30);
  const end = Math.min(text.length, at + length + 50);
  const body = text.slice(start, end).replace(/\s+/g, ' ');
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}

export class ConversationStore {
  private readonly conversations = new Map<string, Conversation>();
  /** Writes to one key run in order, so an older snapshot never lands after a newer one. */
  private readonly writes = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private activeId: string | undefined;

  private constructor(
    private readonly storage: KeyValueStorage,
    private readonly clock: Clock,
  ) {}

  /**
   * Loads every saved conversation. A reply that was still streaming when the window closed or
   * crashed comes back marked `interrupted`, with what had arrived. Unreadable entries are reported,
   * and left in storage untouched so nothing is lost by an upgrade bug.
   */
  static async open(storage: KeyValueStorage, clock: Clock): Promise<{ store: ConversationStore; problems: LoadProblem[] }> {
    const store = new ConversationStore(storage, clock);
    const problems: LoadProblem[] = [];
    for (const key of await storage.keys()) {
      if (!key.startsWith(PREFIX)) continue;
      let stored: unknown;
      try {
        stored = await storage.read(key);
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
      let repaired = false;
      for (const entry of conversation.entries) {
        if (entry.role === 'assistant' && entry.status === 'streaming') {
          entry.status = 'interrupted';
          // The error carries the Retry action the view shows on a reply that did not finish.
          entry.error ??= { kind: 'interrupted', message: 'The editor closed or restarted while the reply was streaming', action: 'retry' };
          repaired = true;
        }
        // No automatic retry outlives the window that scheduled it: the reply keeps its Retry button.
        if (entry.role === 'assistant' && entry.error?.automaticRetry) {
          delete entry.error.automaticRetry;
          repaired = true;
        }
      }
      store.conversations.set(conversation.id, conversation);
      if (repaired) store.enqueueWrite(PREFIX + conversation.id, conversation);
    }
    const active = await storage.read(ACTIVE_KEY);
    if (typeof active === 'string' && store.conversations.has(active)) store.activeId = active;
    return { store, problems };
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  list(): ConversationSummary[] {
    return [...this.conversations.values()]
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map((c) => ({ id: c.id, title: c.title, updatedAt: c.updatedAt, messageCount: c.entries.length }));
  }

  /** Case-insensitive match on titles and message text; an empty query lists everything. */
  search(query: string): ConversationSummary[] {
    const needle = query.trim().toLowerCase();
    if (needle === '') return this.list();
    const results: ConversationSummary[] = [];
    for (const summary of this.list()) {
      const conversation = this.require(summary.id);
      if (conversation.title.toLowerCase().includes(needle)) {
        results.push(summary);
        continue;
      }
      for (const text of searchableTexts(conversation)) {
        const at = text.toLowerCase().indexOf(needle);
        if (at >= 0) {
          results.push({ ...summary, snippet: snippetAround(text, at, needle.length) });
          break;
        }
      }
    }
    return results;
  }

  get(id: string): Conversation | undefined {
    return this.conversations.get(id);
  }

  require(id: string): Conversation {
    const conversation = this.conversations.get(id);
    if (!conversation) throw new ConversationNotFoundError(id);
    return conversation;
  }

  get activeConversationId(): string | undefined {
    return this.activeId;
  }

  async setActive(id: string): Promise<void> {
    this.require(id);
    this.activeId = id;
    await this.enqueueWrite(ACTIVE_KEY, id);
    this.emit();
  }

  /** "New Chat" before its first message: no conversation is active, and a reload must not bring the old one back. */
  async clearActive(): Promise<void> {
    this.activeId = undefined;
    await this.enqueueWrite(ACTIVE_KEY, null);
    this.emit();
  }

  async create(systemPrompt?: string): Promise<Conversation> {
    const now = this.clock.now();
    const conversation: Conversation = {
      version: 1,
      id: globalThis.crypto.randomUUID(),
      title: UNTITLED,
      titleIsCustom: false,
      createdAt: now,
      updatedAt: now,
      entries: [],
      usageTotals: zeroUsage(),
    };
    if (systemPrompt && systemPrompt.trim() !== '') conversation.systemPrompt = systemPrompt;
    this.conversations.set(conversation.id, conversation);
    this.activeId = conversation.id;
    await Promise.all([this.enqueueWrite(PREFIX + conversation.id, conversation), this.enqueueWrite(ACTIVE_KEY, conversation.id)]);
    this.emit();
    return conversation;
  }

  async rename(id: string, title: string): Promise<void> {
    const conversation = this.require(id);
    const clean = title.replace(/\s+/g, ' ').trim();
    if (clean === '') throw new InvalidInputError('title', 'must not be empty');
    if (clean.length > MAX_TITLE_LENGTH) {
      throw new InvalidInputError('title', `must be at most ${MAX_TITLE_LENGTH} characters (got ${clean.length})`);
    }
    conversation.title = clean;
    conversation.titleIsCustom = true;
    await this.save(conversation);
  }

  async delete(id: string): Promise<void> {
    this.require(id);
    this.conversations.delete(id);
    const key = PREFIX + id;
    const previous = this.writes.get(key) ?? Promise.resolve();
    const removal = previous.then(() => this.storage.remove(key));
    this.writes.set(key, removal.catch(() => undefined));
    if (this.activeId === id) {
      this.activeId = this.list()[0]?.id;
      await this.enqueueWrite(ACTIVE_KEY, this.activeId ?? null);
    }
    await removal;
    this.emit();
  }

  /**
   * Saves the conversation as it is now (a snapshot is taken at once, later changes to the object
   * wait for the next save). The automatic title follows the first message until renamed.
   */
  async save(conversation: Conversation, options: { touch?: boolean } = {}): Promise<void> {
    if (!this.conversations.has(conversation.id)) throw new ConversationNotFoundError(conversation.id);
    if (options.touch !== false) conversation.updatedAt = this.clock.now();
    if (!conversation.titleIsCustom) conversation.title = autoTitle(conversation);
    const write = this.enqueueWrite(PREFIX + conversation.id, conversation);
    this.emit();
    await write;
  }

  /** Resolves when every write queued so far has reached storage. */
  async flush(): Promise<void> {
    await Promise.all([...this.writes.values()]);
  }

  private enqueueWrite(key: string, value: unknown): Promise<void> {
    const snapshot = structuredClone(value);
    const previous = this.writes.get(key) ?? Promise.resolve();
    const write = previous.then(() => this.storage.write(key, snapshot));
    this.writes.set(key, write.catch(() => undefined));
    return write;
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
