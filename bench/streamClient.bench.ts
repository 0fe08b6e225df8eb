// Streaming throughput: one large recorded-style stream (reasoning, content, interleaved parallel tool
// calls, usage) served from 127.0.0.1, parsed and merged by our client, by the official openai
// package (its stream helper with finalChatCompletion, and its raw chunk iterator), and by a floor that
// only JSON.parses each event. Rounds alternate the order; each one's median and spread are reported.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { ChatStreamAccumulator, SvcClient, type ToolCall } from '../src/api';
import { figure, figureSpread, printTargets, runBench } from './support/benchReport';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const REQUEST = { model: 'svc-k2.5', messages: [{ role: 'user' as const, content: 'Plan the trip and call the tools.' }] };

/** Deterministic pseudo-random numbers, so every run streams the same bytes. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = ['the', 'route', 'via', 'Zürich', 'costs', 'about', '€120', 'and', 'takes', '3h', 'so', 'we', 'should', 'check', 'trains', '東京', 'weather', 'first', 'then', 'book', '🚆', 'early'];

interface Expected {
  content: string;
  reasoning: string;
  toolCalls: ToolCall[];
}

function generateStream(): { bytes: Buffer; chunks: number; expected: Expected } {
  const random = prng(42);
  const words = (n: number): string => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ') + ' ';
  const base = { id: 'chatcmpl-bench-0001', object: 'chat.completion.chunk', created: 1787762066, model: 'svc-k2.5' };
  const events: string[] = [];
  const emit = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}): void => {
    events.push(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null, ...extra }] })}\n\n`);
  };
  const expected: Expected = { content: '', reasoning: '', toolCalls: [] };
  emit({ role: 'assistant', content: '' });
  for (let i = 0; i < 14000; i++) {
    const piece = words(1 + Math.floor(random() * 4));
    expected.reasoning += piece;
    emit({ reasoning_content: piece });
  }
  for (let i = 0; i < 14000; i++) {
    const piece = words(1 + Math.floor(random() * 4));
    expected.content += piece;
    emit({ content: piece });
  }
  const names = ['search_trains', 'get_weather', 'book_hotel'];
  const args = names.map((name, k) => JSON.stringify({ query: words(2000), call: name, k }));
  names.forEach((name, index) => {
    const id = `${name}_${index}`;
    expected.toolCalls.push({ id, type: 'function', function: { name, arguments: args[index] as string } });
    emit({ tool_calls: [{ index, id, type: 'function', function: { name, arguments: '' } }] });
  });
  const cursors = [0, 0, 0];
  while (cursors.some((c, k) => c < (args[k] as string).length)) {
    const k = Math.floor(random() * 3);
    const text = args[k] as string;
    if ((cursors[k] as number) >= text.length) continue;
    const size = 4 + Math.floor(random() * 16);
    const piece = text.slice(cursors[k], (cursors[k] as number) + size);
    cursors[k] = (cursors[k] as number) + size;
    emit({ tool_calls: [{ index: k, function: { arguments: piece } }] });
  }
  const usage = { prompt_tokens: 213, completion_tokens: 91000, total_tokens: 91213, cached_tokens: 200, prompt_tokens_details: { cached_tokens: 200 } };
  emit({}, { finish_reason: 'tool_calls', usage });
  events.push(`data: ${JSON.stringify({ ...base, choices: [], usage })}\n\n`);
  events.push('data: [DONE]\n\n');
  return { bytes: Buffer.from(events.join(''), 'utf8'), chunks: events.length - 1, expected };
}

async function ours(baseUrl: string, expected: Expected): Promise<void> {
  const client = new SvcClient({ baseUrl, apiKey: 'sk-bench', maxRetries: 0 });
  const accumulator = new ChatStreamAccumulator();
  for await (const chunk of client.chatStream(REQUEST)) accumulator.push(chunk);
  const message = accumulator.result().choices[0]?.message;
  assert.equal(message?.content, expected.content);
  assert.equal(message?.reasoning_content, expected.reasoning);
  assert.deepEqual(message?.tool_calls, expected.toolCalls);
}

async function openaiHelper(baseUrl: string, expected: Expected): Promise<void> {
  const client = new OpenAI({ baseURL: baseUrl, apiKey: 'sk-bench', maxRetries: 0 });
  const stream = client.chat.completions.stream({ model: REQUEST.model, messages: REQUEST.messages });
  const completion = await stream.finalChatCompletion();
  const message = completion.choices[0]?.message;
  assert.equal(message?.content, expected.content);
  assert.deepEqual(
    message?.tool_calls?.map((t) => (t.type === 'function' ? t.function.arguments : '')),
    expected.toolCalls.map((t) => t.function.arguments),
  );
}

async function openaiRaw(baseUrl: string, _expected: Expected, chunks: number): Promise<void> {
  const client = new OpenAI({ baseURL: baseUrl, apiKey: 'sk-bench', maxRetries: 0 });
  const stream = await client.chat.completions.create({ model: REQUEST.model, messages: REQUEST.messages, stream: true });
  let seen = 0;
  for await (const chunk of stream) if (chunk.id) seen++;
  assert.equal(seen, chunks);
}

/** The floor: fetch, decode, cut events at blank lines, JSON.parse each payload; nothing else. */
async function jsonParseFloor(baseUrl: string, _expected: Expected, chunks: number): Promise<void> {
  const response = await fetch(`${baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ ...REQUEST, stream: true }) });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    let start = 0;
    while (end !== -1) {
      const data = buffer.slice(start + 6, end);
      if (data !== '[DONE]' && (JSON.parse(data) as { id?: string }).id) seen++;
      start = end + 2;
      end = buffer.indexOf('\n\n', start);
    }
    buffer = buffer.slice(start);
  }
  assert.equal(seen, chunks);
}

type Contender = (baseUrl: string, expected: Expected, chunks: number) => Promise<void>;

async function main(): Promise<void> {
  const { bytes, chunks, expected } = generateStream();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const mb = bytes.length / 1e6;
  console.log(`stream: ${mb.toFixed(2)} MB, ${chunks} chunks (reasoning, content, 3 interleaved tool calls), ${ROUNDS} rounds; node ${process.version}`);

  const contenders: [string, Contender][] = [
    ['ours (chatStream + ChatStreamAccumulator)', ours],
    ['openai (chat.completions.stream + finalChatCompletion)', openaiHelper],
    ['openai (chat.completions.create stream, chunks only)', openaiRaw],
    ['floor (fetch + JSON.parse per event)', jsonParseFloor],
  ];
  const times = new Map<string, number[]>(contenders.map(([name]) => [name, []]));
  for (const [, run] of contenders) await run(baseUrl, expected, chunks);
  for (let round = 0; round < ROUNDS; round++) {
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length] as [string, Contender]);
    for (const [name, run] of order) {
      const start = process.hrtime.bigint();
      await run(baseUrl, expected, chunks);
      times.get(name)?.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  server.close();

  const throughput = new Map<string, number>();
  for (const [name] of contenders) {
    const rates = (times.get(name) ?? []).map((ms) => mb / (ms / 1000));
    throughput.set(name, figureSpread(`${name}, MB/s`, rates, 'MB/s').median);
  }
  const [ourName, helperName, rawName, floorName] = contenders.map(([name]) => name) as [string, string, string, string];
  const ourRate = throughput.get(ourName) as number;
  const ratio = (other: string): number => ourRate / (throughput.get(other) as number);
  figure('ratio ours / openai raw chunks (medians)', `${ratio(rawName).toFixed(2)}×`);
  printTargets([
    { name: 'ours / openai stream helper (medians)', measured: `${ratio(helperName).toFixed(2)}×`, value: { value: ratio(helperName), unit: '×' }, target: '>= 1.5×', pass: ratio(helperName) >= 1.5 },
    { name: 'ours / JSON.parse floor (medians)', measured: `${ratio(floorName).toFixed(2)}×`, value: { value: ratio(floorName), unit: '×' }, target: '>= 0.5×', pass: ratio(floorName) >= 0.5 },
  ]);
}

runBench(main);
