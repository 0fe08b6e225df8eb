// The messages of an inline edit request: a system prompt that asks for the rewritten lines only (and
// carries a marker the local emulator recognises), the file around the lines as context, the lines
// themselves in a fence, and the instruction. A follow-up sends the previous proposal back as the
// assistant's answer and the new instruction after it, so the model refines its own edit.
import type { ChatMessage } from '../../api/index';

/** Recognised by the emulator (chatRules) to answer with a rewrite of the fenced lines. */
export const INLINE_EDIT_MARKER = '[svc inline edit]';

/** Context around the lines, per side: enough for the model to see the surrounding code, bounded for long files. */
export const CONTEXT_CHARS_PER_SIDE = 12_000;

export interface InlineEditContext {
  /** Workspace-relative file name. */
  fileName: string;
  languageId: string;
  /** The file's text above and below the lines to rewrite. */
  before: string;
  after: string;
  /** The lines to rewrite. */
  code: string;
  /** 1-based line numbers of the lines to rewrite. */
  startLine: number;
  endLine: number;
}

export interface InlineEditRound {
  instruction: string;
  /** The code the model proposed for this instruction (absent for the round being asked). */
  proposal?: string;
}

const SYSTEM_PROMPT = `${INLINE_EDIT_MARKER} You rewrite a few lines of a file in place, as the user instructs. Answer with the rewritten lines only, in one fenced code block, with no explanation before or after. Keep the indentation and style of the file. Rewrite only the given lines; the context around them is for reference.`;

function fenceFor(code: string): string {
  let fence = '```';
  while (code.includes(fence)) fence += '`';
  return fence;
}

function clipStart(text: string): string {
  return text.length <= CONTEXT_CHARS_PER_SIDE ? text : `…\n${text.slice(text.indexOf('\n', text.length - CONTEXT_CHARS_PER_SIDE) + 1)}`;
}

function clipEnd(text: string): string {
  const cut = text.lastIndexOf('\n', CONTEXT_CHARS_PER_SIDE);
  return text.length <= CONTEXT_CHARS_PER_SIDE ? text : `${text.slice(0, cut < 0 ? CONTEXT_CHARS_PER_SIDE : cut)}\n…`;
}

function firstRequest(context: InlineEditContext, instruction: string): string {
  const fence = fenceFor(context.before + context.code + context.after);
  const parts = [`File: ${context.fileName} (${context.languageId})`];
  if (context.before.trim() !== '') parts.push(`Above the lines:\n${fence}\n${clipStart(context.before)}${fence}`);
  parts.push(`Lines ${context.startLine}-${context.endLine} to rewrite:\n${fence}${context.languageId}\n${context.code}${context.code.endsWith('\n') ? '' : '\n'}${fence}`);
  if (context.after.trim() !== '') parts.push(`Below the lines:\n${fence}\n${clipEnd(context.after)}${context.after.endsWith('\n') ? '' : '\n'}${fence}`);
  parts.push(`Instruction: ${instruction}`);
  return parts.join('\n\n');
}

/** The messages for the last round of `rounds` (earlier rounds are the conversation so far). */
export function inlineEditMessages(context: InlineEditContext, rounds: readonly InlineEditRound[]): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: SYSTEM_PROMPT }];
  rounds.forEach((round, i) => {
    messages.push({ role: 'user', content: i === 0 ? firstRequest(context, round.instruction) : `Instruction: ${round.instruction}` });
    if (round.proposal !== undefined) {
      const fence = fenceFor(round.proposal);
      messages.push({ role: 'assistant', content: `${fence}${context.languageId}\n${round.proposal}\n${fence}` });
    }
  });
  return messages;
}
