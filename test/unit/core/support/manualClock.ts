// A clock the test moves by hand: timers fire only inside advance(), in due order.
import type { Clock } from '../../../../src/core/clock';

interface Timer {
  at: number;
  seq: number;
  callback: () => void;
}

export class ManualClock implements Clock {
  private current = 1_700_000_000_000;
  private seq = 0;
  private readonly timers = new Map<number, Timer>();

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { at: this.current + ms, seq: id, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  get pending(): number {
    return this.timers.size;
  }

  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      const next = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[1].seq - b[1].seq)[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.current = next[1].at;
      next[1].callback();
    }
    this.current = end;
  }
}
