// Which messages of a conversation hold a search text, and how often: find in conversation counts and
// steps through these, whether or not a message's row is in the DOM (the list is virtualised).
import type { MessageView } from '../../shared/protocol';

export interface ConversationMatch {
  messageId: string;
  /** Which occurrence in that message (0 = first), in the order the message shows its text. */
  ordinal: number;
}

/** The text a message shows: a reply's reasoning (above its answer) and its selected answer. */
export function searchableText(message: MessageView): string {
  switch (message.role) {
    case 'user':
    case 'tool':
      return message.content;
    case 'assistant': {
      const choice = message.choices[message.selectedChoice] ?? message.choices[0];
      return `${choice?.reasoning ?? ''}\n${choice?.content ?? ''}`;
    }
  }
}

export function countOccurrences(text: string, query: string): number {
  if (query === '') return 0;
  const haystack = text.toLocaleLowerCase();
  const needle = query.toLocaleLowerCase();
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) count += 1;
  return count;
}

export function conversationMatches(messages: readonly MessageView[], query: string): ConversationMatch[] {
  const matches: ConversationMatch[] = [];
  if (query.trim() === '') return matches;
  for (const message of messages) {
    const count = countOccurrences(searchableText(message), query);
    for (let ordinal = 0; ordinal < count; ordinal++) matches.push({ messageId: message.id, ordinal });
  }
  return matches;
}
