// The review of one inline edit, over a document (the ReviewDocument port). The document holds what the
// review shows and nothing else (reviewRender): the proposal of every open hunk, the current lines of a
// rejected one. So a save, auto-save included, writes only lines on the screen and changes nothing of
// the review. Every operation (a streamed update, the end of the reply, a decision, Accept All, Reject
// All, a follow-up, Escape) runs in one queue, one at a time; each computes its write from where the
// region is now (TrackedRegion follows every change of the document) and the write lands only on the
// text it was computed from. A write that finds the document changed is computed again; an edit of the
// user's inside the region ends the review and leaves the text as it is. No write can reach a line
// outside the region.
import type { HunkDecision } from './hunks';
import { InlineEditStream } from './inlineEditStream';
import type { ReplaceResult, ReviewDocument, DocumentChange } from './reviewDocument';
import { renderReview, type ReviewView, type ShownHunk } from './reviewRender';
import { TrackedRegion } from './trackedRegion';

export type ReviewPhase = 'streaming' | 'review' | 'ended';

/**
 * How a review ended: `cancelled` (Escape, or a failed request: the original lines are back), `decided`
 * (every hunk), `unchanged` (the reply proposed nothing), `typed` (the user edited the region: the text
 * stays as it is), `unwritable` (the document refused the review's write), `closed` (the review was dropped).
 */
export type ReviewEnd = 'cancelled' | 'decided' | 'unchanged' | 'typed' | 'unwritable' | 'closed';

export interface ReviewEvents {
  /** What the review shows changed (its text, its marks, or where the region is). */
  changed(): void;
  ended(how: ReviewEnd): void;
}

/** A write refused this many times in a row because the document kept changing under it gives up. */
const WRITE_ATTEMPTS = 20;

const NO_DECISIONS: ReadonlyMap<string, HunkDecision> = new Map();

function withEol(text: string, eol: '\n' | '\r\n'): string {
  return text.replace(/\r?\n/g, eol);
}

export class InlineEditReview {
  readonly original: string;
  private current: ReviewPhase = 'streaming';
  private stream: InlineEditStream;
  private decisions = new Map<string, HunkDecision>();
  private shown: ReviewView;
  private readonly region: TrackedRegion;
  /** The text of the write in flight, so its change is told from the user's. */
  private writing: string | undefined;
  private wrote = false;
  private queue: Promise<void> = Promise.resolve();
  private renderQueued = false;
  private readonly subscription: { dispose(): void };

  /** Reviews the lines at [start, end) of `document` (whole lines, the last one's line break included). */
  constructor(
    private readonly document: ReviewDocument,
    span: { start: number; end: number },
    private readonly events: ReviewEvents,
  ) {
    this.original = document.getText().slice(span.start, span.end);
    this.region = new TrackedRegion(span.start, span.end, this.original);
    this.stream = new InlineEditStream(this.original);
    this.shown = { text: this.original, added: new Set(), open: [] };
    this.subscription = document.onDidChange((changes) => this.documentChanged(changes));
  }

  get phase(): ReviewPhase {
    return this.current;
  }

  /** Offset in the document where the region starts now. */
  get start(): number {
    return this.region.start;
  }

  /** Offset in the document where the region ends now (after its last line's break, when it has one). */
  get end(): number {
    return this.region.end;
  }

  /** What the region shows: its text (what the document holds there) and the marks of the open hunks. */
  get view(): ReviewView {
    return this.shown;
  }

  /** The hunks to decide (none while the reply streams). */
  openHunks(): readonly ShownHunk[] {
    return this.current === 'review' ? this.shown.open : [];
  }

  proposedCode(): string {
    return this.stream.proposedCode();
  }

  /** Streamed text of the reply; the region shows the proposal as complete lines arrive. */
  push(delta: string): void {
    if (this.current !== 'streaming' || !this.stream.push(delta) || this.renderQueued) return;
    this.renderQueued = true;
    void this.serial(async () => {
      this.renderQueued = false;
      if (this.current === 'streaming') await this.write(renderReview(this.stream.partial(), NO_DECISIONS));
    });
  }

  /** The reply ended: its hunks are open for review (with nothing to change, the review ends). */
  finishStreaming(): Promise<void> {
    return this.serial(async () => {
      if (this.current !== 'streaming') return;
      const proposal = this.stream.final();
      if (proposal.hunks.length === 0) {
        await this.finish(this.original, 'unchanged');
        return;
      }
      this.current = 'review';
      await this.write(renderReview(proposal, this.decisions));
    });
  }

  /** A follow-up: the region goes back to its original text for a new reply; false when the review has ended. */
  restart(): Promise<boolean> {
    let restarted = false;
    return this.serial(async () => {
      if (this.current === 'ended') return;
      this.stream = new InlineEditStream(this.original);
      this.decisions = new Map();
      this.current = 'streaming';
      restarted = await this.write({ text: this.original, added: new Set(), open: [] });
    }).then(() => restarted);
  }

  /** Accepts or rejects an open hunk; a hunk already decided (a button drawn before) keeps its first decision. */
  decide(hunkId: string, decision: HunkDecision): Promise<void> {
    return this.serial(async () => {
      if (this.current !== 'review' || !this.shown.open.some((shown) => shown.hunk.id === hunkId)) return;
      this.decisions.set(hunkId, decision);
      const view = renderReview(this.stream.final(), this.decisions);
      if (view.open.length === 0) await this.finish(view.text, 'decided');
      else await this.write(view);
    });
  }

  decideAll(decision: HunkDecision): Promise<void> {
    return this.serial(async () => {
      if (this.current !== 'review') return;
      for (const hunk of this.stream.final().hunks) if (!this.decisions.has(hunk.id)) this.decisions.set(hunk.id, decision);
      await this.finish(renderReview(this.stream.final(), this.decisions).text, 'decided');
    });
  }

  /** Escape (or a failed request): the region gets its original text back, whatever was streamed or decided. */
  cancel(): Promise<void> {
    return this.serial(async () => {
      if (this.current !== 'ended') await this.finish(this.original, 'cancelled');
    });
  }

  /** Ends at once without writing anything. */
  dispose(): void {
    this.stop('closed');
  }

  private serial(operation: () => Promise<void>): Promise<void> {
    const run = this.queue.then(operation);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async finish(text: string, how: ReviewEnd): Promise<void> {
    if (await this.write({ text, added: new Set(), open: [] }, { lastStep: true })) this.stop(how);
  }

  private stop(how: ReviewEnd): void {
    if (this.current === 'ended') return;
    this.current = 'ended';
    this.subscription.dispose();
    this.events.ended(how);
  }

  /** Puts `view` in the region, computed again while the document changes under it; false when the review stopped instead. */
  private async write(view: ReviewView, options = { lastStep: false }): Promise<boolean> {
    const text = withEol(view.text, this.document.eol);
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      if (this.current === 'ended') return false;
      if (this.region.text === text) {
        this.shown = { ...view, text };
        this.events.changed();
        return true;
      }
      if (!this.region.holds(this.document.getText())) {
        this.stop('typed');
        return false;
      }
      this.writing = text;
      let result: ReplaceResult;
      try {
        result = await this.document.replace({ start: this.region.start, end: this.region.end, expected: this.region.text, text }, { undoStopBefore: !this.wrote, undoStopAfter: options.lastStep });
      } catch {
        result = 'refused';
      } finally {
        this.writing = undefined;
      }
      if (result === 'refused') {
        this.stop('unwritable');
        return false;
      }
      // Applied, the region now holds `text` (its change was seen); stale, the region followed the change
      // that came first, or the review stopped on it. Either way the next round decides.
      if (result === 'applied') this.wrote = true;
    }
    this.stop('unwritable');
    return false;
  }

  private documentChanged(changes: readonly DocumentChange[]): void {
    if (this.current === 'ended') return;
    const follow = this.region.follow(changes, this.document.getText(), this.writing);
    if (follow === 'touched') this.stop('typed');
    else if (follow === 'kept') this.events.changed();
  }
}
