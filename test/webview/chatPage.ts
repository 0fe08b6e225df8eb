// Drives one chat webview page in the browser: opens it, plays the host's side and reads the DOM.
import type { Page } from 'playwright-core';
import type { ConversationView, ErrorInfo, HostMessage, HostMessageOf } from '../../src/shared/protocol';
import type { FakeWindow } from './fakeHostApi';

export const CONVERSATION_ID = 'c1';

export const MODELS: HostMessageOf<'init'>['models'] = [
  { id: 'svc-k2.5', thinking: 'optional', vision: true, contextLength: null, estimateSupported: true, maxChoices: 1 },
  { id: 'svc-k2-thinking', thinking: 'always', vision: false, contextLength: null, estimateSupported: false, maxChoices: 5 },
  { id: 'svc-v1-8k', thinking: 'no', vision: false, contextLength: 8192, estimateSupported: true, maxChoices: 5 },
];

export function conversation(messages: ConversationView['messages'] = []): ConversationView {
  return {
    id: CONVERSATION_ID,
    title: 'Test conversation',
    messages,
    totals: { promptTokens: 0, completionTokens: 0, cachedTokens: 0 },
    createdAt: 1,
    updatedAt: 1,
  };
}

export function initMessage(overrides: Partial<HostMessageOf<'init'>> = {}): HostMessageOf<'init'> {
  return {
    type: 'init',
    conversations: [{ id: CONVERSATION_ID, title: 'Test conversation', updatedAt: 1, messageCount: 0 }],
    active: conversation(),
    settings: { model: 'svc-k2.5', thinking: true, jsonMode: false, showReasoning: 'collapsed', choiceCount: 1 },
    connection: { mode: 'emulator', baseUrl: 'http://127.0.0.1:9/v1' },
    models: MODELS,
    ...overrides,
  };
}

export class ChatPage {
  constructor(readonly page: Page) {}

  /** Loads the page, waits for the webview's `ready` and answers with `init`. */
  async open(url: string, init: HostMessageOf<'init'> = initMessage()): Promise<void> {
    await this.page.goto(url);
    await this.waitForPosted('ready');
    await this.send(init);
    await this.page.waitForSelector('[data-testid="composer-input"]');
    await this.frames(2);
  }

  async send(message: HostMessage): Promise<void> {
    await this.page.evaluate((m) => (window as unknown as FakeWindow).__host.send(m), message);
  }

  async stream(messages: HostMessage[], batchSize = 50): Promise<void> {
    await this.page.evaluate(([m, size]) => (window as unknown as FakeWindow).__host.stream(m, size), [messages, batchSize] as const);
  }

  async posted(): Promise<{ type: string; [key: string]: unknown }[]> {
    return this.page.evaluate(() => (window as unknown as FakeWindow).__host.posted as { type: string }[]);
  }

  async waitForPosted(type: string, count = 1): Promise<{ type: string; [key: string]: unknown }> {
    await this.page.waitForFunction(
      ([t, n]) => (window as unknown as FakeWindow).__host.posted.filter((m) => (m as { type: string }).type === t).length >= n,
      [type, count] as const,
      { timeout: 10_000 },
    );
    const all = (await this.posted()).filter((m) => m.type === type);
    const last = all[all.length - 1];
    if (!last) throw new Error(`no ${type} message posted`);
    return last;
  }

  /** Picks the model, types the draft and waits for the estimate request the typing leads to; returns that request. */
  async typeForEstimate(model: string, draft: string): Promise<{ type: string; [key: string]: unknown } | undefined> {
    await this.page.locator('[data-testid="model-picker"]').selectOption(model);
    await this.page.locator('[data-testid="composer-input"]').fill(draft);
    await this.page.waitForFunction(
      (text) => (window as unknown as FakeWindow).__host.posted.some((m) => (m as { type: string; draft?: string }).type === 'estimateTokens' && (m as { draft?: string }).draft === text),
      draft,
    );
    return (await this.posted()).filter((m) => m.type === 'estimateTokens').pop();
  }

  async probeHits(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as FakeWindow).__host.probeHits);
  }

  /** Lets the page render: waits for `count` animation frames. */
  async frames(count = 2): Promise<void> {
    await this.page.evaluate(async (n) => {
      for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    }, count);
  }

  /**
   * Sends host messages one by one, as fast as possible, then lets the page render: two frames for the
   * per-frame coalescing, then until no deferred tail render is left (an expensive tail waits longer on
   * a loaded machine).
   */
  async play(messages: HostMessage[]): Promise<void> {
    for (const message of messages) await this.send(message);
    await this.frames(2);
    await this.page.waitForFunction(() => document.querySelector('[data-render-pending]') === null, undefined, { timeout: 10_000 });
    await this.frames(1);
  }

  lastAssistant(): ReturnType<Page['locator']> {
    return this.page.locator('[data-testid="message"][data-role="assistant"]').last();
  }
}

export function started(messageId: string, choiceCount = 1, model = 'svc-k2.5'): HostMessage {
  return { type: 'replyStarted', conversationId: CONVERSATION_ID, messageId, model, choiceCount };
}

export function content(messageId: string, text: string, choiceIndex = 0): HostMessage {
  return { type: 'contentDelta', conversationId: CONVERSATION_ID, messageId, choiceIndex, text };
}

/** A reasoning delta; `count` is how many deltas the host joined into it (StreamDeltaBatcher). */
export function reasoning(messageId: string, text: string, choiceIndex = 0, count?: number): HostMessage {
  return { type: 'reasoningDelta', conversationId: CONVERSATION_ID, messageId, choiceIndex, text, ...(count === undefined ? {} : { count }) };
}

export function failed(messageId: string, error: ErrorInfo, status: 'failed' | 'interrupted' = 'failed'): HostMessage {
  return { type: 'replyFailed', conversationId: CONVERSATION_ID, messageId, status, error };
}

export function finished(messageId: string, status: 'complete' | 'stopped' | 'interrupted' = 'complete'): HostMessage {
  const usage = { promptTokens: 12, completionTokens: 34, cachedTokens: 5 };
  return {
    type: 'replyFinished',
    conversationId: CONVERSATION_ID,
    messageId,
    status,
    finishReasons: [{ choiceIndex: 0, finishReason: status === 'complete' ? 'stop' : null }],
    usage,
    totals: usage,
  };
}
