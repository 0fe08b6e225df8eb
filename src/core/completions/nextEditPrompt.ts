// The messages of a next-edit request, laid out for the prompt cache: the fixed instructions, the stable
// prefix (the file's path and language, the other files, the same bytes as ghost text's), the document in
// numbered lines (so the model can name a line; it changes only from the line just edited on, so the
// cache serves it up to there), then the recent edits as a compact diff, which change with every edit, and
// the cursor's line. The reply format is parsed strictly by nextEditReply.ts.
import type { ChatMessage } from '../../api/index';
import { BEFORE_CUT_LINES, DEFAULT_BUDGET, roughTokens, type CompletionBudget } from './completionBudget';
import { editHistoryText, FILE_END, FILE_START, stablePrefix } from './completionPrompt';
import { NO_NEXT_EDIT } from './nextEditReply';
import type { NextEditContext } from './nextEditTypes';

/** Recognised by the emulator to answer with a next edit. */
export const NEXT_EDIT_MARKER = '[svc next edit]';

const SYSTEM_PROMPT = `${NEXT_EDIT_MARKER} You suggest the next edit in the user's file. The user just made the newest of the recent edits listed. Find the one line of the file, other than the line just edited, that should now change in the same way (a renamed identifier used again, a call to a changed signature, the same parameter added). The file is given between ${FILE_START} and ${FILE_END} with each line prefixed by its number and "|". Answer in exactly this format and nothing else, no explanation, no code fence:
@@ <line number>
-<that line exactly as it is now, without its number>
+<that line as it should be>
When no other line should change, answer ${NO_NEXT_EDIT}.`;

/** The lines given to the model: the whole document when it fits, else a window around the cursor that starts on a block boundary. */
function numberedWindow(lines: readonly string[], cursorLine: number, tokens: number): string {
  const numbered = lines.map((line, i) => `${i + 1}|${line}`);
  if (roughTokens(numbered.join('\n')) <= tokens) return numbered.join('\n');
  const start = Math.max(0, Math.floor((cursorLine - 1) / BEFORE_CUT_LINES) * BEFORE_CUT_LINES - BEFORE_CUT_LINES);
  const kept: string[] = [];
  let left = tokens;
  for (const line of numbered.slice(start)) {
    left -= roughTokens(line) + 1;
    if (left < 0) break;
    kept.push(line);
  }
  return kept.join('\n');
}

export function nextEditMessages(context: NextEditContext, budget: CompletionBudget = DEFAULT_BUDGET): ChatMessage[] {
  const lines = context.text.split('\n');
  const file = numberedWindow(lines, context.cursorLine, budget.before + budget.after);
  const user = `${stablePrefix(context, budget)}${FILE_START}\n${file}\n${FILE_END}\n${editHistoryText(context.recentEdits, budget)}The cursor is on line ${context.cursorLine}. The next edit?`;
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}
