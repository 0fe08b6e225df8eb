// How a conversation is titled automatically and where a search query matches in it.
import * as l10n from '../l10n';
import { selectedAlternative, type Conversation } from './conversation';
import { shortTitle } from './conversationTitle';

/** The title of a conversation nothing names yet; saved with it, in the language of the window that made it. */
export function untitled(): string {
  return l10n.t('New chat');
}

export function autoTitle(conversation: Conversation): string {
  const first = conversation.entries.find((e) => e.role === 'user');
  if (!first) return untitled();
  return shortTitle(first.content) ?? untitled();
}

/** Text around the first match of `needle` (lower case) in the conversation's messages, or undefined. */
export function matchSnippet(conversation: Conversation, needle: string): string | undefined {
  for (const entry of conversation.entries) {
    const text = entry.role === 'assistant' ? selectedAlternative(entry).content : entry.content;
    const at = text.toLowerCase().indexOf(needle);
    if (at >= 0) return snippetAround(text, at, needle.length);
  }
  return undefined;
}

function snippetAround(text: string, at: number, length: number): string {
  const start = Math.max(0, at - 30);
  const end = Math.min(text.length, at + length + 50);
  const body = text.slice(start, end).replace(/\s+/g, ' ');
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}
