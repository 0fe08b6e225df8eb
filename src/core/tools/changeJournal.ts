// Every file operation the agent applied in one task (write, create, move, delete), in the order
// applied, so the whole task can be undone with one call: undo takes them back strictly newest first
// (journalUndo.ts), and a file the user changed after the agent is left alone and reported. The summary's
// file list, the before/after diff and the review of the agent's edits all read the task from here.
import type { FileOperation } from './fileOperations';
import { undoOperations, type JournalFiles, type UndoReport } from './journalUndo';

export type { JournalFiles, UndoReport } from './journalUndo';

/** What a file the task changed was before the task, and where it is now. */
export interface FileOrigin {
  /** Absolute path of the file now (where the task left it, or where it was when the task deleted it). */
  path: string;
  /** Its bytes before the task's first operation on it; undefined when the task created it. */
  before: Uint8Array | undefined;
  /** The task's last operation on it deleted it. */
  deleted: boolean;
}

export class ChangeJournal {
  private readonly applied: FileOperation[] = [];
  private readonly listeners = new Set<(operation: FileOperation) => void>();

  record(operation: FileOperation): void {
    this.applied.push(operation);
    for (const listener of this.listeners) listener(operation);
  }

  /** Called with each operation recorded from now on (the review of the agent's edits follows them). */
  onRecord(listener: (operation: FileOperation) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** The operations still applied, oldest first. */
  operations(): readonly FileOperation[] {
    return this.applied;
  }

  /** Whether anything the task did to the files is left to undo. */
  hasChanges(): boolean {
    return this.applied.length > 0;
  }

  /** Workspace-relative paths of the changed files, in first-change order, each named where the task left it. */
  filesChanged(): string[] {
    const names: string[] = [];
    for (const operation of this.applied) {
      if (operation.kind !== 'move') {
        if (!names.includes(operation.display)) names.push(operation.display);
        continue;
      }
      const at = names.indexOf(operation.from.display);
      if (at < 0) {
        if (!names.includes(operation.to.display)) names.push(operation.to.display);
      } else if (names.includes(operation.to.display)) names.splice(at, 1);
      else names[at] = operation.to.display;
    }
    return names;
  }

  /** The file listed as `display` by `filesChanged`, followed back through its moves to before the task. */
  originOf(display: string): FileOrigin | undefined {
    let name = display;
    let origin: FileOrigin | undefined;
    for (const operation of [...this.applied].reverse()) {
      if (operation.kind === 'move') {
        if (operation.from.display === name) break;
        if (operation.to.display !== name) continue;
        origin = { path: origin?.path ?? operation.to.path, before: operation.bytes, deleted: origin?.deleted ?? false };
        name = operation.from.display;
        continue;
      }
      if (operation.display !== name) continue;
      origin = {
        path: origin?.path ?? operation.path,
        before: operation.kind === 'create' ? undefined : operation.before,
        deleted: origin?.deleted ?? operation.kind === 'delete',
      };
    }
    return origin;
  }

  /** Undoes every operation, newest first; what could not be undone stays recorded. */
  async undoAll(files: JournalFiles): Promise<UndoReport> {
    const { report, kept } = await undoOperations(this.applied, files);
    this.applied.splice(0, this.applied.length, ...kept);
    return report;
  }
}
