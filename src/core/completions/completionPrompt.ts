// The messages of a completion request, laid out for the service's prompt cache: everything that stays
// the same while the user types in one file comes first (the instructions, the file's path and language,
// the other files), then the recent edits (which change only when the user leaves an edited line), then
// the file above the cursor (which changes only at its end while typing), then the cursor mark and the
// file after the cursor, so the model fills the middle.
import type { ChatMessage } from '../../api/index';
import { chooseRelated, clipAfter, clipBefore, DEFAULT_BUDGET, type CompletionBudget } from './completionBudget';
import type { CompletionContext, CompletionShape, RecentEdit } from './completionTypes';

/** Recognised by the emulator to answer with a completion. */
export const COMPLETION_MARKER = '[svc completion]';
export const CURSOR_MARK = '<|cursor|>';
export const FILE_START = '<|file|>';
export const FILE_END = '<|end|>';
export const RECENT_EDITS_HEADING = 'Recent edits, newest first:';

const SYSTEM_PROMPT = `${COMPLETION_MARKER} You are a code completion engine. The user's file is given between ${FILE_START} and ${FILE_END}, with ${CURSOR_MARK} where the cursor is. Answer with only the text to insert at the cursor: no explanation, no code fence, no repetition of the text before or after the cursor. Insert what the user is most likely to type next, consistent with the code after the cursor. When the request says one line, complete only to the end of the current line.`;

function fenceFor(text: string): string {
  let fence = '```';
  while (text.includes(fence)) fence += '`';
  return fence;
}

/** The part of the prompt that does not change while the user works in this file: its path and the other files. */
export function stablePrefix(context: Pick<CompletionContext, 'path' | 'languageId' | 'related'>, budget: CompletionBudget = DEFAULT_BUDGET): string {
  const chosen = chooseRelated([], context.related, budget);
  const parts = [`File: ${context.path} (${context.languageId})`];
  for (const snippet of chosen.snippets) {
    const fence = fenceFor(snippet.text);
    parts.push(`Related (${snippet.kind}) ${snippet.path}:\n${fence}\n${snippet.text}\n${fence}`);
  }
  return `${parts.join('\n\n')}\n\n`;
}

/** The recent edits as a compact diff, newest first, within their budget; empty without any. */
export function editHistoryText(edits: readonly RecentEdit[], budget: CompletionBudget = DEFAULT_BUDGET): string {
  const chosen = chooseRelated(edits, [], budget).edits;
  if (chosen.length === 0) return '';
  const diffs = chosen.map((e) => {
    const fence = fenceFor(e.before + e.after);
    return `${e.path}:${e.line}\n${fence}\n-${e.before.split('\n').join('\n-')}\n+${e.after.split('\n').join('\n+')}\n${fence}`;
  });
  return `${RECENT_EDITS_HEADING}\n${diffs.join('\n')}\n\n`;
}

export function completionMessages(context: CompletionContext, shape: CompletionShape, budget: CompletionBudget = DEFAULT_BUDGET): ChatMessage[] {
  const before = clipBefore(context.before, budget.before);
  const after = clipAfter(context.after, budget.after);
  const ask = shape === 'single-line' ? 'Complete one line.' : 'Complete one or more lines.';
  const user = `${stablePrefix(context, budget)}${editHistoryText(context.recentEdits, budget)}${FILE_START}\n${before}${CURSOR_MARK}${after}\n${FILE_END}\n${ask}`;
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}
