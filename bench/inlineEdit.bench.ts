// An inline edit of a 2,000-line file (real code: 2,000 lines of TypeScript's own compiler), every line
// rewritten by a rename as the emulator answers it, streamed in chunks of about four characters (one
// token each) that arrive as separate events, as from the network. Measured on the pure pipeline the
// extension runs for each completed line (InlineEditStream → partial hunks → renderReview: the text and
// the marks handed to the editor edit and setDecorations); the extension host itself is not started, so
// VS Code's own painting is not in these figures.
// - first diff line: from the first streamed token to the first review carrying an added line;
// - the longest event-loop delay while the whole reply streams in, each completed line re-rendered;
// - the baseline, measured in the same run: re-rendering at every token instead of every completed line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { InlineEditStream } from '../src/core/edits/inlineEditStream';
import { inlineEditMessages } from '../src/core/edits/inlineEditPrompt';
import { renderReview } from '../src/core/edits/reviewRender';
import { inlineEditReply } from '../src/emulator/inlineEditRewrite';
import { figure, ms, printTargets, runBench } from './support/benchReport';

const LINES = 2_000;
const TOKEN_CHARS = 4;

/** 2,000 lines of real code whose first line the rename changes, so the first diff line is the reply's first line. */
function realFile(): string {
  const source = readFileSync(path.join(__dirname, '..', 'node_modules', 'typescript', 'lib', 'typescript.js'), 'utf8').split('\n');
  const start = source.findIndex((line, i) => i >= 20_000 && /\bnode\b/.test(line));
  return `${source.slice(start, start + LINES).join('\n')}\n`;
}

function tokens(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += TOKEN_CHARS) out.push(text.slice(i, i + TOKEN_CHARS));
  return out;
}

const nextEvent = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Run {
  firstDiffMs: number;
  totalMs: number;
  longestDelayMs: number;
  renders: number;
  hunks: number;
}

async function stream(code: string, reply: string, options: { renderEveryToken: boolean; tokenLimit?: number }): Promise<Run> {
  const pieces = tokens(reply).slice(0, options.tokenLimit);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const edit = new InlineEditStream(code);
  let firstDiffMs = -1;
  let renders = 0;
  delay.enable();
  const start = performance.now();
  for (const piece of pieces) {
    await nextEvent();
    if (edit.push(piece) || options.renderEveryToken) {
      const view = renderReview(edit.partial(), new Map());
      renders++;
      if (firstDiffMs < 0 && view.added.size > 0) firstDiffMs = performance.now() - start;
    }
  }
  const final = renderReview(edit.final(), new Map());
  const totalMs = performance.now() - start;
  delay.disable();
  return { firstDiffMs, totalMs, longestDelayMs: delay.max / 1e6, renders, hunks: final.open.length };
}

runBench(async () => {
  const code = realFile();
  const context = { fileName: 'typescript.js', languageId: 'javascript', before: '', after: '', code, startLine: 1, endLine: LINES };
  const reply = inlineEditReply(inlineEditMessages(context, [{ instruction: 'rename node to astNode' }]));
  // Warm the diff and the renderer once, as the extension host is warm when a user edits.
  await stream(code, reply, { renderEveryToken: false, tokenLimit: 2_000 });
  const run = await stream(code, reply, { renderEveryToken: false });
  const naiveTokens = 2_000;
  const naive = await stream(code, reply, { renderEveryToken: true, tokenLimit: naiveTokens });
  const gated = await stream(code, reply, { renderEveryToken: false, tokenLimit: naiveTokens });

  figure('file', `${LINES} lines of TypeScript's compiler, ${code.length} chars; reply ${tokens(reply).length} tokens, ${run.hunks} hunks`);
  figure('first streamed token → first diff line ready to paint', ms(run.firstDiffMs));
  figure('whole reply streamed and rendered', `${ms(run.totalMs)} (${run.renders} renders)`);
  figure('longest event-loop delay while streaming', ms(run.longestDelayMs));
  figure(`baseline: render at every token (first ${naiveTokens} tokens)`, `${ms(naive.totalMs)}, longest delay ${ms(naive.longestDelayMs)}`);
  figure(`render per completed line (same ${naiveTokens} tokens)`, `${ms(gated.totalMs)}, longest delay ${ms(gated.longestDelayMs)}`);
  printTargets([
    // One frame at 60 Hz: the first changed line shows in the frame after it arrives.
    { name: 'first diff line after the first token', measured: ms(run.firstDiffMs), target: '≤ 16 ms', pass: run.firstDiffMs >= 0 && run.firstDiffMs <= 16 },
    // Typing stays smooth while the reply streams: no stall longer than the 50 ms a keystroke may wait.
    { name: 'longest event-loop delay, 2,000-line file edited inline', measured: ms(run.longestDelayMs), target: '≤ 50 ms', pass: run.longestDelayMs <= 50 },
    { name: 'render per line vs per token (same tokens)', measured: `${(gated.totalMs / naive.totalMs).toFixed(2)}×`, target: '≤ 0.5×', pass: gated.totalMs <= naive.totalMs * 0.5 },
  ]);
});
