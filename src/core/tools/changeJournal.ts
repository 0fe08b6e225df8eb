// Every file change the agent applied in one task, so the whole task can be undone with one call.
// Undo restores each file to what it was before the task's first change to it (a created file is
// deleted), newest first; a file the user changed after the agent is left alone and reported.

export interface AppliedChange {
  path: string;
  display: string;
  /** The file's bytes before the change; undefined when the change created the file. */
  before: Uint8Array | undefined;
  after: Uint8Array;
  /** The user undid hunks of the agent's change in the review: not an edit of the agent's to review. */
  fromReview?: true;
}

export interface UndoReport {
  restored: string[];
  deleted: string[];
  /** Changed again after the agent's last write: not touched, so no later work is lost. */
  skipped: { display: string; reason: string }[];
}

export interface JournalFiles {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, bytes: Uint8Array, expected: Uint8Array | undefined): Promise<void>;
  deleteFile(path: string): Promise<void>;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

export class ChangeJournal {
  private readonly changes: AppliedChange[] = [];
  private readonly listeners = new Set<(change: AppliedChange) => void>();

  record(change: AppliedChange): void {
    this.changes.push(change);
    for (const listener of this.listeners) listener(change);
  }

  /** Called with each change recorded from now on (the review of the agent's edits follows them). */
  onRecord(listener: (change: AppliedChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  applied(): readonly AppliedChange[] {
    return this.changes;
  }

  /** Workspace-relative paths of the changed files, in first-change order. */
  filesChanged(): string[] {
    return [...new Set(this.changes.map((c) => c.display))];
  }

  async undoAll(files: JournalFiles): Promise<UndoReport> {
    const report: UndoReport = { restored: [], deleted: [], skipped: [] };
    const byPath = new Map<string, { first: AppliedChange; last: AppliedChange }>();
    for (const change of this.changes) {
      const entry = byPath.get(change.path);
      if (entry) entry.last = change;
      else byPath.set(change.path, { first: change, last: change });
    }
    for (const { first, last } of [...byPath.values()].reverse()) {
      const current = await files.readFile(first.path).catch(() => undefined);
      // A file the task created and that is gone already (undone in the review, or deleted by hand) is where undo would put it.
      if (current === undefined && first.before === undefined) {
        report.deleted.push(first.display);
        continue;
      }
      if (current === undefined || !sameBytes(current, last.after)) {
        report.skipped.push({ display: first.display, reason: current === undefined ? 'the file no longer exists' : 'the file was changed after the agent wrote it' });
        continue;
      }
      if (first.before === undefined) {
        await files.deleteFile(first.path);
        report.deleted.push(first.display);
      } else {
        await files.writeFile(first.path, first.before, current);
        report.restored.push(first.display);
      }
    }
    const kept = this.changes.filter((c) => report.skipped.some((s) => s.display === c.display));
    this.changes.splice(0, this.changes.length, ...kept);
    return report;
  }
}
