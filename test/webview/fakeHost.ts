// Runs in the test page before the webview bundle: stands in for VS Code's webview host. It records
// what the webview posts and lets the test driver send host messages, one at a time or as a fast stream.
import type { FakeHost, StreamFigures } from './fakeHostApi';

const posted: unknown[] = [];
let state: unknown;
const probeHits: string[] = [];
let requestedAtReady: string[] | undefined;

/** Every file the page has asked for: its script elements' sources and the resources it fetched. */
function requestedFiles(): string[] {
  const scripts = [...document.scripts].map((script) => script.src).filter((src) => src !== '');
  const resources = performance.getEntriesByType('resource').map((entry) => entry.name);
  return [...new Set([...scripts, ...resources])];
}

/** Yields to the event loop without the 4 ms clamp of nested timers. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Resolves when the reply `messageId` has left the streaming state. */
function settled(messageId: string): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      const reply = document.querySelector(`[data-message-id="${messageId}"]`);
      if (reply && reply.getAttribute('data-status') !== 'streaming') resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
}

const host: FakeHost = {
  posted,
  probeHits,
  get requestedAtReady() {
    return requestedAtReady;
  },
  get state() {
    return state;
  },
  send(message) {
    window.postMessage(message, '*');
  },
  async stream(messages, batchSize) {
    for (let i = 0; i < messages.length; i += batchSize) {
      for (const message of messages.slice(i, i + batchSize)) window.postMessage(message, '*');
      await nextTask();
    }
  },
  async measureStream(messages, end, messageId, batchSize) {
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    let frames = 0;
    let counting = true;
    const countFrame = (): void => {
      frames += 1;
      if (counting) requestAnimationFrame(countFrame);
    };
    requestAnimationFrame(countFrame);
    const start = performance.now();
    await host.stream(messages, batchSize);
    host.send(end);
    await settled(messageId);
    const elapsedMs = performance.now() - start;
    counting = false;
    // Long-task entries are delivered after the task ends.
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    const figures: StreamFigures = {
      elapsedMs,
      frames,
      longTasks: longTasks.length,
      maxLongTaskMs: Math.max(0, ...longTasks),
      blockingMs: longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    };
    return figures;
  },
  shownText(selector) {
    const element = document.querySelector(selector);
    if (!element) throw new Error(`nothing matches ${selector}`);
    const clone = element.cloneNode(true) as HTMLElement;
    for (const toolbar of clone.querySelectorAll('.code-toolbar')) toolbar.remove();
    return normalize(clone.textContent ?? '');
  },
  htmlText(html) {
    return normalize(new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '');
  },
};

Object.assign(window, {
  __host: host,
  // Tests' functions run in the page through page.evaluate were compiled by tsx with esbuild's keepNames,
  // which wraps named functions in a `__name` helper that only exists in Node; the page gets the same no-op.
  __name: <T>(target: T): T => target,
  __probe: (tag: string) => probeHits.push(String(tag)),
  acquireVsCodeApi: () => ({
    postMessage: (message: unknown) => {
      if (requestedAtReady === undefined && (message as { type?: unknown }).type === 'ready') requestedAtReady = requestedFiles();
      posted.push(structuredClone(message));
    },
    getState: () => state,
    setState: (next: unknown) => {
      state = structuredClone(next);
    },
  }),
});
