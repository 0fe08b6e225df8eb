// The emulator's answer to a next-edit request (the extension's system prompt carries the marker below):
// from the newest recent edit, the changed word (old → new, widened to whole words) is looked for in the
// other lines of the file, first below the edited line, then from the top; its next occurrence, changed
// the same way, is the reply. An edit that changed no word (an insertion, a deletion) or a word found
// nowhere else: NONE. Deterministic, so tests can check the suggestion; the emulator keeps its own copy of
// the markers and the format, sharing no code with the extension but the api schemas.
import type { ChatMessage } from '../api/schemas';
import { messageText } from './tokenizer';

const NEXT_EDIT_MARKER = '[svc next edit]';
const NONE = 'NONE';
const NEWEST_EDIT = /Recent edits, newest first:\n[^\n]*:(\d+)\n(`{3,})\n-([^\n]*)\n\+([^\n]*)\n\2\n/;
const FILE = /<\|file\|>\n([\s\S]*?)\n<\|end\|>\n/;
const NUMBERED = /^(\d+)\|(.*)$/;

export function isNextEditRequest(messages: readonly ChatMessage[]): boolean {
  const system = messages.find((m) => m.role === 'system');
  return system !== undefined && messageText(system).startsWith(NEXT_EDIT_MARKER);
}

const isWord = (c: string | undefined) => c !== undefined && /\w/.test(c);

/** The word changed from `before` to `after`: their common ends taken off, then widened to whole words on both lines. */
export function changedWord(before: string, after: string): { old: string; new: string } | undefined {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  while (start > 0 && (isWord(before[start - 1]) || isWord(after[start - 1])) && isWord(before[start - 1]) === isWord(after[start - 1])) start--;
  while (end > 0 && isWord(before[before.length - end]) && isWord(after[after.length - end])) end--;
  const old = before.slice(start, before.length - end);
  const next = after.slice(start, after.length - end);
  return /^\w+$/.test(old) && /^\w+$/.test(next) && old !== next ? { old, new: next } : undefined;
}

function occurrence(line: string, word: string): number {
  const found = new RegExp(`(?<!\\w)${word}(?!\\w)`).exec(line);
  return found ? found.index : -1;
}

/** The reply to a next-edit request: `@@ line`, `-old`, `+new`, or NONE. */
export function nextEditReply(messages: readonly ChatMessage[]): string {
  const user = messages.filter((m) => m.role === 'user').map((m) => messageText(m)).pop() ?? '';
  const edit = NEWEST_EDIT.exec(user);
  const file = FILE.exec(user);
  if (!edit || !file) return NONE;
  const word = changedWord(edit[3]!, edit[4]!);
  if (!word) return NONE;
  const editedLine = Number(edit[1]);
  const lines = file[1]!.split('\n').flatMap((l) => {
    const numbered = NUMBERED.exec(l);
    return numbered ? [{ number: Number(numbered[1]), text: numbered[2]! }] : [];
  });
  const order = [...lines.filter((l) => l.number > editedLine), ...lines.filter((l) => l.number < editedLine)];
  for (const line of order) {
    const at = occurrence(line.text, word.old);
    if (at < 0) continue;
    const changed = line.text.slice(0, at) + word.new + line.text.slice(at + word.old.length);
    return `@@ ${line.number}\n-${line.text}\n+${changed}`;
  }
  return NONE;
}
