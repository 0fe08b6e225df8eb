// A scheduler the test runs by hand in place of an animation frame or an event-loop turn, so what a
// batcher does per frame or turn is checked step by step instead of by waiting.
export interface ManualScheduler {
  schedule: (callback: () => void) => void;
  /** Ends the frame or turn: runs what was scheduled so far; what those callbacks schedule waits for the next one. */
  run: () => void;
  /** Callbacks waiting for the next run. */
  scheduled: () => number;
}

export function manualScheduler(): ManualScheduler {
  let queue: (() => void)[] = [];
  return {
    schedule: (callback) => queue.push(callback),
    run: () => {
      const due = queue;
      queue = [];
      for (const callback of due) callback();
    },
    scheduled: () => queue.length,
  };
}
