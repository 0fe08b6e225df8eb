// Added latency: from a chunk arriving at the host to its text painted in the webview, per chunk, over a
// 2,000-chunk stream. The host side is the real vscode-free path: SvcClient streaming from a local SSE
// server, ChatSession (accumulation, throttled saving through the extension's ConversationFolderFiles, one
// protocol event per delta) and the StreamDeltaBatcher through which ChatController posts every message
// (text deltas of one event-loop turn joined). The vscode-only last hop (webview.postMessage) is replaced
// by a CDP Runtime.evaluate that posts the same message into the page, where the real webview bundle
// validates it and renders it.
//
// Clock: both sides use wall-clock milliseconds (performance.timeOrigin + performance.now()); the offset
// between the two processes is measured by round trips and subtracted. Per chunk i the latency is
//   (end of the first frame that shows word w<i>, in the page) - (the server writing chunk i to the socket).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SvcClient } from '../src/api/index';
import { ChatSession, type SessionEvent } from '../src/core/chat/chatSession';
import { systemClock } from '../src/core/clock';
import { ConversationStore } from '../src/core/conversations/conversationStore';
import { StreamDeltaBatcher } from '../src/extension/chat/streamDeltaBatcher';
import { conversationView } from '../src/extension/chat/conversationView';
import { ConversationFolderFiles } from '../src/extension/conversationFolderFiles';
import type { HostMessage } from '../src/shared/protocol';
import { resultsDir } from '../test/harness/toolPaths';
import { ChatPage, initMessage } from '../test/webview/chatPage';
import { launchBenchBrowser } from './support/benchBrowser';
import { figure, ms, percentile, printTargets, runBench } from './support/benchReport';
import type { ProbeWindow } from './support/pageProbeApi';

const CHUNKS = 2_000;
/** Paced run: one chunk every this many ms (200 tokens/s, faster than the service streams). */
const PACE_MS = 5;
const MODEL = 'svc-k2-turbo-preview';
const CONTENT_SELECTOR = '[data-testid="message"][data-role="assistant"] [data-testid="message-content"]';

const wallNow = (): number => performance.timeOrigin + performance.now();

function chunk(delta: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const body = { id: 'chatcmpl-latency', object: 'chat.completion.chunk', created: 1787762066, model: MODEL, choices: [{ index: 0, delta, finish_reason: null, ...extra }] };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/** Chunk i: the word w<i>, in paragraphs of 40 words (a reply's text is never one endless paragraph). */
function word(i: number): string {
  return `${i > 0 && i % 40 === 0 ? '\n\n' : ' '}w${i}`;
}

/** Serves one SSE reply per request: 2,000 one-word chunks, paced or all at once; records when each was written. */
function startStreamServer(paceMs: () => number, writtenAt: number[]): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: '' }));
      const pace = paceMs();
      const start = performance.now();
      for (let i = 0; i < CHUNKS; i++) {
        if (pace > 0) {
          const due = start + i * pace;
          const wait = due - performance.now();
          await new Promise((resolve) => (wait > 1 ? setTimeout(resolve, wait) : setImmediate(resolve)));
        }
        writtenAt[i] = wallNow();
        res.write(chunk({ content: word(i) }));
      }
      const usage = { prompt_tokens: 12, completion_tokens: CHUNKS, total_tokens: CHUNKS + 12 };
      res.write(chunk({}, { finish_reason: 'stop', usage }));
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        close: () => new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      }),
    ),
  );
}

/** Page wall clock minus Node wall clock, from the round trip with the smallest delay. */
async function clockOffset(page: Page): Promise<{ offsetMs: number; roundTripMs: number }> {
  let best = { offsetMs: 0, roundTripMs: Infinity };
  for (let i = 0; i < 30; i++) {
    const before = wallNow();
    const pageWall = await page.evaluate(() => {
      const bench = (window as unknown as ProbeWindow).__bench;
      return bench.timeOrigin + bench.now();
    });
    const after = wallNow();
    if (after - before < best.roundTripMs) best = { offsetMs: pageWall - (before + after) / 2, roundTripMs: after - before };
  }
  return best;
}

interface RunResult {
  latencies: number[];
  /** Server write -> the page has the message (host path + transport). */
  toPage: number[];
  /** The page has the message -> painted (webview bundle). */
  inPage: number[];
  offset: { offsetMs: number; roundTripMs: number };
  streamMs: number;
  /** Messages the host posted to the page (text deltas joined per turn, plus the others). */
  messages: number;
}

async function run(page: Page, url: string, paceMs: number, storageDir: string): Promise<RunResult> {
  const writtenAt: number[] = [];
  const server = await startStreamServer(() => paceMs, writtenAt);
  const storage = new ConversationFolderFiles(storageDir);
  const { store } = await ConversationStore.open(storage, systemClock);
  const conversation = await store.create();
  const chat = new ChatPage(page);
  await chat.open(url, initMessage({ active: conversationView(conversation), conversations: store.list() }));
  await page.evaluate((selector) => (window as unknown as ProbeWindow).__bench.watchLastWord(selector), CONTENT_SELECTOR);

  // The transport: one CDP Runtime.evaluate per message, pipelined (playwright's page.evaluate costs
  // several milliseconds per call, which would measure playwright rather than the product).
  const cdp = await page.context().newCDPSession(page);
  const deliveries: Promise<unknown>[] = [];
  const outbox = new StreamDeltaBatcher((message: HostMessage) => {
    deliveries.push(cdp.send('Runtime.evaluate', { expression: `window.__bench.post(${JSON.stringify(message)})` }));
  });
  const onEvent = (event: SessionEvent): void => {
    // What ChatController.deliver does with a session event: everything goes through its StreamDeltaBatcher.
    if (event.type === 'conversation') outbox.send({ type: 'conversation', conversation: conversationView(event.conversation) });
    else outbox.send(event);
  };
  const client = new SvcClient({ baseUrl: server.url, apiKey: 'sk-bench', maxRetries: 0 });
  const session = new ChatSession({ client: () => client, store, clock: systemClock, onEvent });
  const started = performance.now();
  await session.send(conversation.id, 'Count to two thousand.', { model: MODEL, thinking: false, jsonMode: false, choiceCount: 1 });
  await Promise.all(deliveries);
  await cdp.detach();
  const streamMs = performance.now() - started;
  await page.waitForFunction((last) => {
    const log = (window as unknown as ProbeWindow).__bench.paintLog();
    return log.length > 0 && (log[log.length - 1] as [number, number])[0] === last;
  }, CHUNKS - 1);
  await store.flush();
  await server.close();

  const reply = conversation.entries[conversation.entries.length - 1];
  const expected = Array.from({ length: CHUNKS }, (_, i) => word(i)).join('');
  assert.ok(reply?.role === 'assistant' && reply.status === 'complete', 'the reply completed');
  assert.equal(reply.alternatives[0]?.content, expected, 'the host kept the whole reply');
  const shown = await page.evaluate((s) => document.querySelector(s)?.textContent?.replace(/\s+/g, ' ').trim(), CONTENT_SELECTOR);
  assert.equal(shown, expected.replace(/\s+/g, ' ').trim(), 'the webview shows the whole reply');

  const offset = await clockOffset(page);
  const { log, origin, received } = await page.evaluate(() => {
    const bench = (window as unknown as ProbeWindow).__bench;
    return { log: bench.paintLog(), origin: bench.timeOrigin, received: bench.receivedLog() };
  });
  const latencies: number[] = [];
  const toPage: number[] = [];
  const inPage: number[] = [];
  let next = 0;
  for (let i = 0; i < CHUNKS; i++) {
    while (next < log.length && (log[next] as [number, number])[0] < i) next++;
    const entry = log[next];
    if (!entry) throw new Error(`chunk ${i} was never painted`);
    latencies.push(origin + entry[1] - offset.offsetMs - (writtenAt[i] as number));
    const arrived = received[i];
    if (arrived === undefined) throw new Error(`chunk ${i} never reached the page`);
    toPage.push(origin + arrived - offset.offsetMs - (writtenAt[i] as number));
    inPage.push(entry[1] - arrived);
  }
  return { latencies, toPage, inPage, offset, streamMs, messages: deliveries.length };
}

async function main(): Promise<void> {
  const browser = await launchBenchBrowser('latency');
  const runDir = fs.mkdtempSync(path.join(resultsDir, 'bench-latency-'));
  console.log(`${CHUNKS} one-word chunks (paragraphs of 40), ${MODEL}; host: SvcClient + ChatSession (+ ConversationFolderFiles saves); webview: real bundle in headless Chromium (strict CSP page)`);
  try {
    const results: [string, RunResult][] = [];
    for (const [label, pace] of [[`paced (1 chunk / ${PACE_MS} ms)`, PACE_MS], ['burst (as fast as possible)', 0]] as const) {
      const page = await browser.newPage();
      results.push([label, await run(page, browser.server.strictUrl, pace, path.join(runDir, String(pace)))]);
      await page.close();
    }
    for (const [label, r] of results) {
      figure(`${label}: p50 / p90 / p99 / max`, [50, 90, 99, 100].map((p) => ms(percentile(r.latencies, p))).join(' / '));
      figure(`${label}:   of which host + transport p50 / p99`, `${ms(percentile(r.toPage, 50))} / ${ms(percentile(r.toPage, 99))}`);
      figure(`${label}:   of which webview (arrival to paint) p50 / p99`, `${ms(percentile(r.inPage, 50))} / ${ms(percentile(r.inPage, 99))}`);
      figure(`${label}: stream duration / messages posted to the page`, `${ms(r.streamMs)} / ${r.messages}`);
      figure(`${label}: clock offset page-node (round trip)`, `${r.offset.offsetMs.toFixed(2)} ms (${r.offset.roundTripMs.toFixed(2)} ms)`);
    }
    const paced = (results[0] as [string, RunResult])[1];
    const p50 = percentile(paced.latencies, 50);
    printTargets([{ name: 'added latency p50 (paced stream)', measured: ms(p50), target: '<= 16 ms', pass: p50 <= 16 }]);
  } finally {
    await browser.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}

runBench(main);
