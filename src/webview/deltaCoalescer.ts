// Collects streamed text deltas and hands them on once per frame, joined per key, in arrival order.
// A fast stream delivers many deltas per frame; rendering each one would do the same DOM work many
// times for text the user cannot see in between.

/** Runs a callback before the next paint (requestAnimationFrame in the browser, manual in tests). */
export type FrameScheduler = (callback: () => void) => void;

export class DeltaCoalescer<K> {
  private readonly pending = new Map<K, string[]>();
  private scheduled = false;

  constructor(
    private readonly schedule: FrameScheduler,
    private readonly sink: (key: K, text: string) => void,
  ) {}

  push(key: K, text: string): void {
    if (text === '') return;
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
    const batch = [...this.pending];
    this.pending.clear();
    for (const [key, parts] of batch) this.sink(key, parts.join(''));
  }
}
