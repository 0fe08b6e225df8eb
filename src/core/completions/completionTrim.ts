// What of the model's reply is shown at the cursor: the inserted text only. A chat model may wrap it in
// a code fence, say a sentence first, repeat the line it was given, or write out the text that already
// follows the cursor; each is taken off here, so the ghost text never duplicates the file.
import type { CompletionShape } from './completionTypes';

export interface TrimInput {
  before: string;
  after: string;
  shape: CompletionShape;
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS = new Set(Object.values(OPENERS));
const PROSE = /^(sure|here(?:'s| is| are)|certainly|the (?:completion|code)|to complete)\b[^\n]*[:.]\s*\n/i;

function withoutFence(text: string): string {
  const open = /^\s*(`{3,})[\w.+-]*\n/.exec(text);
  if (!open) return text;
  const body = text.slice(open[0].length);
  const close = body.indexOf(open[1]!);
  return (close < 0 ? body : body.slice(0, close)).replace(/\n$/, '');
}

/** The model's repetition of the cursor's line, taken off when the reply starts with it. */
function withoutRepeatedLine(text: string, before: string): string {
  const line = before.slice(before.lastIndexOf('\n') + 1).trimStart();
  if (line.trim().length < 3) return text;
  const start = text.trimStart();
  return start.startsWith(line) ? start.slice(line.length) : text;
}

/** The longest end of `text` that the start of `after` already holds. */
function withoutSuffixOverlap(text: string, after: string): string {
  const next = after.replace(/^[ \t]*/, '');
  for (let k = Math.min(text.length, next.length); k > 0; k--) {
    if (text.endsWith(next.slice(0, k)) && text.slice(0, text.length - k).trim() !== '') return text.slice(0, text.length - k).replace(/[ \t]+$/, '');
  }
  return text;
}

/** Whole lines at the end that repeat the first lines after the cursor. */
function withoutRepeatedLines(text: string, after: string): string {
  const lines = text.split('\n');
  const following = after.split('\n').filter((line) => line.trim() !== '');
  if (following.length === 0) return text;
  for (let k = Math.min(lines.length - 1, following.length); k > 0; k--) {
    const tail = lines.slice(lines.length - k).map((l) => l.trim());
    if (tail.every((line, i) => line === following[i]!.trim())) return lines.slice(0, lines.length - k).join('\n');
  }
  return text;
}

/**
 * Cut at the first closing bracket that closes nothing the completion opened when the text after the
 * cursor starts with that same bracket: it would be written twice.
 */
function balanced(text: string, after: string): string {
  const next = after.trimStart()[0];
  const stack: string[] = [];
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (OPENERS[c]) stack.push(OPENERS[c]);
    else if (CLOSERS.has(c)) {
      if (stack.length > 0 && stack[stack.length - 1] === c) stack.pop();
      else if (stack.length === 0 && c === next) return text.slice(0, i).replace(/[ \t]+$/, '');
    }
  }
  return text;
}

/** The text to show at the cursor, or undefined when nothing useful is left. */
export function trimCompletion(reply: string, input: TrimInput): string | undefined {
  let text = withoutFence(reply.replace(/\r\n/g, '\n'));
  text = text.replace(PROSE, '');
  text = withoutRepeatedLine(text, input.before);
  const lineAfter = input.after.split('\n', 1)[0] ?? '';
  if (input.shape === 'single-line') {
    text = text.split('\n', 1)[0] ?? '';
    // At the start of an empty line a model often answers with the line break first.
    if (text.trim() === '' && input.before.endsWith('\n')) text = reply.trim().split('\n', 1)[0] ?? '';
    text = balanced(withoutSuffixOverlap(text.trimEnd(), lineAfter), lineAfter);
  } else {
    text = withoutRepeatedLines(text.replace(/\s+$/, ''), input.after);
    text = balanced(text, input.after);
    if (!text.includes('\n')) text = withoutSuffixOverlap(text, lineAfter);
  }
  return text.trim() === '' ? undefined : text;
}
