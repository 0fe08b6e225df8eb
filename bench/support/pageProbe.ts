// Runs in the bench pages before any page script (installed with addInitScript): feeds host messages,
// counts frames, and tells when a DOM change has been painted.
//
// "Painted" means the renderer's main thread finished the frame that shows the change (style, layout,
// paint recording and commit to the compositor); compositor raster and display are not included.
// A change made inside an animation-frame callback is in that frame, which has been painted when the
// next task runs; a change made in an ordinary task is painted by the next frame. To tell the two
// apart, requestAnimationFrame is wrapped so mutation records delivered right after a frame callback
// (mutation observers are notified in the microtask checkpoint that follows the callback, before the
// microtask queued here) know they belong to a frame.
import type { PageProbe } from './pageProbeApi';

let inFrameCallback = false;
const nativeRequestAnimationFrame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback: FrameRequestCallback): number =>
  nativeRequestAnimationFrame((time) => {
    try {
      callback(time);
    } finally {
      inFrameCallback = true;
      queueMicrotask(() => {
        inFrameCallback = false;
      });
    }
  });

/** The next task, without the 4 ms clamp of nested timers. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => nativeRequestAnimationFrame(() => resolve()));
}

/** When a change seen now (by a mutation observer) will have been painted, in page milliseconds. */
async function paintedAfterChange(changedInFrame: boolean): Promise<number> {
  if (!changedInFrame) await nextFrame();
  await nextTask();
  return performance.now();
}

let frameTimes: number[] = [];
let countingFrames = false;
function countFrame(time: number): void {
  frameTimes.push(time);
  if (countingFrames) nativeRequestAnimationFrame(countFrame);
}

let loaded: unknown[][] = [];
let loadedAt: readonly number[] | undefined;
/** For content deltas carrying a word w<N>: when the page got them, by N. */
const receivedAt: number[] = [];

const probe: PageProbe = {
  timeOrigin: performance.timeOrigin,
  now: () => performance.now(),
  load(turns, at) {
    loaded = turns;
    loadedAt = at;
  },
  async feed() {
    const start = performance.now();
    let lastPostedAt = start;
    for (const [index, turn] of loaded.entries()) {
      const due = loadedAt?.[index];
      if (due !== undefined && start + due - performance.now() >= 1) await new Promise((resolve) => setTimeout(resolve, start + due - performance.now()));
      for (const message of turn) window.postMessage(message, '*');
      lastPostedAt = performance.now();
      await nextTask();
    }
    return lastPostedAt;
  },
  post(message) {
    const text = (message as { type?: string; text?: string }).type === 'contentDelta' ? (message as { text: string }).text : '';
    const now = performance.now();
    for (const word of text.matchAll(/w(\d+)/g)) receivedAt[Number(word[1])] = now;
    window.postMessage(message, '*');
  },
  receivedLog() {
    return receivedAt;
  },
  startFrames() {
    frameTimes = [];
    countingFrames = true;
    nativeRequestAnimationFrame(countFrame);
  },
  stopFrames() {
    countingFrames = false;
    const intervals = frameTimes.slice(1).map((t, i) => t - (frameTimes[i] as number));
    return { frames: frameTimes.length, intervals };
  },
  whenPainted(holds) {
    return new Promise((resolve) => {
      if (holds()) {
        void paintedAfterChange(false).then(resolve);
        return;
      }
      const observer = new MutationObserver(() => {
        if (!holds()) return;
        observer.disconnect();
        void paintedAfterChange(inFrameCallback).then(resolve);
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  },
  watchLastWord(selector) {
    const painted: [number, number][] = [];
    let last = -1;
    const observer = new MutationObserver(() => {
      const text = document.querySelector(selector)?.textContent ?? '';
      const match = /w(\d+)\s*$/.exec(text);
      const shown = match ? Number(match[1]) : -1;
      if (shown <= last) return;
      last = shown;
      void paintedAfterChange(inFrameCallback).then((at) => painted.push([shown, at]));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as unknown as { __paintLog: [number, number][] }).__paintLog = painted;
  },
  paintLog() {
    return (window as unknown as { __paintLog?: [number, number][] }).__paintLog ?? [];
  },
};

// tsx compiles the driver with esbuild's keepNames, so functions the driver passes to page.evaluate call
// a `__name` helper that only exists in Node; the page gets the same no-op.
Object.assign(window, { __bench: probe, __name: <T>(target: T): T => target });
