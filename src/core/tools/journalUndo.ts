// Undoing a task's file operations, strictly newest first. Each operation is taken back only if the
// files are still as it left them; otherwise it is left alone and reported, and so is every older
// operation on the same paths, so undo never destroys later work. Consecutive writes to one file (no
// move or delete of it in between) are taken back in one step, from the agent's last bytes straight
// to the file's bytes before the first of them.
import * as l10n from '../l10n';
import { resultPath, sameBytes, touchedPaths, type CreateOperation, type FileOperation, type JournalPath, type WriteOperation } from './fileOperations';
import type { WorkspaceFiles } from './workspaceFiles';

export type JournalFiles = Pick<WorkspaceFiles, 'readFile' | 'writeFile' | 'deleteFile'>;

export interface UndoReport {
  restored: string[];
  /** Files the task created, deleted again (or already gone). */
  deleted: string[];
  /** Files the task moved, put back: `from` is where the task left the file, `to` where it was. */
  movedBack: { from: string; to: string }[];
  /** Changed again after the agent's last operation: not touched, so no later work is lost. */
  skipped: { display: string; reason: string }[];
}

type Outcome = 'restored' | 'deleted';
type Failure = { at: JournalPath; reason: string };

export async function undoOperations(operations: readonly FileOperation[], files: JournalFiles): Promise<{ report: UndoReport; kept: FileOperation[] }> {
  const undo = new Undo(operations, files);
  for (let i = operations.length - 1; i >= 0; i--) await undo.step(i);
  return undo.result();
}

class Undo {
  private readonly outcomes = new Map<string, Outcome>();
  private readonly movedBack: UndoReport['movedBack'] = [];
  private readonly skipped: UndoReport['skipped'] = [];
  /** Paths an operation left alone is on: nothing older on them is undone. */
  private readonly blocked = new Set<string>();
  private readonly undone = new Set<number>();
  private readonly left = new Set<number>();

  constructor(
    private readonly operations: readonly FileOperation[],
    private readonly files: JournalFiles,
  ) {}

  async step(i: number): Promise<void> {
    if (this.undone.has(i) || this.left.has(i)) return;
    const operation = this.operations[i]!;
    const paths = touchedPaths(operation);
    if (paths.some((p) => this.blocked.has(p.path))) {
      this.leave([i], { at: resultPath(operation) ?? paths[0]!, reason: l10n.t('a newer change to it was left alone') });
      return;
    }
    const run = operation.kind === 'create' || operation.kind === 'write' ? this.contentRun(i) : [i];
    const failure = await this.undo(run);
    if (failure) this.leave(run, failure);
    else for (const index of run) this.undone.add(index);
  }

  result(): { report: UndoReport; kept: FileOperation[] } {
    const of = (outcome: Outcome) => [...this.outcomes].filter(([, o]) => o === outcome).map(([display]) => display);
    return {
      report: { restored: of('restored'), deleted: of('deleted'), movedBack: this.movedBack, skipped: this.skipped },
      kept: this.operations.filter((_, i) => this.left.has(i)),
    };
  }

  /** Operation `i` and the older writes to its file back to the nearest move or delete of it, newest first. */
  private contentRun(i: number): number[] {
    const path = (this.operations[i] as CreateOperation | WriteOperation).path;
    const run = [i];
    for (let j = i - 1; j >= 0; j--) {
      const older = this.operations[j]!;
      if (!touchedPaths(older).some((p) => p.path === path)) continue;
      if (older.kind !== 'create' && older.kind !== 'write') break;
      run.push(j);
    }
    return run;
  }

  private async undo(run: number[]): Promise<Failure | undefined> {
    const newest = this.operations[run[0]!]!;
    switch (newest.kind) {
      case 'create':
      case 'write':
        return this.undoWrites(newest, this.operations[run.at(-1)!] as CreateOperation | WriteOperation);
      case 'move': {
        const current = await this.read(newest.to.path);
        if (current === undefined) return { at: newest.to, reason: l10n.t('the file no longer exists') };
        if (!sameBytes(current, newest.bytes)) return { at: newest.to, reason: l10n.t('the file was changed after the agent moved it') };
        if ((await this.read(newest.from.path)) !== undefined) return { at: newest.to, reason: l10n.t('another file is at {0} now', newest.from.display) };
        await this.files.writeFile(newest.from.path, newest.bytes, undefined);
        await this.files.deleteFile(newest.to.path);
        this.movedBack.push({ from: newest.to.display, to: newest.from.display });
        // What was restored at the new path is restored at the old one: the report names each file once.
        if (this.outcomes.get(newest.to.display) === 'restored') this.outcomes.set(newest.from.display, 'restored');
        this.outcomes.delete(newest.to.display);
        return undefined;
      }
      case 'delete': {
        if ((await this.read(newest.path)) !== undefined) return { at: newest, reason: l10n.t('another file is there now') };
        await this.files.writeFile(newest.path, newest.before, undefined);
        this.outcomes.set(newest.display, 'restored');
        return undefined;
      }
    }
  }

  private async undoWrites(newest: CreateOperation | WriteOperation, oldest: CreateOperation | WriteOperation): Promise<Failure | undefined> {
    const current = await this.read(newest.path);
    // A file the task created and that is gone already (undone in the review, or deleted by hand) is where undo would put it.
    if (current === undefined && oldest.kind === 'create') {
      this.outcomes.set(newest.display, 'deleted');
      return undefined;
    }
    if (current === undefined) return { at: newest, reason: l10n.t('the file no longer exists') };
    if (!sameBytes(current, newest.after)) return { at: newest, reason: l10n.t('the file was changed after the agent wrote it') };
    if (oldest.kind === 'create') {
      await this.files.deleteFile(newest.path);
      this.outcomes.set(newest.display, 'deleted');
    } else {
      await this.files.writeFile(newest.path, oldest.before, current);
      this.outcomes.set(newest.display, 'restored');
    }
    return undefined;
  }

  private leave(run: number[], failure: Failure): void {
    for (const index of run) {
      this.left.add(index);
      for (const p of touchedPaths(this.operations[index]!)) this.blocked.add(p.path);
    }
    if (!this.skipped.some((s) => s.display === failure.at.display)) this.skipped.push({ display: failure.at.display, reason: failure.reason });
  }

  private read(path: string): Promise<Uint8Array | undefined> {
    return this.files.readFile(path).catch(() => undefined);
  }
}
