// Completions as you type, on the real emulator with the real client: a scripted typing session of
// 2,000 keystrokes (a real source file typed line by line, a pause at each line's end), each keystroke
// cancelling the previous ask as VS Code does, each ask waiting for the product's debounce (quietPause)
// and then asking the engine. Time is scaled down (a keystroke every 10 ms, a 40 ms debounce, a 150 ms
// pause per line) so the ratios of a human session are measured in seconds. The extension host is not
// started: VS Code's own rendering is not in these figures.
// - added latency: from the debounce's end to the request on the wire (the engine's own work);
// - last response byte to the completion handed back (trimming, cache);
// - requests per pause, aborted requests (every fourth pause is cut short just after its request left) and
//   their counted tokens, the cached share of the prompt from the second request on, completion tokens per
//   accepted character (a completion counts as accepted as far as the typist then types it);
// - the longest event-loop delay while completing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { SvcClient } from '../src/api/index';
import { CompletionEngine } from '../src/core/completions/completionEngine';
import { CompletionUsage } from '../src/core/completions/completionUsage';
import { quietPause } from '../src/core/completions/quietPause';
import { startEmulatorThread } from '../src/emulator/emulatorThread';
import { figure, ms, percentile, printTargets, runBench } from './support/benchReport';

const KEYSTROKES = 2_000;
const KEY_MS = 10;
const DEBOUNCE_MS = 40;
const PAUSE_MS = 150;
/** Every SHORT_EVERY-th pause the typist goes on just after the request left, as a user who did not wait: that request is aborted. */
const SHORT_EVERY = 4;
const SHORT_PAUSE_MS = DEBOUNCE_MS + 6;
const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time));

runBench(async () => {
  const source = readFileSync(path.join(__dirname, '..', 'src', 'core', 'chat', 'chatRequestBuilder.ts'), 'utf8');
  // On a thread of its own, as the extension host runs it: this thread's delays are the engine's and the client's.
  const emulator = await startEmulatorThread({});
  const client = new SvcClient({ baseUrl: emulator.url, apiKey: emulator.apiKey, maxRetries: 0 });
  const usage = new CompletionUsage(() => Date.now(), () => ({}));
  const requestTimes: number[] = [];
  let requests = 0;
  /** When the reply being read last gave a chunk: its last byte, once the stream has ended. */
  let lastChunkAt = 0;
  // The usage of the replies that arrived (an aborted request's is only estimated, with nothing cached).
  const replies: { prompt: number; cached: number }[] = [];
  const recording = {
    async *chatStream(request: Parameters<SvcClient['chatStream']>[0], options: { signal?: AbortSignal }) {
      for await (const chunk of client.chatStream(request, options)) {
        lastChunkAt = performance.now();
        if (chunk.usage) replies.push({ prompt: chunk.usage.prompt_tokens, cached: chunk.usage.cached_tokens ?? 0 });
        yield chunk;
      }
    },
  };
  // A first request builds the emulator's tokenizer tables and warms the connection before measuring.
  await client.chat({ model: 'svc-k2-turbo-preview', messages: [{ role: 'user', content: 'warm up' }] });
  const engine = new CompletionEngine({
    client: async () => recording,
    cacheKey: async () => 'bench',
    model: () => 'svc-k2-turbo-preview',
    gate: () => ({ trusted: true, allowInRestrictedMode: false, balanceBlocked: undefined, protectedFiles: [] }),
    usage,
    onRequest: () => {
      requests++;
      requestTimes.push(performance.now());
    },
  });
  const added: number[] = [];
  const handedBack: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let typed = '';
  let pauses = 0;
  let acceptedChars = 0;
  let ask: AbortController | undefined;
  let shown: { at: number; text: string } | undefined;
  let keystrokes = 0;
  const asks: Promise<void>[] = [];
  for (let i = 0; keystrokes < KEYSTROKES; i = (i + 1) % source.length) {
    ask?.abort();
    const char = source[i]!;
    typed += char;
    keystrokes++;
    if (shown && typed.length > shown.at) {
      const next = typed.slice(shown.at);
      if (shown.text.startsWith(next)) acceptedChars++;
      else shown = undefined;
    }
    const controller = new AbortController();
    ask = controller;
    const before = `${source}\n${typed}`;
    const position = typed.length;
    asks.push(
      (async () => {
        if (!(await quietPause(DEBOUNCE_MS, controller.signal))) return;
        const started = performance.now();
        const count = requestTimes.length;
        const result = await engine.complete({ path: 'src/typed.ts', languageId: 'typescript', before, after: '\n' }, controller.signal).catch(() => undefined);
        const asked = requestTimes.length > count;
        if (asked) added.push(requestTimes[count]! - started);
        if (result && !controller.signal.aborted) {
          // Only a completion read from a reply has a last byte; one from the cache or the shown text had none.
          if (asked) handedBack.push(performance.now() - lastChunkAt);
          shown = { at: position, text: result.text };
        }
      })(),
    );
    if (char === '\n') pauses++;
    await sleep(char !== '\n' ? KEY_MS : pauses % SHORT_EVERY === 0 ? SHORT_PAUSE_MS : PAUSE_MS);
  }
  ask?.abort();
  await Promise.all(asks);
  delay.disable();
  await emulator.close();
  const day = usage.day;
  const p50 = percentile(added, 50);
  const handedP50 = percentile(handedBack, 50);
  const later = replies.slice(1);
  const cachedShare = later.reduce((sum, r) => sum + r.cached, 0) / Math.max(1, later.reduce((sum, r) => sum + r.prompt, 0));
  const perPause = requests / Math.max(1, pauses);
  const repliedPrompt = replies.reduce((sum, r) => sum + r.prompt, 0);
  const abortedPrompt = day.promptTokens - repliedPrompt;
  figure('session', `${KEYSTROKES} keystrokes, ${pauses} pauses (every ${SHORT_EVERY}th cut short), ${requests} requests (${day.aborted} aborted)`);
  figure('aborted requests: prompt tokens counted (estimated, none cached)', `${abortedPrompt} for ${day.aborted} requests`);
  figure('debounce end → request on the wire, p50 / p95', `${ms(p50)} / ${ms(percentile(added, 95))}`);
  figure('last response byte → completion handed back, p50 / p95', `${ms(handedP50)} / ${ms(percentile(handedBack, 95))} (${handedBack.length} completions)`);
  figure('prompt tokens / cached / completion tokens', `${day.promptTokens} / ${day.cachedTokens} / ${day.completionTokens}`);
  figure('completion tokens per accepted character', acceptedChars > 0 ? (day.completionTokens / acceptedChars).toFixed(2) : 'none accepted');
  figure('longest event-loop delay while completing', ms(delay.max / 1e6));
  printTargets([
    { name: 'added latency, debounce end → request on the wire, p50', measured: ms(p50), target: '≤ 5 ms', pass: p50 <= 5 },
    { name: 'last response byte → completion handed back to VS Code, p50', measured: ms(handedP50), target: '≤ 10 ms', pass: handedBack.length > 0 && handedP50 <= 10 },
    { name: "aborted requests' tokens counted", measured: `${day.aborted} aborted, ${abortedPrompt} prompt tokens counted`, target: 'each aborted request counted with its prompt', pass: day.aborted > 0 && abortedPrompt > 0 },
    { name: 'requests per pause', measured: perPause.toFixed(2), target: '≤ 1', pass: perPause <= 1 },
    { name: 'prompt served from the cache from the second request on', measured: `${(cachedShare * 100).toFixed(0)} %`, target: '≥ 80 %', pass: cachedShare >= 0.8 },
    { name: 'longest event-loop delay while completing', measured: ms(delay.max / 1e6), target: '≤ 20 ms', pass: delay.max / 1e6 <= 20 },
  ]);
});
