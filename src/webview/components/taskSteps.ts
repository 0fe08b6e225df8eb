// Which replies are later steps of an agent task. A task is a run of replies, each after the tool calls
// of the one before; to the user it is ONE reply: the model's name heads its first step only, and the
// later steps follow the cards as more of the same answer.
import type { MessageView } from '../../shared/protocol';

/** Whether a reply that comes after `previous` (the nearest reply above it, or none) and `toolsBetween` carries on its task. */
function carriesOn(previous: MessageView | undefined, toolsBetween: boolean): boolean {
  if (previous?.role !== 'assistant' || previous.agentSummary !== undefined) return false;
  // A reply straight after another, without calls in between (a stopped step retried), starts afresh.
  return toolsBetween || previous.choices.some((c) => c.finishReason === 'tool_calls');
}

/** Whether a reply that comes after `messages` carries on the task of the reply before it. */
export function continuesTask(messages: readonly MessageView[]): boolean {
  let at = messages.length - 1;
  while (at >= 0 && messages[at]?.role === 'tool') at -= 1;
  return carriesOn(messages[at], at < messages.length - 1);
}

/** The ids of the replies in `messages` that carry on the task of a reply above them (one pass: long conversations open fast). */
export function continuedSteps(messages: readonly MessageView[]): Set<string> {
  const steps = new Set<string>();
  let previous: MessageView | undefined;
  let toolsBetween = false;
  for (const message of messages) {
    if (message.role === 'tool') {
      toolsBetween = true;
      continue;
    }
    if (message.role === 'assistant' && carriesOn(previous, toolsBetween)) steps.add(message.id);
    previous = message;
    toolsBetween = false;
  }
  return steps;
}
