// What one command printed, kept two ways: its first part up to the cap (the answer of a command that
// finished, as a build log reads from the top), and its most recent part with a read position, so each
// read of a long-running process answers what is new since the model last looked.

export interface NewOutput {
  text: string;
  /** Characters printed since the last read that are not in `text` (older than what is kept). */
  skipped: number;
}

export class ProcessOutput {
  private readonly encoder = new TextEncoder();
  private readonly headPieces: Uint8Array[] = [];
  private headBytes = 0;
  private headTruncated = false;
  private recent = '';
  /** Position (in characters of all output) of the first character of `recent`. */
  private recentStart = 0;
  private total = 0;
  private readPosition = 0;
  private readonly listeners = new Set<() => void>();

  /** `maxBytes`: the cap of the head and of one read; `keep`: how many recent characters are kept for reads. */
  constructor(
    private readonly maxBytes: number,
    private readonly keep = maxBytes * 4,
  ) {}

  append(text: string): void {
    if (text === '') return;
    const room = this.maxBytes - this.headBytes;
    if (room > 0) {
      const bytes = this.encoder.encode(text);
      const piece = bytes.length > room ? bytes.subarray(0, room) : bytes;
      if (bytes.length > room) this.headTruncated = true;
      this.headPieces.push(piece);
      this.headBytes += piece.length;
    } else {
      this.headTruncated = true;
    }
    this.total += text.length;
    this.recent += text;
    if (this.recent.length > this.keep) {
      const drop = this.recent.length - this.keep;
      this.recent = this.recent.slice(drop);
      this.recentStart += drop;
    }
    for (const listener of [...this.listeners]) listener();
  }

  /** The first `maxBytes` bytes, and whether more was printed. */
  head(): { text: string; truncated: boolean } {
    const joined = new Uint8Array(this.headBytes);
    let at = 0;
    for (const piece of this.headPieces) {
      joined.set(piece, at);
      at += piece.length;
    }
    return { text: new TextDecoder().decode(joined), truncated: this.headTruncated };
  }

  /** Whether anything was printed since the last read. */
  hasNew(): boolean {
    return this.total > this.readPosition;
  }

  /** What was printed since the last read, its last `maxBytes` characters when more; moves the read position to the end. */
  readNew(): NewOutput {
    const from = Math.max(this.readPosition, this.recentStart);
    let text = this.recent.slice(from - this.recentStart);
    let skipped = from - this.readPosition;
    if (text.length > this.maxBytes) {
      skipped += text.length - this.maxBytes;
      text = text.slice(text.length - this.maxBytes);
    }
    this.readPosition = this.total;
    return { text, skipped };
  }

  /** Calls `listener` after each piece of output; returns the function that removes it. */
  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
