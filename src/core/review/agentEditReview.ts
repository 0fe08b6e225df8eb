// The review of an agent's edits, file by file and hunk by hunk. Each file has three texts: its
// baseline (what it was before the task's first edit to it, moved forward by each hunk the user keeps),
// the agent's text (what the agent last wrote, moved back by each hunk the user undoes) and the file now
// (the open document or the disk, with whatever the user typed since). The hunks to review are the
// difference between the baseline and the agent's text, so the user's own typing is never offered for
// review, and undoing a hunk is carried onto the file now through the rebase, or refused when the user
// changed the same lines.
import { applyHunks, diffLineArrays, hunkId, type Hunk } from '../edits/hunks';
import { EditConflictError, rebaseProposal } from '../edits/rebase';
import { splitLines } from '../edits/textLines';
import * as l10n from '../l10n';

/** What the review needs of the files: their text now, and a write that only replaces what it expects. */
export interface ReviewedFiles {
  /** The file's text now: the open document's when it is open (typing included), else the disk's; undefined when it is gone. */
  read(path: string): Promise<string | undefined>;
  /**
   * Replaces the file's text `expected` by `text` (one undo step in an open editor, the file's encoding
   * and line endings kept) and resolves with the file's bytes on disk after it; rejects without writing
   * when the file no longer holds `expected`.
   */
  replace(path: string, expected: string, text: string): Promise<Uint8Array>;
  /** Deletes the file (one undo step in an open editor); rejects without deleting when it no longer holds `expected`. */
  remove(path: string, expected: string): Promise<void>;
}

/** A task's record of the files it changed, told about each undone hunk so "Undo these changes" agrees. */
export interface ReviewJournal {
  record(operation: { kind: 'write'; path: string; display: string; before: Uint8Array; after: Uint8Array; fromReview: true }): void;
}

export class ReviewHunkGoneError extends Error {
  constructor(display: string) {
    super(l10n.t('That change to {0} was already kept or undone; the review shows what is left.', display));
    this.name = 'ReviewHunkGoneError';
  }
}

export class ReviewConflictError extends Error {
  constructor(display: string, line: number) {
    super(l10n.t('Not undone: you changed line {0} of {1} since the agent did, and undoing this change would overwrite it. Undo it by hand, or keep it.', line + 1, display));
    this.name = 'ReviewConflictError';
  }
}

interface ReviewedFile {
  path: string;
  display: string;
  baseline: string;
  agent: string;
  journal: ReviewJournal | undefined;
  agentBytes: Uint8Array;
  /** The task created the file: undoing all of it deletes it, as "Undo these changes" does. */
  created: boolean;
}

/** A hunk still to review, where it sits in the file now. */
export interface ReviewHunk {
  id: string;
  /** Line of the file now where the agent's lines start (where they were removed, when it added none). */
  line: number;
  /** The lines the agent removed (shown in a hover: they are no longer in the file). */
  removed: string[];
  /** The lines the agent wrote. */
  added: string[];
}

export interface ReviewCounts {
  hunks: number;
  files: number;
  /** Hunks left per file, by the name the task's summary shows it under: a summary counts its own files. */
  byFile: Record<string, number>;
}

export interface AgentWrite {
  path: string;
  display: string;
  before: string | undefined;
  after: string;
  afterBytes: Uint8Array;
  journal?: ReviewJournal;
}

type Listener = () => void;

export class AgentEditReview {
  private readonly files = new Map<string, ReviewedFile>();
  private readonly listeners = new Set<Listener>();

  constructor(private readonly io: ReviewedFiles) {}

  onDidChange(listener: Listener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** An edit the agent wrote: the file's review starts at its text before the task's first edit. */
  noteAgentWrite(write: AgentWrite): void {
    const known = this.files.get(write.path);
    const file: ReviewedFile = known ?? { path: write.path, display: write.display, baseline: write.before ?? '', agent: write.after, journal: write.journal, agentBytes: write.afterBytes, created: write.before === undefined };
    file.agent = write.after;
    file.agentBytes = write.afterBytes;
    file.journal = write.journal ?? file.journal;
    this.files.set(write.path, file);
    this.settle(file);
    this.fire();
  }

  /** The agent moved a file under review: its review goes with it, in the same place in the list. */
  move(from: string, to: string, display: string): void {
    const file = this.files.get(from);
    if (!file) return;
    const entries = [...this.files].map(([path, reviewed]): [string, ReviewedFile] => (path === from ? [to, reviewed] : [path, reviewed]));
    file.path = to;
    file.display = display;
    this.files.clear();
    for (const [path, reviewed] of entries) this.files.set(path, reviewed);
    this.fire();
  }

  /** Files with something left to review, in the order the agent first changed them. */
  paths(): string[] {
    return [...this.files.keys()];
  }

  display(path: string): string | undefined {
    return this.files.get(path)?.display;
  }

  counts(): ReviewCounts {
    let hunks = 0;
    const byFile: Record<string, number> = {};
    for (const file of this.files.values()) {
      const left = this.baseHunks(file).length;
      hunks += left;
      byFile[file.display] = (byFile[file.display] ?? 0) + left;
    }
    return { hunks, files: this.files.size, byFile };
  }

  /** The hunks of `path` still to review, placed in the file's text now (which may hold the user's typing). */
  async hunks(path: string): Promise<ReviewHunk[]> {
    const file = this.files.get(path);
    if (!file) return [];
    const now = (await this.io.read(path)) ?? file.agent;
    const users = now === file.agent ? [] : diffLineArrays(splitLines(file.agent).lines, splitLines(now).lines);
    return this.placed(file).map(({ hunk, agentLine }) => {
      let line = agentLine;
      for (const user of users) if (user.start + user.removed.length <= agentLine) line += user.added.length - user.removed.length;
      return { id: hunk.id, line: Math.max(0, line), removed: hunk.removed, added: hunk.added };
    });
  }

  /** Keeps a hunk: it is no longer offered; the file is not touched. */
  keep(path: string, id: string): void {
    const file = this.require(path);
    const hunks = this.baseHunks(file);
    if (!hunks.some((h) => h.id === id)) throw new ReviewHunkGoneError(file.display);
    file.baseline = applyHunks({ current: splitLines(file.baseline), hunks }, new Set([id]));
    this.settle(file);
    this.fire();
  }

  keepFile(path: string): void {
    const file = this.require(path);
    file.baseline = file.agent;
    this.settle(file);
    this.fire();
  }

  /** Undoes a hunk in the file (carried onto the user's typing, or refused where it meets it). */
  async undo(path: string, id: string): Promise<void> {
    const file = this.require(path);
    const placed = this.placed(file).find((p) => p.hunk.id === id);
    if (!placed) throw new ReviewHunkGoneError(file.display);
    const reverse: Hunk = { id: hunkId(placed.agentLine, placed.hunk.added, placed.hunk.removed), start: placed.agentLine, removed: placed.hunk.added, added: placed.hunk.removed };
    await this.revert(file, applyHunks({ current: splitLines(file.agent), hunks: [reverse] }, new Set([reverse.id])));
  }

  /** Undoes every hunk of the file still to review (the hunks already kept stay). */
  async undoFile(path: string): Promise<void> {
    const file = this.require(path);
    const hunks = this.baseHunks(file);
    if (hunks.length === 0) return;
    // The baseline's lines in the agent's line endings: untouched lines keep the agent's bytes.
    const agentLines = splitLines(file.agent);
    const reverse = this.placed(file).map(({ hunk, agentLine }) => ({ id: hunkId(agentLine, hunk.added, hunk.removed), start: agentLine, removed: hunk.added, added: hunk.removed }));
    await this.revert(file, applyHunks({ current: agentLines, hunks: reverse }, new Set(reverse.map((h) => h.id))));
  }

  keepAll(): void {
    for (const path of this.paths()) this.keepFile(path);
  }

  /** Undoes every file's open hunks; a file where the user's typing meets a hunk is left as it is and named. */
  async undoAll(): Promise<{ refused: string[] }> {
    const refused: string[] = [];
    for (const path of this.paths()) {
      try {
        await this.undoFile(path);
      } catch (error) {
        if (!(error instanceof ReviewConflictError)) throw error;
        refused.push(error.message);
      }
    }
    return { refused };
  }

  /** The files no longer under review (a checkpoint restore or "Undo these changes" put them elsewhere). */
  end(paths: Iterable<string>): void {
    let changed = false;
    for (const path of paths) changed = this.files.delete(path) || changed;
    if (changed) this.fire();
  }

  /** Ends the review of every file whose text now is its baseline again (nothing of the agent's is left in it). */
  async endReverted(): Promise<void> {
    const done: string[] = [];
    for (const file of this.files.values()) {
      const now = await this.io.read(file.path);
      if (now === undefined || splitLines(now).lines.join('\n') === splitLines(file.baseline).lines.join('\n')) done.push(file.path);
    }
    this.end(done);
  }

  private async revert(file: ReviewedFile, reverted: string): Promise<void> {
    const now = await this.io.read(file.path);
    if (now === undefined) throw new Error(l10n.t('{0} no longer exists; there is nothing to undo in it.', file.display));
    const typed = now !== file.agent;
    let text = reverted;
    if (typed) {
      try {
        text = rebaseProposal(file.agent, now, reverted);
      } catch (error) {
        if (error instanceof EditConflictError) throw new ReviewConflictError(file.display, error.line);
        throw error;
      }
    }
    if (file.created && !typed && reverted === '' && file.baseline === '') {
      await this.io.remove(file.path, now);
      file.agent = reverted;
      this.settle(file);
      this.fire();
      return;
    }
    const bytes = await this.io.replace(file.path, now, text);
    // Without typing the file is exactly the agent's text with the hunk undone: the task's journal takes
    // it as the agent's last write, so "Undo these changes" still applies and cannot bring the hunk back.
    // With typing the journal is left as it is and that undo leaves the file alone, as for any typed file.
    if (!typed) file.journal?.record({ kind: 'write', path: file.path, display: file.display, before: file.agentBytes, after: bytes, fromReview: true });
    file.agent = reverted;
    file.agentBytes = bytes;
    this.settle(file);
    this.fire();
  }

  private require(path: string): ReviewedFile {
    const file = this.files.get(path);
    if (!file) throw new ReviewHunkGoneError(path);
    return file;
  }

  private baseHunks(file: ReviewedFile): Hunk[] {
    return diffLineArrays(splitLines(file.baseline).lines, splitLines(file.agent).lines);
  }

  /** Each hunk with the line of the agent's text where its added lines start. */
  private placed(file: ReviewedFile): { hunk: Hunk; agentLine: number }[] {
    let shift = 0;
    return this.baseHunks(file).map((hunk) => {
      const agentLine = hunk.start + shift;
      shift += hunk.added.length - hunk.removed.length;
      return { hunk, agentLine };
    });
  }

  private settle(file: ReviewedFile): void {
    if (this.baseHunks(file).length === 0) this.files.delete(file.path);
  }

  private fire(): void {
    for (const listener of this.listeners) listener();
  }
}
