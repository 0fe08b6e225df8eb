// The emulator's answer to a completion request (the extension's system prompt carries the marker
// below): code found elsewhere, so completions are real and checkable offline. The key is the cursor's
// line up to the cursor (or, on an empty line, the line above): where the same text occurs elsewhere in
// the file (nearest above first, then below) or in the related context, what followed it there is the
// completion: the rest of that line, or on an empty line the lines that followed, up to a blank line.
// Nothing found: an empty completion. The emulator keeps its own copy of the markers: it shares no code
// with the extension but the api schemas.
import type { ChatMessage } from '../api/schemas';
import { messageText } from './tokenizer';

const COMPLETION_MARKER = '[svc completion]';
const CURSOR = '<|cursor|>';
const FILE = /<\|file\|>\n([\s\S]*)\n<\|end\|>\n(Complete one line\.|Complete one or more lines\.)$/;
const FENCED = /\n(`{3,})\n([\s\S]*?)\n\1/g;
/** Lines a block completion carries at most. */
const BLOCK_LINES = 8;
/** The shortest end of the line searched for elsewhere. */
const MIN_KEY = 3;

export function isCompletionRequest(messages: readonly ChatMessage[]): boolean {
  const system = messages.find((m) => m.role === 'system');
  return system !== undefined && messageText(system).startsWith(COMPLETION_MARKER);
}

interface Parsed {
  before: string;
  after: string;
  singleLine: boolean;
  related: string[];
}

function parse(text: string): Parsed | undefined {
  const file = FILE.exec(text);
  if (!file) return undefined;
  const at = file[1]!.indexOf(CURSOR);
  if (at < 0) return undefined;
  const related = [...text.slice(0, file.index).matchAll(FENCED)].map((m) => m[2]!.split('\n').map((line) => line.replace(/^[+-]/, '')).join('\n'));
  return { before: file[1]!.slice(0, at), after: file[1]!.slice(at + CURSOR.length), singleLine: file[2] === 'Complete one line.', related };
}

/** What follows the last occurrence of `key` in the first source that has one with text after it. */
function followingText(sources: readonly string[], key: string): string | undefined {
  for (const source of sources) {
    let at = source.lastIndexOf(key);
    while (at >= 0) {
      const rest = source.slice(at + key.length);
      if (rest.split('\n', 1)[0]!.trim() !== '' || rest.startsWith('\n')) return rest;
      at = at === 0 ? -1 : source.lastIndexOf(key, at - 1);
    }
  }
  return undefined;
}

/** The rest of the line after the longest end of `line` (from a word's start) found elsewhere. */
function restOfLine(sources: readonly string[], line: string): string {
  const trimmed = line.trimStart();
  for (let start = 0; trimmed.length - start >= MIN_KEY; start++) {
    if (start > 0 && /\w/.test(trimmed[start - 1]!) && /\w/.test(trimmed[start]!)) continue;
    const found = followingText(sources, trimmed.slice(start));
    const rest = found?.split('\n', 1)[0];
    if (rest !== undefined && rest.trim() !== '') return rest;
  }
  return '';
}

/** The lines that follow the line `above` elsewhere, up to a blank line, in the cursor's indentation. */
function block(sources: readonly string[], above: string, indent: string): string {
  const found = followingText(sources, `${above}\n`);
  if (found === undefined) return '';
  const lines: string[] = [];
  for (const line of found.split('\n')) {
    if (line.trim() === '' || lines.length >= BLOCK_LINES) break;
    lines.push(line);
  }
  const theirs = /^[ \t]*/.exec(lines[0] ?? '')![0];
  const reindent = (line: string): string => {
    if (line.startsWith(theirs)) return indent + line.slice(theirs.length);
    // Less indented than the block's first line (its closing bracket): as much less here.
    const own = /^[ \t]*/.exec(line)![0].length;
    return indent.slice(0, Math.max(0, indent.length - (theirs.length - own))) + line.trimStart();
  };
  return lines.map((line, i) => (i === 0 ? line.trimStart() : reindent(line))).join('\n');
}

/** The completion's text for a completion request: deterministic, possibly empty. */
export function completionReply(messages: readonly ChatMessage[]): string {
  const user = messages.filter((m) => m.role === 'user').map((m) => messageText(m)).pop() ?? '';
  const parsed = parse(user);
  if (!parsed) return '';
  const lineStart = parsed.before.lastIndexOf('\n') + 1;
  const line = parsed.before.slice(lineStart);
  // Elsewhere: the file above the cursor's line, the file below it, then the related context.
  const sources = [parsed.before.slice(0, lineStart), parsed.after.slice(parsed.after.indexOf('\n') + 1), ...parsed.related];
  if (line.trim() !== '') return restOfLine(sources, line);
  const lines = parsed.before.slice(0, Math.max(0, lineStart - 1)).split('\n');
  const above = lines.reverse().find((l) => l.trim() !== '');
  if (above === undefined) return '';
  const aboveSources = [parsed.before.slice(0, Math.max(0, lineStart - 1 - above.length)), ...sources.slice(1)];
  const text = block(aboveSources, above, line);
  return parsed.singleLine ? (text.split('\n', 1)[0] ?? '') : text;
}
