// The debounce of completions: an ask waits for this much quiet, and the next keystroke (its signal)
// ends the wait at once, so only the last ask of a burst of typing reaches the engine.

/** True after `ms` without `signal` aborting; false as soon as it aborts. */
export function quietPause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (ms <= 0 || signal.aborted) return Promise.resolve(!signal.aborted);
  return new Promise((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}
