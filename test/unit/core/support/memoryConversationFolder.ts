// The conversation store's folder in a Map of file names to text, with the lock as a queue: a test
// sees exactly what would be on disk, and can cut or damage it.
import type { ConversationFolder } from '../../../../src/core/conversations/conversationFolder';
import { journalName } from '../../../../src/core/conversations/conversationJournal';
import { replayJournal } from '../../../../src/core/conversations/journalReplay';

export class MemoryConversationFolder implements ConversationFolder {
  readonly files = new Map<string, string>();
  /** Bytes written by appends and whole-file replacements, for tests of what a save costs. */
  bytesWritten = 0;
  private queue: Promise<unknown> = Promise.resolve();

  /** The conversation as its journal holds it, as plain JSON (what a reload would read). */
  saved(id: string) {
    const conversation = replayJournal(this.files.get(journalName(id)) ?? '').conversation;
    return JSON.parse(JSON.stringify(conversation ?? {}));
  }

  async names(): Promise<string[]> {
    return [...this.files.keys()];
  }

  async read(name: string): Promise<string | undefined> {
    return this.files.get(name);
  }

  async size(name: string): Promise<number | undefined> {
    const text = this.files.get(name);
    return text === undefined ? undefined : Buffer.byteLength(text);
  }

  async append(name: string, text: string): Promise<boolean> {
    const current = this.files.get(name);
    if (current === undefined) return false;
    this.files.set(name, current + text);
    this.bytesWritten += Buffer.byteLength(text);
    return true;
  }

  async replace(name: string, text: string): Promise<void> {
    this.files.set(name, text);
    this.bytesWritten += Buffer.byteLength(text);
  }

  async remove(name: string): Promise<void> {
    this.files.delete(name);
  }

  exclusive<T>(action: () => Promise<T>): Promise<T> {
    const result = this.queue.then(action, action);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
