// What the core asks of the editor's window: questions, notifications and files the user picks. The
// extension implements it with VS Code's dialogs; tests implement it with scripted answers, so the
// decisions around a dialog (export, delete, undo) are tested without an editor.

export type NoticeLevel = 'info' | 'warning' | 'error';

export interface SaveDialogRequest {
  title: string;
  /** Label of the file type offered, and its extensions without the dot. */
  filterName: string;
  extensions: string[];
  /** File name proposed in the workspace's first folder. */
  suggestedName: string;
}

export interface HostWindow {
  /** A modal question with one confirming button and, below it, `detail` in full; true only when that button was chosen. */
  confirm(message: string, confirmLabel: string, detail?: string): Promise<boolean>;
  /** A notification; resolves with the action chosen, if the user chose one. Not awaited for display. */
  notify(level: NoticeLevel, message: string, ...actions: string[]): Promise<string | undefined>;
  /** The path the user chose to save to, or undefined when they cancelled. */
  chooseSaveLocation(request: SaveDialogRequest): Promise<string | undefined>;
  writeTextFile(filePath: string, text: string): Promise<void>;
  openTextFile(filePath: string): Promise<void>;
}
