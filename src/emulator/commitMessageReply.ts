// The emulator's answer to a request for a commit message (the extension's Source Control button): a
// real model reads its instructions, so the emulator recognises them by their first sentence and answers
// with a message built from the file names in the diff, in the style of the first example subject that
// has a "type:" prefix. Deterministic, so the feature can be tested offline.
import type { ChatMessage } from '../api/schemas';
import { messageText } from './tokenizer';

const COMMIT_PROMPT = /^You write the commit message for a change in a git repository\./;

function changedFiles(request: string): string[] {
  const files = new Set<string>();
  for (const match of request.matchAll(/^diff --git "?a\/.*?"? "?b\/(.*?)"?$/gm)) files.add(match[1] as string);
  for (const match of request.matchAll(/^(\S.*?) \| (?:\+\d+ -\d+|binary)$/gm)) files.add(match[1] as string);
  return [...files];
}

function prefixOf(request: string): string {
  const example = /^- ([a-z]+(?:\([^)]*\))?!?): /m.exec(request);
  return example ? `${example[1]}: ` : '';
}

/** The commit message for a request carrying the commit-message instructions; undefined for any other request. */
export function commitMessageReply(messages: readonly ChatMessage[]): string | undefined {
  const system = messages.find((message) => message.role === 'system');
  if (!system || !COMMIT_PROMPT.test(messageText(system))) return undefined;
  const request = messageText(messages.findLast((message) => message.role === 'user') ?? system);
  const files = changedFiles(request);
  const names = files.map((file) => file.split('/').pop() as string);
  const listed = names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more files`;
  const subject = `${prefixOf(request)}Update ${listed || 'the project'}`;
  const body = files.length > 1 ? `\n\nChanges ${files.join(', ')}.` : '';
  return `${subject}${body}`;
}
