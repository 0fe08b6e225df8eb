// The emulator's answer to an inline edit request (the extension's system prompt carries the marker
// below): a deterministic rewrite of the fenced lines, so an inline edit makes a real, checkable edit
// offline. What it understands of the instructions (every round's, in order):
// - "rename A to B": every whole word A becomes B;
// - "fix …" (a quick fix seeds this with the problem): commas before a closing bracket are removed and
//   single-quoted JSON strings get double quotes;
// - anything else: a comment line with the instruction goes above the lines.
// The emulator keeps its own copy of the marker: it shares no code with the extension but the api schemas.
import type { ChatMessage } from '../api/schemas';
import { messageText } from './tokenizer';

const INLINE_EDIT_MARKER = '[svc inline edit]';
const TO_REWRITE = /to rewrite:\n(`{3,})[^\n]*\n([\s\S]*?)\n?\1\n/;

export function isInlineEditRequest(messages: readonly ChatMessage[]): boolean {
  const system = messages.find((m) => m.role === 'system');
  return system !== undefined && messageText(system).startsWith(INLINE_EDIT_MARKER);
}

function commentPrefix(language: string): string {
  if (/^(python|shellscript|yaml|ruby|perl|r|powershell|dockerfile|makefile|toml)$/.test(language)) return '# ';
  if (/^(sql|lua|haskell)$/.test(language)) return '-- ';
  return '// ';
}

function rewrite(code: string, instruction: string, language: string): string {
  const rename = /\brename\s+([A-Za-z_$][\w$]*)\s+to\s+([A-Za-z_$][\w$]*)/i.exec(instruction);
  if (rename) return code.replace(new RegExp(`\\b${rename[1]!.replace(/\$/g, '\\$')}\\b`, 'g'), rename[2]!);
  if (/^\s*fix\b/i.test(instruction)) {
    return code.replace(/,(\s*[}\]])/g, '$1').replace(/'([^'\n]*)'/g, (_, inner: string) => JSON.stringify(inner));
  }
  const indent = /^[ \t]*/.exec(code)![0];
  return `${indent}${commentPrefix(language)}${instruction.trim().split('\n')[0]}\n${code}`;
}

/** The reply to an inline edit request: the fenced lines rewritten by every instruction so far. */
export function inlineEditReply(messages: readonly ChatMessage[]): string {
  const users = messages.filter((m) => m.role === 'user').map((m) => messageText(m));
  const first = users[0] ?? '';
  const found = TO_REWRITE.exec(first);
  const language = /\(([\w.+-]+)\)\n/.exec(first)?.[1] ?? '';
  let code = found?.[2] ?? '';
  for (const text of users) {
    const instruction = /(?:^|\n)Instruction: ([\s\S]*)$/.exec(text)?.[1] ?? '';
    code = rewrite(code, instruction, language);
  }
  return `\`\`\`${language}\n${code}\n\`\`\``;
}
