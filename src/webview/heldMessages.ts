// A long conversation reaches the view as its newest messages (`firstIndex` > 0) and then earlier parts,
// newest first; after a turn the host posts only the newest part again. These join what arrives with
// what the view holds.
import type { ConversationView, HostMessageOf } from '../shared/protocol';

/** `view` with the earlier messages `held` already has (the host posts those again only when one changed). */
export function withHeldMessages(held: ConversationView | null, view: ConversationView): ConversationView {
  const first = view.firstIndex ?? 0;
  if (first === 0 || held?.id !== view.id) return view;
  const heldFirst = held.firstIndex ?? 0;
  if (heldFirst > first || heldFirst + held.messages.length < first) return view;
  return { ...view, messages: [...held.messages.slice(0, first - heldFirst), ...view.messages], firstIndex: heldFirst };
}

/** `held` with an earlier part in front, or undefined when the part is not the one just before it. */
export function withEarlierMessages(held: ConversationView | null, part: HostMessageOf<'earlierMessages'>): ConversationView | undefined {
  if (held?.id !== part.conversationId || part.firstIndex + part.messages.length !== (held.firstIndex ?? 0)) return undefined;
  return { ...held, messages: [...part.messages, ...held.messages], firstIndex: part.firstIndex };
}
