// The messages of a completion request, laid out for the service's prompt cache: everything that stays
// the same while the user types in one file comes first (the instructions, the file's path and language,
// the related context), then the file above the cursor (which changes only at its end while typing),
// then the cursor mark and the file after the cursor, so the model fills the middle.
import type { ChatMessage } from '../../api/index';
import { chooseRelated, clipAfter, clipBefore, DEFAULT_BUDGET, type CompletionBudget } from './completionBudget';
import type { CompletionContext, CompletionShape } from './completionTypes';

/** Recognised by the emulator to answer with a completion. */
export const COMPLETION_MARKER = '[svc completion]';
export const CURSOR_MARK = '<|cursor|>';
export const FILE_START = '<|file|>';
export const FILE_END = '<|end|>';

const SYSTEM_PROMPT = `${COMPLETION_MARKER} You are a code completion engine. The user's file is given between ${FILE_START} and ${FILE_END}, with ${CURSOR_MARK} where the cursor is. Answer with only the text to insert at the cursor: no explanation, no code fence, no repetition of the text before or after the cursor. Insert what the user is most likely to type next, consistent with the code after the cursor. When the request says one line, complete only to the end of the current line.`;

function fenceFor(text: string): string {
  let fence = '```';
  while (text.includes(fence)) fence += '`';
  return fence;
}

/** The part of the prompt that does not change while the user types in this file. */
export function stablePrefix(context: CompletionContext, budget: CompletionBudget = DEFAULT_BUDGET): string {
  const chosen = chooseRelated(context.recentEdits, context.related, budget.related);
  const parts = [`File: ${context.path} (${context.languageId})`];
  if (chosen.edits.length > 0) {
    const edits = chosen.edits.map((e) => {
      const fence = fenceFor(e.before + e.after);
      return `${e.path}:${e.line}\n${fence}\n-${e.before.split('\n').join('\n-')}\n+${e.after.split('\n').join('\n+')}\n${fence}`;
    });
    parts.push(`Recent edits, newest first:\n${edits.join('\n')}`);
  }
  for (const snippet of chosen.snippets) {
    const fence = fenceFor(snippet.text);
    parts.push(`Related (${snippet.kind}) ${snippet.path}:\n${fence}\n${snippet.text}\n${fence}`);
  }
  return `${parts.join('\n\n')}\n\n`;
}

export function completionMessages(context: CompletionContext, shape: CompletionShape, budget: CompletionBudget = DEFAULT_BUDGET): ChatMessage[] {
  const before = clipBefore(context.before, budget.before);
  const after = clipAfter(context.after, budget.after);
  const ask = shape === 'single-line' ? 'Complete one line.' : 'Complete one or more lines.';
  const user = `${stablePrefix(context, budget)}${FILE_START}\n${before}${CURSOR_MARK}${after}\n${FILE_END}\n${ask}`;
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}
