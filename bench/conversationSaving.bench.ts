// Conversation saving: what a save writes to disk, and what start-up reads. A conversation of 50 and
// one of 5,000 messages each get a streamed turn saved through the extension's ConversationFolderFiles
// (journal and index, counted by a wrapper around it): a user message, then a reply that grows by
// CHUNK characters per save (what arrives in the 500 ms between throttled saves), then the final save.
// The same saves through the earlier whole-file format (FileKeyValueStorage, one JSON file per
// conversation) are measured in the same run. Start-up: 500 saved conversations, opened through the
// index versus read all (the earlier open: every file read and checked by the schema).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { systemClock } from '../src/core/clock';
import { ConversationSchema, type AssistantEntry, type Conversation } from '../src/core/conversations/conversation';
import type { ConversationFolder } from '../src/core/conversations/conversationFolder';
import { ConversationStore } from '../src/core/conversations/conversationStore';
import { ConversationFolderFiles } from '../src/extension/conversationFolderFiles';
import { FileKeyValueStorage } from '../src/extension/fileKeyValueStorage';
import { resultsDir } from '../test/harness/toolPaths';
import { longReply } from '../test/webview/longReply';
import { figure, ms, printTargets, runBench, type TargetResult } from './support/benchReport';

const CHUNK_WORDS = 20;
const STREAMED_SAVES = 40;
const CONVERSATIONS = 500;
const MESSAGES_EACH = 20;

/** Counts the bytes a folder is asked to write. */
class CountingFolder implements ConversationFolder {
  written = 0;
  constructor(private readonly inner: ConversationFolder) {}
  names = () => this.inner.names();
  read = (name: string) => this.inner.read(name);
  size = (name: string) => this.inner.size(name);
  remove = (name: string) => this.inner.remove(name);
  exclusive = <T>(action: () => Promise<T>) => this.inner.exclusive(action);
  append(name: string, text: string, durable: boolean): Promise<boolean> {
    this.written += Buffer.byteLength(text);
    return this.inner.append(name, text, durable);
  }
  replace(name: string, text: string): Promise<void> {
    this.written += Buffer.byteLength(text);
    return this.inner.replace(name, text);
  }
}

function fill(conversation: Conversation, messages: number, seed: number): void {
  for (let i = 0; i < messages / 2; i++) {
    conversation.entries.push({ id: `u${i}`, role: 'user', createdAt: i, content: `Question ${i}: ${longReply(20, seed + i).join('')}` });
    conversation.entries.push({
      id: `a${i}`,
      role: 'assistant',
      createdAt: i,
      model: 'svc-k2.5',
      alternatives: [{ content: longReply(120, seed + 7 * i).join(''), reasoning: '', finishReason: 'stop' }],
      selected: 0,
      status: 'complete',
    });
  }
}

interface TurnFigures {
  perSave: number[];
  newPerSave: number[];
  turnWritten: number;
  turnNew: number;
  wholeFilePerSave: number;
  journalSaveMs: number;
  wholeFileSaveMs: number;
}

async function streamedTurn(dir: string, messages: number): Promise<TurnFigures> {
  const folder = new CountingFolder(new ConversationFolderFiles(path.join(dir, `journal-${messages}`)));
  const legacy = new FileKeyValueStorage(path.join(dir, `whole-${messages}`));
  const { store } = await ConversationStore.open(folder, systemClock);
  const conversation = await store.create();
  fill(conversation, messages, messages);
  await store.save(conversation);
  const words = longReply(CHUNK_WORDS * STREAMED_SAVES, 99);
  const question = 'And how would that change with a second pass over the data?';
  const turnStart = folder.written;
  conversation.entries.push({ id: 'q', role: 'user', createdAt: 1, content: question });
  const reply: AssistantEntry = { id: 'r', role: 'assistant', createdAt: 1, model: 'svc-k2.5', alternatives: [{ content: '', reasoning: '', finishReason: null }], selected: 0, status: 'streaming' };
  conversation.entries.push(reply);
  await store.save(conversation);
  const perSave: number[] = [];
  const newPerSave: number[] = [];
  let journalMs = 0;
  let wholeMs = 0;
  let wholeBytes = 0;
  const alternative = reply.alternatives[0] as { content: string };
  for (let s = 0; s < STREAMED_SAVES; s++) {
    const added = words.slice(s * CHUNK_WORDS, (s + 1) * CHUNK_WORDS).join('');
    alternative.content += added;
    const before = folder.written;
    const start = performance.now();
    await store.save(conversation);
    journalMs += performance.now() - start;
    perSave.push(folder.written - before);
    newPerSave.push(Buffer.byteLength(added));
    const wholeStart = performance.now();
    const whole = JSON.stringify(conversation);
    await legacy.write(`conversation/${conversation.id}`, conversation);
    wholeMs += performance.now() - wholeStart;
    wholeBytes += Buffer.byteLength(whole);
  }
  reply.status = 'complete';
  (reply.alternatives[0] as { finishReason: string | null }).finishReason = 'stop';
  reply.usage = { promptTokens: 1_000, completionTokens: 300, cachedTokens: 900, reasoningTokens: 0 };
  await store.save(conversation);
  await store.flush();
  const turnNew = Buffer.byteLength(question) + Buffer.byteLength(alternative.content);
  return { perSave, newPerSave, turnWritten: folder.written - turnStart, turnNew, wholeFilePerSave: wholeBytes / STREAMED_SAVES, journalSaveMs: journalMs / STREAMED_SAVES, wholeFileSaveMs: wholeMs / STREAMED_SAVES };
}

async function startUp(dir: string): Promise<{ indexMs: number; readAllMs: number }> {
  const journalDir = path.join(dir, 'startup-journal');
  const wholeDir = path.join(dir, 'startup-whole');
  const { store } = await ConversationStore.open(new ConversationFolderFiles(journalDir), systemClock);
  const legacy = new FileKeyValueStorage(wholeDir);
  for (let c = 0; c < CONVERSATIONS; c++) {
    const conversation = await store.create();
    fill(conversation, MESSAGES_EACH, c);
    await store.save(conversation);
    await legacy.write(`conversation/${conversation.id}`, conversation);
  }
  await store.flush();
  const indexStart = performance.now();
  const opened = await ConversationStore.open(new ConversationFolderFiles(journalDir), systemClock);
  const indexMs = performance.now() - indexStart;
  assert.equal(opened.store.list().length, CONVERSATIONS);
  const readAllStart = performance.now();
  let read = 0;
  for (const key of await legacy.keys()) if (ConversationSchema.safeParse(await legacy.read(key)).success) read++;
  const readAllMs = performance.now() - readAllStart;
  assert.equal(read, CONVERSATIONS);
  return { indexMs, readAllMs };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(resultsDir, 'bench-saving-'));
  const targets: TargetResult[] = [];
  try {
    console.log(`streamed turn: ${STREAMED_SAVES} saves of ${CHUNK_WORDS} words each, then the final save; start-up: ${CONVERSATIONS} conversations of ${MESSAGES_EACH} messages`);
    for (const messages of [50, 5_000]) {
      const t = await streamedTurn(dir, messages);
      const ratios = t.perSave.map((bytes, i) => bytes / (t.newPerSave[i] ?? 1));
      const worst = Math.max(...ratios);
      const mean = t.perSave.reduce((a, b) => a + b, 0) / t.perSave.length;
      const newMean = t.newPerSave.reduce((a, b) => a + b, 0) / t.newPerSave.length;
      figure(`${messages} messages: bytes per streamed save (journal)`, `${mean.toFixed(0)} B for ${newMean.toFixed(0)} B new (worst ${worst.toFixed(2)}×), ${ms(t.journalSaveMs)}`);
      figure(`${messages} messages: bytes per streamed save (whole file, before)`, `${kb(t.wholeFilePerSave)} (${(t.wholeFilePerSave / mean).toFixed(0)}× the journal), ${ms(t.wholeFileSaveMs)}`);
      figure(`${messages} messages: bytes per finished turn (journal + index)`, `${kb(t.turnWritten)} for ${kb(t.turnNew)} new (${(t.turnWritten / t.turnNew).toFixed(2)}×)`);
      targets.push({ name: `streamed save at ${messages} messages`, measured: `${worst.toFixed(2)}× the new content (worst save)`, target: '≤ 2×', pass: worst <= 2 });
      targets.push({ name: `finished turn at ${messages} messages`, measured: `${(t.turnWritten / t.turnNew).toFixed(2)}× the new content`, target: '≤ 2×', pass: t.turnWritten <= 2 * t.turnNew });
    }
    const s = await startUp(dir);
    figure(`start-up with ${CONVERSATIONS} conversations: index`, ms(s.indexMs));
    figure(`start-up with ${CONVERSATIONS} conversations: read all (before)`, `${ms(s.readAllMs)} (${(s.readAllMs / s.indexMs).toFixed(1)}× the index)`);
    targets.push({ name: `start-up at ${CONVERSATIONS} conversations`, measured: `${ms(s.indexMs)} vs ${ms(s.readAllMs)} reading all`, target: 'faster than reading all', pass: s.indexMs < s.readAllMs });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  printTargets(targets);
}

runBench(main);
