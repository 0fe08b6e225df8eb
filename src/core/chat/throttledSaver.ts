// Saves at most once per interval while a reply streams: often enough that a crash loses little,
// rarely enough that a fast stream is not slowed by writes.
import type { Clock } from '../clock';

export class ThrottledSaver {
  private timer: unknown;

  constructor(
    private readonly clock: Clock,
    private readonly intervalMs: number,
    private readonly save: () => void,
  ) {}

  touch(): void {
    if (this.timer !== undefined) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.save();
    }, this.intervalMs);
  }

  cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
