// The inline edit's review over a document that changes under it, driven as a person and VS Code
// would interleave things: the reply streaming in, Escape, Accept / Reject of a hunk (also from a button
// drawn before the last change), Accept All / Reject All, a follow-up, the user typing above, below and
// inside the edited lines (also several places at once), saves at any moment, and the review's writes
// landing late or finding the document changed (the in-memory document lands them when the test says,
// version-checked as VS Code does). Each run is seeded; a failure names its seed
// (INLINE_EDIT_SEED=<seed> runs that one first). Checked after every step: no line outside the edit
// changed; while the review is open the document holds exactly what it shows; at every save the text
// saved is what was on the screen and has no line the user did not see. At the end: the lines hold the
// original text with exactly the accepted hunks applied (the original after Escape), or, when the user
// typed inside them, exactly what was there after their typing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { changedLines } from '../../../src/core/edits/changedLines';
import { applyHunks, type EditProposal, type HunkDecision } from '../../../src/core/edits/hunks';
import { InlineEditReview, type ReviewEnd } from '../../../src/core/edits/inlineEditReview';
import { InlineEditStream } from '../../../src/core/edits/inlineEditStream';
import type { DocumentChange } from '../../../src/core/edits/reviewDocument';
import { MemoryReviewDocument } from './support/memoryReviewDocument';
import { seededRandom } from '../../faults/seededRandom';

const RUNS = 600;
const FIRST_SEED = Number(process.env.INLINE_EDIT_SEED ?? 34_001);
const SOURCE = readFileSync(path.join(__dirname, '..', '..', '..', 'src', 'core', 'edits', 'rebase.ts'), 'utf8').split('\n');

type Random = () => number;

const seeded = (seed: number): Random => seededRandom(seed).next;

const below = (random: Random, n: number) => Math.floor(random() * n);
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A model's rewrite of `lines`: some lines renamed, some removed, some added, in a fence. */
function replyFor(random: Random, lines: readonly string[], round: number): string {
  const out: string[] = [];
  lines.forEach((line, i) => {
    const roll = random();
    if (roll < 0.12) return;
    out.push(roll < 0.4 ? line.replace(/\b([A-Za-z]\w*)\b/, `r${round}_$1`) : line);
    if (random() < 0.12) out.push(`// added ${round}.${i}`);
  });
  return `\`\`\`ts\n${out.join('\n')}\n\`\`\`\n`;
}

function chunksOf(random: Random, text: string): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; ) {
    const size = 1 + below(random, 14);
    chunks.push(text.slice(i, i + size));
    i += size;
  }
  return chunks;
}

function finalProposal(original: string, reply: string): EditProposal {
  const stream = new InlineEditStream(original);
  stream.push(reply);
  return stream.final();
}

type Call = { kind: 'finish'; reply: string } | { kind: 'decide'; id: string; decision: HunkDecision } | { kind: 'decideAll'; decision: HunkDecision } | { kind: 'cancel' } | { kind: 'restart' };

/** What the queue must make of the calls, in the order they were made: the region's text and how the review ends. */
function expectedEnd(original: string, calls: readonly Call[], eol: string): { region: string; how: ReviewEnd } | undefined {
  let phase: 'streaming' | 'review' = 'streaming';
  let proposal: EditProposal | undefined;
  const decisions = new Map<string, HunkDecision>();
  const result = (text: string, how: ReviewEnd) => ({ region: text.replace(/\r?\n/g, eol), how });
  const applied = (p: EditProposal) => applyHunks(p, new Set([...decisions].filter(([, d]) => d === 'accepted').map(([id]) => id)));
  for (const call of calls) {
    if (call.kind === 'cancel') return result(original, 'cancelled');
    if (call.kind === 'restart') {
      phase = 'streaming';
      decisions.clear();
    } else if (call.kind === 'finish') {
      if (phase !== 'streaming') continue;
      proposal = finalProposal(original, call.reply);
      if (proposal.hunks.length === 0) return result(original, 'unchanged');
      phase = 'review';
    } else if (phase === 'review' && proposal) {
      if (call.kind === 'decideAll') {
        for (const hunk of proposal.hunks) if (!decisions.has(hunk.id)) decisions.set(hunk.id, call.decision);
        return result(applied(proposal), 'decided');
      }
      if (!proposal.hunks.some((h) => h.id === call.id) || decisions.has(call.id)) continue;
      decisions.set(call.id, call.decision);
      if (decisions.size === proposal.hunks.length) return result(applied(proposal), 'decided');
    }
  }
  return undefined;
}

async function runOnce(seed: number): Promise<ReviewEnd> {
  const random = seeded(seed);
  const eol = random() < 0.25 ? '\r\n' : '\n';
  const from = below(random, SOURCE.length - 16);
  const fileLines = SOURCE.slice(from, from + 6 + below(random, 10));
  const finalNewline = random() < 0.8;
  const text = fileLines.join(eol) + (finalNewline ? eol : '');
  const first = below(random, fileLines.length);
  const last = Math.min(fileLines.length - 1, first + below(random, 7));
  const offsetOfLine = (line: number) => (line >= fileLines.length ? text.length : fileLines.slice(0, line).join(eol).length + (line > 0 ? eol.length : 0));
  const span = { start: offsetOfLine(first), end: offsetOfLine(last + 1) };
  const document = new MemoryReviewDocument(text, eol, () => (['whole', 'lines', 'characters'] as const)[below(random, 3)]!);
  const originalLines = new Set(fileLines);

  let before = text.slice(0, span.start);
  let after = text.slice(span.end);
  /** The region's text right after the user typed inside it (the review ended there). */
  let typedRegion: string | undefined;
  let ended: ReviewEnd | undefined;
  const review = new InlineEditReview(document, span, { changed: () => undefined, ended: (how) => (ended = how) });
  const original = review.original;
  const regionNow = () => document.getText().slice(before.length, document.getText().length - after.length);

  const calls: Call[] = [];
  let outstanding = 0;
  const track = (operation: Promise<unknown>) => {
    outstanding++;
    void operation.finally(() => outstanding--);
  };
  let round = 0;
  let reply = replyFor(random, original.split(/\r?\n/), round);
  let chunks = chunksOf(random, reply);
  let pushed = 0;
  let finishCalled = false;
  let restarting = false;
  const seen = new Set<string>();
  const staleIds: string[] = [];

  const check = (where: string) => {
    const now = document.getText();
    assert.ok(now.startsWith(before) && now.endsWith(after) && now.length >= before.length + after.length, `${where}: a line outside the edit changed`);
    if (typedRegion !== undefined) assert.equal(regionNow(), typedRegion, `${where}: the review wrote after the user typed inside its lines`);
    if (review.phase !== 'ended') {
      assert.equal(regionNow(), review.view.text, `${where}: the document does not hold what the review shows`);
      const shown = review.view.text.split(/\r?\n/);
      for (const line of review.view.added) seen.add(shown[line]!);
      for (const hunk of review.openHunks()) staleIds.push(hunk.hunk.id);
    }
  };

  const typeOutside = () => {
    const changes: DocumentChange[] = [];
    const length = document.getText().length;
    const lineBreakEnded = regionNow() === '' || /\n$/.test(regionNow());
    if (after.length > 0 && lineBreakEnded && random() < 0.5) {
      const at = length - after.length + below(random, after.length + 1);
      const end = random() < 0.3 ? Math.min(length, at + below(random, 6)) : at;
      const inserted = random() < 0.5 ? 'typed' : `line${eol}`;
      changes.push({ start: at, end, text: inserted });
      const offset = at - (length - after.length);
      after = after.slice(0, offset) + inserted + after.slice(offset + (end - at));
    }
    if (before.length > 0 && (changes.length === 0 || random() < 0.5)) {
      // A whole line added just above the lines, or typing anywhere above them that keeps their line break.
      const atRegion = random() < 0.2;
      const at = atRegion ? before.length : below(random, before.length);
      const end = atRegion ? at : Math.min(before.length - 1, at + below(random, 5));
      const inserted = atRegion ? `above${eol}` : random() < 0.5 ? 'typed' : `line${eol}`;
      changes.push({ start: at, end: Math.max(at, end), text: inserted });
      before = before.slice(0, at) + inserted + before.slice(Math.max(at, end));
    }
    if (changes.length > 0) document.type(changes);
  };

  const step = async (): Promise<void> => {
    const roll = random() * 100;
    const streaming = !restarting && !finishCalled;
    if (roll < 20 && streaming && pushed < chunks.length) review.push(chunks[pushed++]!);
    else if (roll < 24 && streaming && pushed === chunks.length) {
      finishCalled = true;
      calls.push({ kind: 'finish', reply });
      track(review.finishStreaming());
    } else if (roll < 50) document.land();
    else if (roll < 62) typeOutside();
    else if (roll < 63.5 && review.phase !== 'ended' && regionNow().length > 1) {
      const at = before.length + 1 + below(random, regionNow().length - 1);
      document.type([{ start: at, end: at, text: 'x' }]);
      assert.equal(review.phase, 'ended', 'typing inside the lines ends the review at once');
      assert.equal(ended, 'typed');
      typedRegion = regionNow();
    } else if (roll < 72) {
      const saved = document.getText();
      if (review.phase !== 'ended') assert.equal(saved, before + review.view.text + after, 'the save writes what the review shows');
      for (const line of regionNow().split(/\r?\n/)) assert.ok(originalLines.has(line) || seen.has(line) || line === '' || typedRegion !== undefined, `a save wrote a line the user did not see: ${line}`);
    } else if (roll < 74) {
      calls.push({ kind: 'cancel' });
      track(review.cancel());
    } else if (roll < 86) {
      const open = review.openHunks();
      const id = random() < 0.8 && open.length > 0 ? open[below(random, open.length)]!.hunk.id : staleIds[below(random, staleIds.length)];
      if (id !== undefined) {
        const decision = random() < 0.5 ? 'accepted' : 'rejected';
        calls.push({ kind: 'decide', id, decision });
        track(review.decide(id, decision));
      }
    } else if (roll < 88) {
      const decision = random() < 0.5 ? 'accepted' : 'rejected';
      calls.push({ kind: 'decideAll', decision });
      track(review.decideAll(decision));
    } else if (roll < 89.5 && review.phase === 'review' && !restarting) {
      calls.push({ kind: 'restart' });
      restarting = true;
      const next = replyFor(random, original.split(/\r?\n/), round + 1);
      const operation = review.restart().then((restarted) => {
        restarting = false;
        if (!restarted) return;
        round++;
        reply = next;
        chunks = chunksOf(random, reply);
        pushed = 0;
        finishCalled = false;
      });
      track(operation);
    }
    await tick();
    check(`step ${roll.toFixed(1)}`);
  };

  const settle = async () => {
    while (outstanding > 0 || document.pending > 0) {
      document.land();
      await tick();
      check('settling');
    }
  };

  const steps = 30 + below(random, 120);
  for (let i = 0; i < steps; i++) await step();
  await settle();
  if (review.phase === 'streaming' && !finishCalled) {
    while (pushed < chunks.length) review.push(chunks[pushed++]!);
    calls.push({ kind: 'finish', reply });
    track(review.finishStreaming());
  }
  if (random() < 0.3) {
    calls.push({ kind: 'cancel' });
    track(review.cancel());
  } else {
    const decision = random() < 0.5 ? 'accepted' : 'rejected';
    calls.push({ kind: 'decideAll', decision });
    track(review.decideAll(decision));
  }
  await settle();
  assert.equal(review.phase, 'ended');
  if (typedRegion !== undefined) {
    assert.equal(document.getText(), before + typedRegion + after);
    return 'typed';
  }
  const expected = expectedEnd(original, calls, eol);
  assert.ok(expected, 'the calls end the review');
  assert.equal(ended, expected.how);
  assert.equal(document.getText(), before + expected.region + after, 'the lines hold exactly the accepted hunks (the original after Escape)');
  assert.ok(document.writes.filter((w) => w.undo.undoStopBefore).length <= 1, "the review's writes are one undo step");
  return expected.how;
}

describe('inline edit review over a changing document', function () {
  this.timeout(120_000);

  it(`keeps every line outside the edit and applies exactly the decided hunks, over ${RUNS} seeded interleavings`, async () => {
    const outcomes = new Map<ReviewEnd, number>();
    for (let seed = FIRST_SEED; seed < FIRST_SEED + RUNS; seed++) {
      let how: ReviewEnd;
      try {
        how = await runOnce(seed);
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        throw new Error(`seed ${seed} (INLINE_EDIT_SEED=${seed}): ${text}`);
      }
      outcomes.set(how, (outcomes.get(how) ?? 0) + 1);
    }
    // The runs reach every way a review ends, each many times.
    for (const how of ['cancelled', 'decided', 'typed'] as const) assert.ok((outcomes.get(how) ?? 0) >= 30, `${how}: ${outcomes.get(how) ?? 0} runs`);
  });

  it('Escape pressed while a write is in flight and lines are added above keeps every line after the edit', async () => {
    const text = 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\nconst f = 6;\nconst g = 7;\nconst h = 8;\nconst i = 9;\n';
    const document = new MemoryReviewDocument(text, '\n');
    const ends: ReviewEnd[] = [];
    const review = new InlineEditReview(document, { start: text.indexOf('const c'), end: text.indexOf('const f') }, { changed: () => undefined, ended: (how) => ends.push(how) });
    review.push('```js\nconst c = 30;\nconst cc = 31;\nconst d = 40;\nconst e = 5;\n```\n');
    const finished = review.finishStreaming();
    await tick();
    assert.equal(document.land(), true);
    await finished;
    assert.equal(document.getText(), text.replace('const c = 3;\nconst d = 4;\n', 'const c = 30;\nconst cc = 31;\nconst d = 40;\n'), 'the file holds the proposal the review shows');
    const cancelled = review.cancel();
    await tick();
    // The save and the user's new line at the top come before Escape's write lands: it is computed again.
    const saved = document.getText();
    document.type([{ start: 0, end: 0, text: '// top\n' }]);
    while (document.pending > 0) {
      document.land();
      await tick();
    }
    await cancelled;
    assert.deepEqual(ends, ['cancelled']);
    assert.equal(document.getText(), `// top\n${text}`);
    assert.ok(saved.endsWith('const f = 6;\nconst g = 7;\nconst h = 8;\nconst i = 9;\n'));
  });

  it('an edit of the user\'s inside the lines ends the review at once, and its write in flight never lands', async () => {
    const text = 'one\ntwo\nthree\n';
    const document = new MemoryReviewDocument(text, '\n');
    const ends: ReviewEnd[] = [];
    const review = new InlineEditReview(document, { start: 4, end: 8 }, { changed: () => undefined, ended: (how) => ends.push(how) });
    review.push('```\nTWO\n```\n');
    const finished = review.finishStreaming();
    await tick();
    document.type([{ start: 5, end: 5, text: 'x' }]);
    assert.deepEqual(ends, ['typed'], 'typing inside the lines ends the review at once');
    while (document.pending > 0) {
      document.land();
      await tick();
    }
    await finished;
    assert.equal(document.getText(), 'one\ntxwo\nthree\n', 'the user\'s text stays as they wrote it');
  });

  it('narrows a write to whole lines that differ, and the narrowed replace gives exactly the new text', () => {
    const random = seeded(FIRST_SEED);
    const startsLine = (text: string, at: number) => at === 0 || text[at - 1] === '\n';
    for (let run = 0; run < 2_000; run++) {
      const lines = SOURCE.slice(below(random, SOURCE.length - 8), undefined).slice(0, 1 + below(random, 6));
      const eol = random() < 0.3 ? '\r\n' : '\n';
      const before = lines.join(eol) + (random() < 0.8 ? eol : '');
      const changed = lines.filter(() => random() > 0.2).map((line) => (random() < 0.3 ? `${line} // changed` : line));
      if (random() < 0.3) changed.splice(below(random, changed.length + 1), 0, '');
      const after = changed.join(eol) + (random() < 0.8 ? eol : '');
      const span = changedLines(before, after);
      assert.equal(before.slice(0, span.start) + span.insert + before.slice(span.end), after, `run ${run}`);
      assert.ok(startsLine(before, span.start), `run ${run}: the span starts a line`);
      assert.ok(span.end === before.length || startsLine(before, span.end), `run ${run}: the span ends a line`);
    }
  });
});
