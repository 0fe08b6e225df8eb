// The bench probe as the driver sees it inside a page (window.__bench).
export interface PageProbe {
  /** performance.timeOrigin of the page: page time + this = wall-clock milliseconds. */
  timeOrigin: number;
  now(): number;
  /**
   * Keeps messages in the page for `feed`, grouped by the host turn that posts them, so their transfer is not
   * part of what is measured; `at`, when given, is each turn's time in ms after the first, as the host posted them.
   */
  load(turns: unknown[][], at?: readonly number[]): void;
  /** Posts the loaded messages, one host turn's messages per task (at their times, when loaded with them); resolves with the time the last was posted. */
  feed(): Promise<number>;
  /** Posts one message to the page (and notes when content deltas with words w<N> arrived). */
  post(message: unknown): void;
  /** By N: when the content delta carrying word w<N> reached the page (page ms). */
  receivedLog(): number[];
  startFrames(): void;
  /** Frames seen since startFrames, and the intervals between them (ms). */
  stopFrames(): { frames: number; intervals: number[] };
  /** Resolves with the page time at which the frame where `holds` first returns true was painted. */
  whenPainted(holds: () => boolean): Promise<number>;
  /** Records, for each frame that shows a later `w<N>` word at the end of `selector`'s text, [N, painted at]. */
  watchLastWord(selector: string): void;
  paintLog(): [number, number][];
}

export interface ProbeWindow {
  __bench: PageProbe;
}
