// One conversation's journal on disk, as this window last saw it. A save appends the difference
// between that and the conversation now; when another window wrote to the journal in between, its
// changes are first taken into the conversation (those this window did not change itself), so
// neither window's change replaces the other's. Every method runs under the folder's lock.
import type { Conversation } from './conversation';
import type { ConversationFolder } from './conversationFolder';
import { JournalBaseline, journalName, snapshotLine } from './conversationJournal';
import { replayJournal, utf8Length } from './journalReplay';

/** The journal is rewritten as one snapshot once what follows the snapshot outgrows it this many times… */
const COMPACT_FACTOR = 2;
/** …and is at least this long, so a short conversation is not rewritten after every turn. */
const COMPACT_MIN_BYTES = 64 * 1024;

export type JournalLoad =
  | { kind: 'missing' }
  | { kind: 'unreadable'; problems: string[] }
  | { kind: 'loaded'; journal: ConversationJournalFile; conversation: Conversation; problems: string[] };

export class ConversationJournalFile {
  private constructor(
    private readonly folder: ConversationFolder,
    readonly name: string,
    private baseline: JournalBaseline,
    private knownSize: number,
    private snapshotBytes: number,
  ) {}

  static async create(folder: ConversationFolder, conversation: Conversation): Promise<ConversationJournalFile> {
    const text = snapshotLine(conversation);
    const name = journalName(conversation.id);
    await folder.replace(name, text);
    const bytes = utf8Length(text);
    return new ConversationJournalFile(folder, name, JournalBaseline.of(conversation), bytes, bytes);
  }

  /**
   * Reads the journal. When some of it was damaged, the damaged file is kept beside it and the
   * journal is rewritten from what was recovered, so later saves do not land after a cut line.
   */
  static async load(folder: ConversationFolder, id: string): Promise<JournalLoad> {
    const name = journalName(id);
    const text = await folder.read(name);
    if (text === undefined) return { kind: 'missing' };
    const replay = replayJournal(text);
    if (!replay.conversation) return { kind: 'unreadable', problems: replay.problems };
    const conversation = replay.conversation;
    if (conversation.id !== id) return { kind: 'unreadable', problems: [`the journal holds conversation ${conversation.id}`] };
    const journal = new ConversationJournalFile(folder, name, JournalBaseline.of(conversation), utf8Length(text), replay.snapshotBytes);
    if (replay.problems.length > 0) {
      await folder.replace(`${name}.damaged`, text);
      await journal.compact(conversation);
    }
    return { kind: 'loaded', journal, conversation, problems: replay.problems };
  }

  /**
   * Appends what changed; `durable` waits for the disk and may compact. Returns false when the
   * journal is gone (another window deleted the conversation): nothing is written then.
   */
  async save(conversation: Conversation, durable: boolean): Promise<boolean> {
    const size = await this.folder.size(this.name);
    if (size === undefined) return false;
    if (size !== this.knownSize && !(await this.takeForeignChanges(conversation))) return false;
    const delta = this.baseline.deltaTo(conversation, durable ? [] : ['updatedAt']);
    if (durable && this.knownSize + (delta ? utf8Length(JSON.stringify(delta.record)) : 0) > Math.max(COMPACT_MIN_BYTES, (1 + COMPACT_FACTOR) * this.snapshotBytes)) {
      await this.compact(conversation);
      return true;
    }
    const line = delta ? `${JSON.stringify(delta.record)}\n` : '';
    if (line === '' && !durable) return true;
    if (!(await this.folder.append(this.name, line, durable))) return false;
    this.knownSize += utf8Length(line);
    if (delta) this.baseline = delta.next;
    return true;
  }

  async compact(conversation: Conversation): Promise<void> {
    const text = snapshotLine(conversation);
    await this.folder.replace(this.name, text);
    this.baseline = JournalBaseline.of(conversation);
    this.knownSize = this.snapshotBytes = utf8Length(text);
  }

  /**
   * Three-way merge: what another window changed since this one last saw the journal, and this window did
   * not; and the messages it added, whether or not this window added some of its own meanwhile.
   */
  private async takeForeignChanges(conversation: Conversation): Promise<boolean> {
    const text = await this.folder.read(this.name);
    if (text === undefined) return false;
    const replay = replayJournal(text);
    const disk = replay.conversation;
    if (disk) {
      const theirs = JournalBaseline.of(disk);
      const mine = JournalBaseline.of(conversation);
      const live = conversation as unknown as Record<string, unknown>;
      const stored = disk as unknown as Record<string, unknown>;
      for (const key of new Set([...this.baseline.header.keys(), ...theirs.header.keys()])) {
        const before = this.baseline.header.get(key);
        if (theirs.header.get(key) === before || mine.header.get(key) !== before) continue;
        if (stored[key] === undefined) delete live[key];
        else live[key] = stored[key];
      }
      const seen = this.baseline.entries.length;
      theirs.entries.slice(0, seen).forEach((json, i) => {
        if (json === this.baseline.entries[i] || mine.entries[i] !== this.baseline.entries[i]) return;
        conversation.entries[i] = disk.entries[i] as Conversation['entries'][number];
      });
      // Messages both windows added since: theirs were written first, so they go before this window's.
      const held = new Set(conversation.entries.map((entry) => entry.id));
      conversation.entries.splice(seen, 0, ...disk.entries.slice(seen).filter((entry) => !held.has(entry.id)));
      this.baseline = theirs;
    }
    this.knownSize = utf8Length(text);
    this.snapshotBytes = replay.snapshotBytes;
    return true;
  }
}
