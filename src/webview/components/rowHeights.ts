// Heights of the message list's rows, measured where a row has been on screen and estimated elsewhere,
// and which rows a scroll position shows. Only a window of rows is in the DOM; the others are stood in
// for by two spacers whose heights come from here. Estimates learn from measurements (pixels per
// character of the rows seen), so the spacers drift less the longer the user scrolls.

export interface RowSize {
  key: string;
  /** Characters of text the row shows when its sections are folded: what its height mostly follows. */
  chars: number;
  /** Blocks that take a line or more whatever their text (code blocks, tool cards, list items). */
  blocks: number;
}

export interface RowRange {
  /** First row in the window. */
  start: number;
  /** One past the last row in the window. */
  end: number;
}

/** Height of a row with no text: header, footer, padding and the gap to the next row. */
const BASE_PX = 64;
const BLOCK_PX = 24;
/** Until something is measured: a 13 px font in a sidebar about 300 px wide holds ~45 characters a line. */
const START_PX_PER_CHAR = 19 / 45;

export class RowHeights {
  private rows: RowSize[] = [];
  private index = new Map<string, number>();
  /** Measured heights by key: kept when the rows change, for the rows that stay. */
  private readonly measured = new Map<string, number>();
  /**
   * The same by row index (NaN where not measured), beside each row's size: the offsets are summed from
   * these in a tight loop, which a scroll through thousands of rows does after every measurement.
   */
  private measuredPx = new Float64Array(0);
  private chars = new Float64Array(0);
  private blocks = new Float64Array(0);
  /** Characters and text pixels of the measured rows, kept as sums so a measurement costs O(1). */
  private measuredChars = 0;
  private measuredTextPx = 0;
  /** Pixels per character learnt from measured rows (their text part), for the estimates. */
  private pxPerChar = START_PX_PER_CHAR;
  private offsets: Float64Array | undefined;

  /** The rows of the conversation shown, in order; measurements of rows that stay are kept. */
  setRows(rows: readonly RowSize[]): void {
    this.rows = [...rows];
    this.index = new Map(rows.map((r, i) => [r.key, i]));
    for (const key of this.measured.keys()) if (!this.index.has(key)) this.measured.delete(key);
    this.chars = Float64Array.from(rows, (r) => r.chars);
    this.blocks = Float64Array.from(rows, (r) => r.blocks);
    this.measuredPx = new Float64Array(rows.length).fill(Number.NaN);
    this.measuredChars = 0;
    this.measuredTextPx = 0;
    for (const [key, px] of this.measured) {
      this.measuredPx[this.index.get(key) as number] = px;
      this.tally(key, px, 1);
    }
    this.learn();
    this.offsets = undefined;
  }

  get count(): number {
    return this.rows.length;
  }

  keyAt(index: number): string {
    const row = this.rows[index];
    if (!row) throw new RangeError(`no row ${index} of ${this.rows.length}`);
    return row.key;
  }

  indexOf(key: string): number {
    return this.index.get(key) ?? -1;
  }

  /** Records a row's height as laid out; returns whether it differs from what was assumed. */
  measure(key: string, px: number): boolean {
    const index = this.index.get(key);
    if (index === undefined) return false;
    const before = this.measured.get(key);
    if (before === px) return false;
    if (before !== undefined) this.tally(key, before, -1);
    this.measured.set(key, px);
    this.measuredPx[index] = px;
    this.tally(key, px, 1);
    this.learn();
    this.offsets = undefined;
    return true;
  }

  /** Forgets measurements (the width changed, so every wrap did). */
  resetMeasurements(): void {
    this.measured.clear();
    this.measuredPx.fill(Number.NaN);
    this.measuredChars = 0;
    this.measuredTextPx = 0;
    this.pxPerChar = START_PX_PER_CHAR;
    this.offsets = undefined;
  }

  height(index: number): number {
    if (index < 0 || index >= this.rows.length) return 0;
    const px = this.measuredPx[index] as number;
    return Number.isNaN(px) ? this.estimate(index) : px;
  }

  /** Top of row `index` from the top of the first row; `offset(count)` is the total height. */
  offset(index: number): number {
    return this.prefix()[Math.max(0, Math.min(index, this.rows.length))] as number;
  }

  get total(): number {
    return this.offset(this.rows.length);
  }

  /** The row at `px` from the top of the first row (the last row if past the end). */
  indexAt(px: number): number {
    const offsets = this.prefix();
    let low = 0;
    let high = this.rows.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((offsets[mid] as number) <= px) low = mid;
      else high = mid - 1;
    }
    return Math.max(0, low);
  }

  /** The rows from `top` to `top + viewport`, with `overscan` pixels more on each side. */
  rangeFor(top: number, viewport: number, overscan: number): RowRange {
    if (this.rows.length === 0) return { start: 0, end: 0 };
    const start = this.indexAt(Math.max(0, top - overscan));
    const end = Math.min(this.rows.length, this.indexAt(top + viewport + overscan) + 1);
    return { start, end };
  }

  /** The last rows that fill `viewport + overscan` pixels: where a conversation opens. */
  rangeAtEnd(viewport: number, overscan: number): RowRange {
    const end = this.rows.length;
    let start = end;
    let filled = 0;
    while (start > 0 && filled < viewport + overscan) {
      start -= 1;
      filled += this.height(start);
    }
    return { start, end };
  }

  private estimate(index: number): number {
    return Math.round(BASE_PX + (this.blocks[index] as number) * BLOCK_PX + (this.chars[index] as number) * this.pxPerChar);
  }

  /** Adds (sign 1) or takes away (-1) a measured row's share of the sums the estimates learn from. */
  private tally(key: string, px: number, sign: 1 | -1): void {
    const row = this.rows[this.index.get(key) ?? -1];
    if (!row) return;
    this.measuredChars += sign * row.chars;
    this.measuredTextPx += sign * Math.max(0, px - BASE_PX - row.blocks * BLOCK_PX);
  }

  private learn(): void {
    if (this.measuredChars > 2_000) this.pxPerChar = this.measuredTextPx / this.measuredChars;
  }

  private prefix(): Float64Array {
    if (this.offsets) return this.offsets;
    const count = this.rows.length;
    const offsets = new Float64Array(count + 1);
    for (let i = 0; i < count; i++) offsets[i + 1] = (offsets[i] as number) + this.height(i);
    this.offsets = offsets;
    return offsets;
  }
}
