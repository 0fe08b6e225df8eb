// The fake host as the test driver sees it inside the page (window.__host).
import type { HostMessage } from '../../src/shared/protocol';

export interface FakeHost {
  /** Every message the webview posted, in order. */
  posted: unknown[];
  /** Tags passed to window.__probe: anything here means model output ran script. */
  probeHits: string[];
  /**
   * The files the page had asked for when it posted its first `ready`: the src of each script element and
   * each resource fetched, so a file loaded on first use can be shown not to be loaded by then.
   */
  readonly requestedAtReady: string[] | undefined;
  /** What the webview stored with setState. */
  readonly state: unknown;
  send(message: HostMessage): void;
  /** Posts messages in batches of `batchSize`, yielding to the page between batches. */
  stream(messages: HostMessage[], batchSize: number): Promise<void>;
  /** Streams `messages`, then `end`, and measures until reply `messageId` has settled. */
  measureStream(messages: HostMessage[], end: HostMessage, messageId: string, batchSize: number): Promise<StreamFigures>;
  /** The text of the first element matching `selector`, without code toolbars, whitespace collapsed. */
  shownText(selector: string): string;
  /** The text of an HTML document (parsed inertly), whitespace collapsed. */
  htmlText(html: string): string;
}

export interface StreamFigures {
  elapsedMs: number;
  /** Animation frames that ran while the reply streamed. */
  frames: number;
  longTasks: number;
  maxLongTaskMs: number;
  /** Sum over long tasks of their time beyond 50 ms. */
  blockingMs: number;
}

export interface FakeWindow {
  __host: FakeHost;
}
