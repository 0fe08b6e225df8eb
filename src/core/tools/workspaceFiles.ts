// The files port of the workspace host: the workspace's folders and their files. The extension answers
// with Node's file system (nodeWorkspaceFiles.ts); core never imports it. Paths here are absolute
// file-system paths the path policy approved.

export interface WorkspaceRoot {
  /** The workspace folder's name, used as the first path segment in a multi-root workspace. */
  name: string;
  /** Absolute file-system path of the folder. */
  path: string;
}

export type FileKind = 'file' | 'directory' | 'symlink' | 'other';

export interface ListedEntry {
  /** Absolute path. */
  path: string;
  /** A symlink is listed (never entered) only when ignored entries are listed too. */
  kind: 'file' | 'directory' | 'symlink';
}

export interface ListOptions {
  recursive: boolean;
  limit: number;
  /**
   * left-out (default): what .gitignore and files.exclude leave out is not listed, as a listing for the
   * model wants. listed: everything is, for a tool that acts on the folder (the path gate's walk).
   */
  ignored?: 'left-out' | 'listed';
}

export interface WorkspaceFiles {
  roots(): readonly WorkspaceRoot[];
  /** False on file systems that ignore case (macOS, Windows defaults): path checks then fold case. */
  readonly caseSensitive: boolean;
  /** The path with every symlink resolved; rejects when the path does not exist. */
  realpath(path: string): Promise<string>;
  /** What is at the path itself, a symlink not followed; undefined when nothing is. */
  lstat(path: string): Promise<FileKind | undefined>;
  /** Entries under a directory, by default honouring the workspace's ignore rules (.gitignore, files.exclude). */
  listFiles(directory: string, options: ListOptions): Promise<ListedEntry[]>;
  /** The file's bytes; rejects with FileTooLargeError, without reading it, when it is larger than `maxBytes`. */
  readFile(path: string, options?: { maxBytes?: number }): Promise<Uint8Array>;
  /**
   * Writes `bytes` only if, at that moment, the path is a regular, singly linked file inside the
   * workspace reached without symlinks and still holds exactly the bytes `expected` (undefined: it must
   * not exist yet); otherwise rejects with WriteRefusedError and writes nothing. Bytes, not text: a
   * comparison of decoded text cannot see a change to bytes that decode alike.
   */
  writeFile(path: string, bytes: Uint8Array, expected: Uint8Array | undefined): Promise<void>;
  /** Whether the workspace's .gitignore files leave this path out. */
  ignoredByGit(path: string): Promise<boolean>;
  deleteFile(path: string): Promise<void>;
}
