// Where the conversation store keeps its files: a flat folder of small text files that several
// windows may share. The extension backs it with the workspace's storage folder; tests with a Map.
// Every change another window could race with runs inside `exclusive`, which holds the folder's lock.

export interface ConversationFolder {
  /** Names of the files in the folder; none when the folder does not exist yet. */
  names(): Promise<string[]>;
  /** The file's text, or undefined when it does not exist. */
  read(name: string): Promise<string | undefined>;
  /** The file's length in bytes, or undefined when it does not exist. */
  size(name: string): Promise<number | undefined>;
  /**
   * Adds `text` at the end of an existing file and returns false when the file does not exist (it is
   * never created here: a conversation deleted by another window must not come back). `durable`
   * waits until the bytes are on disk.
   */
  append(name: string, text: string, durable: boolean): Promise<boolean>;
  /** Replaces the file as a whole: readers see the old or the new text, never a mix, even after a crash. */
  replace(name: string, text: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** Runs `action` while no other holder of this folder's lock (in this or another process) runs. */
  exclusive<T>(action: () => Promise<T>): Promise<T>;
}
