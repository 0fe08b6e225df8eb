// The fault suite on the one emulator test bed (test/support/emulatorTestBed.ts): the suite's key and
// scenarios, the real client whose fetch adds the emulator's per-request fault header to the chat
// attempts a FaultPlan picks, retry sleeps recorded instead of waited, and the real core chat session over a ConversationStore kept
// in files (the extension's ConversationFolderFiles) in a temp folder, driven by a hand-moved clock.
import * as path from 'node:path';
import type { ChatRequest, SvcClient } from '../../src/api/index';
import type { RequestSettings } from '../../src/core/requests/requestSettings';
import { ChatSession, type SessionEvent } from '../../src/core/chat/chatSession';
import { ConversationStore } from '../../src/core/conversations/conversationStore';
import type { EmulatorOptions, RunningEmulator, Scenario } from '../../src/emulator/index';
import { ConversationFolderFiles } from '../../src/extension/conversationFolderFiles';
import { startEmulatorTestBed, type LoggedExchange } from '../support/emulatorTestBed';
import { ManualClock } from '../unit/core/support/manualClock';

/** The emulator's per-request fault header (src/emulator/faults.ts). */
export const FAULT_HEADER = 'x-svc-fault';
export const API_KEY = 'sk-fault-suite-key-0123456789';

export const CHAT_REASONING = 'The user probes the service; I answer with the agreed sentence.';
export const CHAT_ANSWER = 'The probe answer is forty-two, and every piece of this sentence must survive the fault suite intact.';
export const AGENT_ANSWER_PREFIX = 'Both lookups are done: ';

/** Chat without tools always gets the same reply; an agent task calls `lookup` twice, then answers. */
export const SCENARIOS: Scenario[] = [
  { name: 'chat probe', match: { hasTools: false }, reply: { reasoning: CHAT_REASONING, content: CHAT_ANSWER } },
  {
    name: 'agent: two lookups',
    match: { hasTools: true, lastIsToolResult: false },
    reply: {
      reasoning: 'I need both facts first.',
      content: 'Looking both up.',
      toolCalls: [
        { name: 'lookup', arguments: { key: 'alpha' } },
        { name: 'lookup', arguments: { key: 'beta' } },
      ],
    },
  },
  { name: 'agent: answer', match: { hasTools: true, lastIsToolResult: true }, reply: { content: `${AGENT_ANSWER_PREFIX}{{lastToolResult}}` } },
];

export const SETTINGS: RequestSettings = { model: 'svc-k2.5', thinking: true, jsonMode: false, choiceCount: 1 };

/** Decides the fault header of each chat attempt (1-based over the bed's life); undefined: no fault. */
export type FaultPlan = (attempt: number, request: ChatRequest) => string | undefined;

export interface Attempt {
  number: number;
  fault: string | undefined;
}

export interface FaultBed {
  emulator: RunningEmulator;
  dir: string;
  storageDir: string;
  logFile: string;
  /** Chat attempts the client made, with the fault each carried. */
  attempts: Attempt[];
  /** Every retry backoff the client asked for, in ms (never actually waited). */
  sleeps: number[];
  plan: FaultPlan;
  client(options?: { maxRetries?: number; timeoutMs?: number; baseUrl?: string; sleep?: (ms: number) => Promise<void> }): SvcClient;
  /** The chat completion exchanges in the emulator's request log, once it holds at least `atLeast` of them. */
  chatLog(atLeast?: number): Promise<LoggedExchange[]>;
  close(): Promise<void>;
}

/** The one emulator test bed with the suite's key and scenarios, and a client that injects the planned faults. */
export async function startFaultBed(options: Partial<EmulatorOptions> = {}): Promise<FaultBed> {
  const base = await startEmulatorTestBed({ apiKey: API_KEY, speed: 0, scenarios: SCENARIOS, ...options });
  const { emulator } = base;
  let sentToEmulator = 0;
  const bed: FaultBed = {
    emulator,
    dir: base.dir,
    storageDir: path.join(base.dir, 'conversations'),
    logFile: base.logFile,
    attempts: [],
    sleeps: [],
    plan: () => undefined,
    client(clientOptions = {}) {
      const faultyFetch: typeof fetch = async (input, init) => {
        const url = String(input);
        if (!url.endsWith('/chat/completions')) return fetch(input, init);
        const number = bed.attempts.length + 1;
        const request = JSON.parse(String(init?.body)) as ChatRequest;
        const fault = bed.plan(number, request);
        bed.attempts.push({ number, fault });
        if (url.startsWith(emulator.url)) sentToEmulator++;
        const headers = new Headers(init?.headers);
        if (fault !== undefined) headers.set(FAULT_HEADER, fault);
        return fetch(input, { ...init, headers });
      };
      return base.clientWith({
        baseUrl: clientOptions.baseUrl ?? emulator.url,
        fetch: faultyFetch,
        maxRetries: clientOptions.maxRetries ?? 2,
        timeoutMs: clientOptions.timeoutMs ?? 30_000,
        retry: {
          random: () => 0.5,
          sleep:
            clientOptions.sleep ??
            (async (ms) => {
              bed.sleeps.push(ms);
            }),
        },
      });
    },
    async chatLog(atLeast = 0) {
      // The emulator writes a request's line when its handler ends, which for a request the client
      // gave up on (timeout) is after the client moved on: wait for the lines, with a generous bound.
      const deadline = Date.now() + 15_000;
      for (;;) {
        const chat = base.exchanges().filter((e) => e.path === '/v1/chat/completions');
        if (chat.length >= atLeast || Date.now() > deadline) return chat;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      // Handlers of requests the client gave up on (a late first byte) end later and then write
      // their log line: wait for them so nothing writes into the folder while it is removed.
      await bed.chatLog(sentToEmulator);
      await base.close();
    },
  };
  return bed;
}

export interface SessionRig {
  session: ChatSession;
  store: ConversationStore;
  clock: ManualClock;
  events: SessionEvent[];
  storage: ConversationFolderFiles;
  /** Terminal events (replyFinished / replyFailed) seen so far. */
  terminalCount(): number;
  /** Fires pending automatic-retry countdowns until none is left, waiting for each retry to end. */
  drainAutomaticRetries(): Promise<number>;
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function openSessionRig(bed: FaultBed, client: SvcClient): Promise<SessionRig> {
  const clock = new ManualClock();
  const storage = new ConversationFolderFiles(bed.storageDir);
  const { store, problems } = await ConversationStore.open(storage, clock);
  if (problems.length > 0) throw new Error(`stored conversations unreadable: ${JSON.stringify(problems)}`);
  const events: SessionEvent[] = [];
  const session = new ChatSession({ client: () => client, store, clock, onEvent: (e) => events.push(e), saveIntervalMs: 200 });
  const terminalCount = (): number => events.filter((e) => e.type === 'replyFinished' || e.type === 'replyFailed').length;
  return {
    session,
    store,
    clock,
    events,
    storage,
    terminalCount,
    async drainAutomaticRetries() {
      let fired = 0;
      while (clock.pending > 0) {
        const before = terminalCount();
        clock.advance(24 * 3600 * 1000);
        fired++;
        const deadline = Date.now() + 30_000;
        while (terminalCount() === before) {
          if (Date.now() > deadline) throw new Error('an automatic retry never ended');
          await tick();
        }
        await store.flush();
      }
      return fired;
    },
  };
}
