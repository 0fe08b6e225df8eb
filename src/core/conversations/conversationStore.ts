// All conversations of a workspace: listing, search, rename, delete, and saving. Start-up reads one
// index (what the list shows); a conversation is read from its journal when it is opened. Saves append
// what changed to the conversation's journal, and the index follows at the end of a turn. Other
// windows may share the folder: every write runs under its lock and merges with what they wrote.
import type { Clock } from '../clock';
import { zeroUsage, type Conversation } from './conversation';
import * as l10n from '../l10n';
import { ConversationNotFoundError, InvalidInputError } from './conversationErrors';
import type { ConversationFolder } from './conversationFolder';
import { INDEX_FILE, indexEntryOf, markDeleted, parseIndex, putEntry, serializeIndex, type ConversationIndex, type IndexEntry } from './conversationIndex';
import { journalName } from './conversationJournal';
import { ConversationJournalFile } from './conversationJournalFile';
import { replayJournal } from './journalReplay';
import { autoTitle, matchSnippet, untitled } from './conversationSearch';
import { repairAfterRestart } from './restartRepair';
import { sessionFactsOf, type SessionFacts } from '../sessions/sessionFacts';
import { folderNeedsRepair, rebuiltIndex, repairFolder } from './folderRepair';

const ACTIVE_FILE = 'activeConversation.json';
export const MAX_TITLE_LENGTH = 200;

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

interface Opened {
  conversation: Conversation;
  journal: ConversationJournalFile;
}

export class ConversationStore {
  private readonly summaries = new Map<string, IndexEntry>();
  private readonly opened = new Map<string, Opened>();
  private readonly loading = new Map<string, Promise<Conversation | undefined>>();
  /** Writes to one conversation run in order, so an older save never lands after a newer one. */
  private readonly writes = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly problemListeners = new Set<(problem: LoadProblem) => void>();
  /** Title and message count this window last wrote to the index, per conversation. */
  private readonly indexed = new Map<string, string>();
  private activeId: string | undefined;

  private constructor(
    private readonly folder: ConversationFolder,
    private readonly clock: Clock,
  ) {}

  /**
   * Reads the index (first repaired when needed: see folderRepair.ts) and the active conversation. A reply that was
   * still streaming when the window closed or crashed comes back marked `interrupted`, with what had
   * arrived. Unreadable conversations are reported and left in storage untouched.
   */
  static async open(folder: ConversationFolder, clock: Clock): Promise<{ store: ConversationStore; problems: LoadProblem[] }> {
    const store = new ConversationStore(folder, clock);
    const problems: LoadProblem[] = [];
    const stored = parseIndex(await folder.read(INDEX_FILE));
    const index = stored && !folderNeedsRepair(await folder.names(), stored) ? stored : await folder.exclusive(() => repairFolder(folder, clock.now(), problems));
    store.adoptIndex(index);
    const active = await readActive(folder);
    store.problemListeners.add((problem) => problems.push(problem));
    if (active !== undefined && (await store.load(active))) store.activeId = active;
    store.problemListeners.clear();
    return { store, problems };
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Conversations found unreadable when opened after start-up. */
  onDidFindProblem(listener: (problem: LoadProblem) => void): { dispose(): void } {
    this.problemListeners.add(listener);
    return { dispose: () => this.problemListeners.delete(listener) };
  }

  list(): ConversationSummary[] {
    return [...this.summaries.entries()]
      .sort(([, a], [, b]) => b.updatedAt - a.updatedAt)
      .map(([id, s]) => ({ id, title: s.title, updatedAt: s.updatedAt, messageCount: s.messageCount }));
  }

  /** The session list's figures of a conversation: from it when open, else from the index. */
  sessionFacts(id: string): SessionFacts | undefined {
    const open = this.get(id);
    return open ? sessionFactsOf(open) : this.summaries.get(id)?.facts;
  }

  summary(id: string): ConversationSummary | undefined {
    return this.list().find((s) => s.id === id);
  }

  /** Case-insensitive match on titles and message text; an empty query lists everything. Reads conversations not opened yet. */
  async search(query: string): Promise<ConversationSummary[]> {
    const needle = query.trim().toLowerCase();
    if (needle === '') return this.list();
    const results: ConversationSummary[] = [];
    for (const summary of this.list()) {
      if (summary.title.toLowerCase().includes(needle)) {
        results.push(summary);
        continue;
      }
      const conversation = await this.read(summary.id);
      const snippet = conversation ? matchSnippet(conversation, needle) : undefined;
      if (snippet !== undefined) results.push({ ...summary, snippet });
    }
    return results;
  }

  /** The conversation when it is open in this window (see `load`). */
  get(id: string): Conversation | undefined {
    return this.opened.get(id)?.conversation;
  }

  require(id: string): Conversation {
    const conversation = this.get(id);
    if (!conversation) throw new ConversationNotFoundError(id);
    return conversation;
  }

  /** Opens a listed conversation: reads its journal once, then it stays in memory. */
  load(id: string): Promise<Conversation | undefined> {
    const open = this.get(id);
    if (open) return Promise.resolve(open);
    if (!this.summaries.has(id)) return Promise.resolve(undefined);
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.folder.exclusive(() => this.loadNow(id)).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  /**
   * The conversation as saved, without keeping it open (search, pruning). No lock is taken: a line
   * another window is appending right now is cut short and left out, and nothing is repaired here.
   */
  async read(id: string): Promise<Conversation | undefined> {
    const open = this.get(id);
    if (open || !this.summaries.has(id)) return open;
    const text = await this.folder.read(journalName(id));
    return text === undefined ? undefined : replayJournal(text).conversation;
  }

  get activeConversationId(): string | undefined {
    return this.activeId;
  }

  async setActive(id: string): Promise<void> {
    if (!(await this.load(id))) throw new ConversationNotFoundError(id);
    this.activeId = id;
    await this.writeActive(id);
    this.emit();
  }

  /** "New Chat" before its first message: no conversation is active, and a reload must not bring the old one back. */
  async clearActive(): Promise<void> {
    this.activeId = undefined;
    await this.writeActive(undefined);
    this.emit();
  }

  /** A new conversation, made the active one unless `makeActive` is false (a background task's must not take the view). */
  async create(systemPrompt?: string, { makeActive = true }: { makeActive?: boolean } = {}): Promise<Conversation> {
    const now = this.clock.now();
    const conversation: Conversation = {
      version: 1,
      id: globalThis.crypto.randomUUID(),
      title: untitled(),
      titleIsCustom: false,
      createdAt: now,
      updatedAt: now,
      entries: [],
      usageTotals: zeroUsage(),
    };
    if (systemPrompt && systemPrompt.trim() !== '') conversation.systemPrompt = systemPrompt;
    this.summaries.set(conversation.id, indexEntryOf(conversation));
    if (makeActive) this.activeId = conversation.id;
    await this.enqueue(conversation.id, async () => {
      const journal = await ConversationJournalFile.create(this.folder, conversation);
      this.opened.set(conversation.id, { conversation, journal });
      await this.updateIndex(conversation.id, (index) => putEntry(index, conversation.id, indexEntryOf(conversation)));
    });
    if (makeActive) await this.writeActive(conversation.id);
    this.emit();
    return conversation;
  }

  async rename(id: string, title: string): Promise<void> {
    const conversation = await this.load(id);
    if (!conversation) throw new ConversationNotFoundError(id);
    const clean = title.replace(/\s+/g, ' ').trim();
    if (clean === '') throw new InvalidInputError('title', l10n.t('must not be empty'));
    if (clean.length > MAX_TITLE_LENGTH) {
      throw new InvalidInputError('title', l10n.t('must be at most {0} characters (got {1})', MAX_TITLE_LENGTH, clean.length));
    }
    conversation.title = clean;
    conversation.titleIsCustom = true;
    await this.save(conversation);
  }

  /** Removes the journal and remembers the deletion in the index, so no window saves the conversation again. */
  async delete(id: string): Promise<void> {
    if (!this.summaries.has(id)) throw new ConversationNotFoundError(id);
    const wasActive = this.activeId === id;
    this.forget(id);
    const removal = this.enqueue(id, async () => {
      await this.folder.remove(journalName(id));
      await this.updateIndex(id, (index) => markDeleted(index, id, this.clock.now()));
    });
    if (wasActive) {
      const next = this.list()[0]?.id;
      if (next !== undefined && (await this.load(next))) this.activeId = next;
      await this.writeActive(this.activeId);
    }
    await removal;
    this.emit();
  }

  /**
   * Saves the conversation as it is when the write runs (later changes wait for the next save). While
   * a reply streams the save only appends; once nothing streams it reaches the disk and the index.
   * The automatic title follows the first message until renamed.
   */
  async save(conversation: Conversation, options: { touch?: boolean } = {}): Promise<void> {
    if (!this.opened.has(conversation.id)) throw new ConversationNotFoundError(conversation.id);
    if (options.touch !== false) conversation.updatedAt = this.clock.now();
    if (!conversation.titleIsCustom) conversation.title = autoTitle(conversation);
    this.summaries.set(conversation.id, indexEntryOf(conversation));
    const write = this.enqueue(conversation.id, () => this.write(conversation));
    this.emit();
    await write;
  }

  /** Re-reads the index for what other windows created, renamed or deleted. */
  async refresh(): Promise<void> {
    const index = parseIndex(await this.folder.read(INDEX_FILE));
    if (index && this.adoptIndex(index)) this.emit();
  }

  /** Resolves when every write queued so far has reached storage. */
  async flush(): Promise<void> {
    await Promise.all([...this.writes.values()]);
  }

  private async write(conversation: Conversation): Promise<void> {
    const id = conversation.id;
    const opened = this.opened.get(id);
    if (opened?.conversation !== conversation) return;
    const streaming = conversation.entries.some((e) => e.role === 'assistant' && e.status === 'streaming');
    if (!(await opened.journal.save(conversation, !streaming))) {
      this.dropDeletedElsewhere(id);
      return;
    }
    const entry = indexEntryOf(conversation);
    this.summaries.set(id, entry);
    const listed = JSON.stringify([entry.title, entry.messageCount]);
    if (streaming && this.indexed.get(id) === listed) return;
    await this.updateIndex(id, (index) => putEntry(index, id, entry));
    this.indexed.set(id, listed);
  }

  private async loadNow(id: string): Promise<Conversation | undefined> {
    const open = this.get(id);
    if (open) return open;
    const loaded = await ConversationJournalFile.load(this.folder, id);
    if (loaded.kind === 'missing') {
      this.summaries.delete(id);
      await this.writeIndex((index) => void delete index.conversations[id]);
      this.emit();
      return undefined;
    }
    if (loaded.kind === 'unreadable') {
      this.report(id, loaded.problems);
      return undefined;
    }
    const { conversation, journal } = loaded;
    this.report(id, loaded.problems);
    this.opened.set(id, { conversation, journal });
    this.indexed.set(id, JSON.stringify([conversation.title, conversation.entries.length]));
    if (repairAfterRestart(conversation)) await this.write(conversation);
    return conversation;
  }

  private report(id: string, problems: readonly string[]): void {
    for (const message of problems) for (const listener of this.problemListeners) listener({ key: journalName(id), message });
  }

  private async updateIndex(id: string, change: (index: ConversationIndex) => boolean | void): Promise<void> {
    const kept = await this.writeIndex(change);
    if (kept === false) this.dropDeletedElsewhere(id);
  }

  /** Read, change, write back: under the lock, so another window's change to the index is kept. */
  private async writeIndex(change: (index: ConversationIndex) => boolean | void): Promise<boolean | void> {
    const index = parseIndex(await this.folder.read(INDEX_FILE)) ?? (await rebuiltIndex(this.folder));
    const result = change(index);
    await this.folder.replace(INDEX_FILE, serializeIndex(index, this.clock.now()));
    if (this.adoptIndex(index)) this.emit();
    return result;
  }

  /** Takes in what other windows changed; true when the list changed. */
  private adoptIndex(index: ConversationIndex): boolean {
    let changed = false;
    for (const [id, entry] of Object.entries(index.conversations)) {
      const mine = this.summaries.get(id);
      if (mine && mine.updatedAt >= entry.updatedAt) continue;
      if (this.opened.has(id)) this.catchUp(id);
      else this.summaries.set(id, entry);
      changed = true;
    }
    for (const id of Object.keys(index.deleted)) {
      if (!this.summaries.has(id)) continue;
      this.forget(id);
      changed = true;
    }
    return changed;
  }

  /** Another window changed an open conversation: its journal's news is merged in by an empty save. */
  private catchUp(id: string): void {
    const opened = this.opened.get(id);
    if (opened) void this.enqueue(id, () => this.write(opened.conversation)).then(() => this.emit(), () => undefined);
  }

  private dropDeletedElsewhere(id: string): void {
    this.forget(id);
    this.emit();
  }

  private forget(id: string): void {
    this.summaries.delete(id);
    this.opened.delete(id);
    this.indexed.delete(id);
    if (this.activeId === id) this.activeId = undefined;
  }

  private enqueue(id: string, action: () => Promise<void>): Promise<void> {
    const previous = this.writes.get(id) ?? Promise.resolve();
    const write = previous.then(() => this.folder.exclusive(action));
    const settled = write.catch(() => undefined);
    this.writes.set(id, settled);
    void settled.then(() => {
      if (this.writes.get(id) === settled) this.writes.delete(id);
    });
    return write;
  }

  /** Under the lock like every write, so start-up's clearing of a crash's temporary files never meets a live one. */
  private writeActive(id: string | undefined): Promise<void> {
    return this.folder.exclusive(() => this.folder.replace(ACTIVE_FILE, JSON.stringify(id ?? null)));
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

async function readActive(folder: ConversationFolder): Promise<string | undefined> {
  try {
    const stored: unknown = JSON.parse((await folder.read(ACTIVE_FILE)) ?? 'null');
    return typeof stored === 'string' ? stored : undefined;
  } catch {
    return undefined;
  }
}

