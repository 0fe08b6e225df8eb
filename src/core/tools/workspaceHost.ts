// What the workspace tools need from the editor. The extension implements it with VS Code and Node
// APIs; core never imports either. Paths here are absolute file-system paths the path policy approved.
import type { EncodingDetector } from './encodingDetector';
import type { WorkspaceSearch } from './workspaceSearch';

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
  kind: 'file' | 'directory';
}

export interface CommandRequest {
  command: string;
  cwd: string;
  /** The name of the terminal that shows the command to the user. */
  title: string;
  /** Every piece of output (stdout and stderr) as it arrives. */
  onOutput: (text: string) => void;
}

export interface CommandExit {
  /** Undefined when the process was killed (stopped) or could not start. */
  exitCode: number | undefined;
  /** Why it could not start, when it could not. */
  error?: string;
}

/** A command started by the host: it runs until it exits or is stopped, whoever waits on it. */
export interface CommandProcess {
  /** The process id of the shell that runs the command (the leader of its process group). */
  readonly pid: number | undefined;
  /** Settles when the process has exited and its output has ended. */
  readonly exited: Promise<CommandExit>;
  /** Kills the command and everything it started (its whole process group); resolves once it exited. */
  stop(): Promise<void>;
}

export interface ProposedChange {
  path: string;
  /** Path as the user reads it, relative to the workspace. */
  display: string;
  /** Undefined when the file is created. */
  before: string | undefined;
  after: string;
}

export interface WorkspaceHost {
  roots(): readonly WorkspaceRoot[];
  /** False on file systems that ignore case (macOS, Windows defaults): path checks then fold case. */
  readonly caseSensitive: boolean;
  /** The path with every symlink resolved; rejects when the path does not exist. */
  realpath(path: string): Promise<string>;
  /** What is at the path itself, a symlink not followed; undefined when nothing is. */
  lstat(path: string): Promise<FileKind | undefined>;
  /** Entries under a directory, honouring the workspace's ignore rules (.gitignore, files.exclude). */
  listFiles(directory: string, options: { recursive: boolean; limit: number }): Promise<ListedEntry[]>;
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
  /** Text and file-name search over the workspace's folders (ripgrep in VS Code). */
  readonly search: WorkspaceSearch;
  /** Guesses the encoding of a file that is not UTF-8 (VS Code's own detector in VS Code). */
  readonly encodingDetector: EncodingDetector;
  deleteFile(path: string): Promise<void>;
  /** Shows the change (VS Code's diff editor) while the user decides; `close` hides it again. */
  showProposedChange(change: ProposedChange): Promise<{ close(): Promise<void> }>;
  /**
   * Starts a command in the user's shell, its standard input closed, shown in a terminal; the host stops
   * whatever is still running when the window closes.
   */
  startCommand(request: CommandRequest): Promise<CommandProcess>;
}
