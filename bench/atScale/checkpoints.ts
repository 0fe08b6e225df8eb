// Checkpoints at scale, on a private copy of the large repository: the shadow store's first and next
// checkpoint against plain git doing the same work on the same tree in the same run (`git add -A && git
// write-tree` in a separate GIT_DIR and index), and the time from "send" to the request leaving with
// checkpoints on and off (the chat's real path: ChatSession with its checkpoint taken alongside, over a
// transport that records when the request arrives).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { ChatCompletionChunk, ChatRequest } from '../../src/api/index';
import { ChatSession, type ChatStreamClient } from '../../src/core/chat/chatSession';
import { checkpointedTurn } from '../../src/core/chat/checkpointedTurn';
import { Checkpoints } from '../../src/core/checkpoints/checkpoints';
import type { TakeCheckpoint } from '../../src/core/checkpoints/checkpointedTool';
import { systemClock } from '../../src/core/clock';
import { ConversationStore } from '../../src/core/conversations/conversationStore';
import { ConversationFolderFiles } from '../../src/extension/conversationFolderFiles';
import { ShadowGitStore } from '../../src/extension/checkpoints/shadowGitStore';
import { figure, ms, type TargetResult } from '../support/benchReport';
import { scratchCopy, type LargeRepository } from '../support/largeRepository';

/** Rounds of "edit 10 files, checkpoint" for the next-checkpoint figures; the median is compared. */
const NEXT_ROUNDS = 7;
const EDITS_PER_ROUND = 10;
/** First messages sent with checkpoints on and off, alternately. */
const MESSAGE_ROUNDS = 5;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => (error ? reject(new Error(`${command} ${args.join(' ')}: ${stderr || error.message}`)) : resolve()));
  });
}

/** Plain git on the same tree, in a repository and index of its own: what a checkpoint costs git itself. */
function plainGit(root: string, gitDir: string) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: gitDir, GIT_DIR: gitDir, GIT_WORK_TREE: root, GIT_INDEX_FILE: path.join(gitDir, 'index'), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull };
  return {
    init: async () => {
      await run('git', ['init', '--quiet'], root, env);
      fs.writeFileSync(path.join(gitDir, 'info', 'exclude'), '.git\n');
    },
    checkpoint: async () => {
      const start = performance.now();
      await run('git', ['add', '-A'], root, env);
      await run('git', ['write-tree'], root, env);
      return performance.now() - start;
    },
  };
}

/** Runs `work`, timing it and the longest the event loop (the extension host's, in VS Code) waited meanwhile. */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T; loopDelayMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const start = performance.now();
  const value = await work();
  const elapsed = performance.now() - start;
  delay.disable();
  return { ms: elapsed, value, loopDelayMs: delay.max / 1e6 };
}

/** The files edited in each round: spread over the copies, each gets a line appended. */
function editFiles(root: string, round: number): void {
  const copies = fs.readdirSync(root).filter((name) => name.startsWith('copy')).sort();
  for (let i = 0; i < EDITS_PER_ROUND; i++) {
    const copy = copies[(round * EDITS_PER_ROUND + i) % copies.length] as string;
    fs.appendFileSync(path.join(root, copy, i % 2 === 0 ? 'README.md' : 'Makefile'), `\n# edited in round ${round}, file ${i}\n`);
  }
}

/** A transport that answers at once and records when each request arrived. */
class RecordingTransport implements ChatStreamClient {
  arrivals: number[] = [];
  async *chatStream(request: ChatRequest): AsyncIterable<ChatCompletionChunk> {
    this.arrivals.push(performance.now());
    yield { id: 'bench', object: 'chat.completion.chunk', created: 0, model: request.model, choices: [{ index: 0, delta: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] } as ChatCompletionChunk;
  }
}

/**
 * Milliseconds from "send" to the request arriving at the transport, for a first message in a new
 * conversation; resolves once the message's checkpoint (if any) is taken too.
 */
async function firstMessageLatency(store: ConversationStore, checkpoints: Checkpoints | undefined): Promise<number> {
  const taking: Promise<unknown>[] = [];
  const take: TakeCheckpoint | undefined =
    checkpoints &&
    ((label) => {
      const checkpoint = checkpoints.take(label);
      taking.push(checkpoint);
      return checkpoint;
    });
  const transport = new RecordingTransport();
  const session = new ChatSession({ client: () => transport, store, clock: systemClock, onEvent: () => undefined, promptCacheKey: async () => 'bench-key' });
  const conversation = await store.create();
  const turn = checkpointedTurn({ display: 'What does this repository do?', context: [], content: 'What does this repository do?' }, take);
  const start = performance.now();
  await session.sendTurn(conversation.id, turn, { model: 'svc-k2.5', thinking: false, jsonMode: false, choiceCount: 1 });
  const arrived = transport.arrivals[0];
  if (arrived === undefined) throw new Error('the request never reached the transport');
  await Promise.all(taking);
  if (checkpoints && taking.length !== 1) throw new Error('the message took no checkpoint');
  return arrived - start;
}

export async function measure(repository: LargeRepository): Promise<TargetResult[]> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-scale-ckpt-'));
  try {
    const root = scratchCopy(repository, base);
    const plain = plainGit(root, path.join(base, 'plain.git'));
    await plain.init();
    const store = await ShadowGitStore.open(path.join(base, 'store'), root);

    const plainFirst = await plain.checkpoint();
    const first = await timed(() => store.snapshot('first'));

    const plainNext: number[] = [];
    const storeNext: number[] = [];
    let nextLoopDelay = 0;
    const storeCheckpoint = async (round: number): Promise<void> => {
      const next = await timed(() => store.snapshot(`next ${round}`));
      storeNext.push(next.ms);
      nextLoopDelay = Math.max(nextLoopDelay, next.loopDelayMs);
    };
    for (let round = 0; round < NEXT_ROUNDS; round++) {
      editFiles(root, round);
      // Both see the same edits; which goes first alternates, so neither always finds the file cache warmer.
      if (round % 2 === 0) {
        plainNext.push(await plain.checkpoint());
        await storeCheckpoint(round);
      } else {
        await storeCheckpoint(round);
        plainNext.push(await plain.checkpoint());
      }
    }

    // The first message of a window whose folder has no checkpoint yet (the background preparation not
    // done): the hardest case for "send at once". Each round gets a fresh store; off and on alternate.
    const { store: conversations } = await ConversationStore.open(new ConversationFolderFiles(path.join(base, 'conversations')), systemClock);
    const off: number[] = [];
    const on: number[] = [];
    const preparedOn: number[] = [];
    for (let round = 0; round < MESSAGE_ROUNDS; round++) {
      off.push(await firstMessageLatency(conversations, undefined));
      const fresh = await ShadowGitStore.open(path.join(base, `message-store-${round}`), root);
      const checkpoints = new Checkpoints({ stores: async () => [fresh], enabled: () => true, clock: systemClock, newId: () => `bench-${round}`, warnOnce: () => undefined });
      on.push(await firstMessageLatency(conversations, checkpoints));
      // The same folder once prepared: the usual case after the window's first minute.
      preparedOn.push(await firstMessageLatency(conversations, checkpoints));
    }
    await conversations.flush();

    const nextRatio = median(storeNext) / median(plainNext);
    const added = median(on) - median(off);
    const addedPrepared = median(preparedOn) - median(off);
    figure('checkpoints: tree', `${repository.files} files (${repository.copies} copies of ${path.basename(path.dirname(repository.source.gitDir))}), private copy`);
    figure('checkpoints: plain git, first (add -A && write-tree)', ms(plainFirst));
    figure('checkpoints: shadow store, first', `${ms(first.ms)} (${first.value.leftOut.length} files left out by the caps)`);
    figure(`checkpoints: plain git, next (${EDITS_PER_ROUND} files edited), median of ${NEXT_ROUNDS}`, `${ms(median(plainNext))} (${plainNext.map((v) => v.toFixed(0)).join(', ')})`);
    figure(`checkpoints: shadow store, next (${EDITS_PER_ROUND} files edited), median of ${NEXT_ROUNDS}`, `${ms(median(storeNext))} (${storeNext.map((v) => v.toFixed(0)).join(', ')})`);
    figure('checkpoints: longest event-loop delay, first / next', `${ms(first.loopDelayMs)} / ${ms(nextLoopDelay)}`);
    figure(`first message: send to request, checkpoints off, median of ${MESSAGE_ROUNDS}`, `${ms(median(off))} (${off.map((v) => v.toFixed(1)).join(', ')})`);
    figure('first message: checkpoints on, folder not prepared yet', `${ms(median(on))} (${on.map((v) => v.toFixed(1)).join(', ')})`);
    figure('first message: checkpoints on, folder prepared', `${ms(median(preparedOn))} (${preparedOn.map((v) => v.toFixed(1)).join(', ')})`);
    return [
      { name: 'next checkpoint vs plain git add -A && write-tree (same tree, same run)', measured: `${nextRatio.toFixed(2)}×`, target: '≤ 1.5×', pass: nextRatio <= 1.5 },
      { name: 'first message: latency added by checkpoints (folder not prepared yet)', measured: ms(added), target: '≤ 50 ms', pass: added <= 50 },
      { name: 'first message: latency added by checkpoints (folder prepared)', measured: ms(addedPrepared), target: '≤ 50 ms', pass: addedPrepared <= 50 },
    ];
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}
