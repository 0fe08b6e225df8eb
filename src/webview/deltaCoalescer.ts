// Collects streamed text deltas and hands them on once per frame, joined per key, in arrival order.
// A fast stream delivers many deltas per frame; rendering each one would do the same DOM work many
// times for text the user cannot see in between. A delta that comes after a quiet spell (no delivery
// for a frame's time: the first of a reply, or one of a stream slower than the frame rate) is handed on
// at once: nothing is coalesced by waiting, and its rendering is done before the frame instead of in it,
// so the frame that shows it ends sooner.

/** Runs a callback before the next paint (requestAnimationFrame in the browser, manual in tests). */
export type FrameScheduler = (callback: () => void) => void;

export interface QuietDelivery {
  /** Milliseconds on a monotonic clock (performance.now in the browser, manual in tests). */
  now: () => number;
  /** How long after the last delivery a delta is handed on at once. */
  quietMs: number;
}

export class DeltaCoalescer<K> {
  private readonly pending = new Map<K, string[]>();
  private scheduled = false;
  private lastDeliveryAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly schedule: FrameScheduler,
    private readonly sink: (key: K, text: string) => void,
    private readonly quiet?: QuietDelivery,
  ) {}

  push(key: K, text: string): void {
    if (text === '') return;
    if (this.quiet && !this.scheduled && this.pending.size === 0) {
      const now = this.quiet.now();
      if (now - this.lastDeliveryAt >= this.quiet.quietMs) {
        this.lastDeliveryAt = now;
        this.sink(key, text);
        return;
      }
    }
    const parts = this.pending.get(key);
    if (parts) parts.push(text);
    else this.pending.set(key, [text]);
    if (!this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.flush());
    }
  }

  /** Delivers everything pending now (before a stop, a finish or an error is shown). */
  flush(): void {
    this.scheduled = false;
    if (this.pending.size === 0) return;
    if (this.quiet) this.lastDeliveryAt = this.quiet.now();
    const batch = [...this.pending];
    this.pending.clear();
    for (const [key, parts] of batch) this.sink(key, parts.join(''));
  }
}
