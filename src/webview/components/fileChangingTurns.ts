// Which user messages started a turn that changed files: only those offer their checkpoint (a chat
// turn in Ask mode changes nothing, so going back to before it has nothing to restore).
import type { MessageView } from '../../shared/protocol';

/** The ids of the user messages whose turn ran a file-changing call or ended a task that changed files. */
export function fileChangingTurns(messages: readonly MessageView[]): Set<string> {
  const turns = new Set<string>();
  let turn: string | undefined;
  for (const message of messages) {
    if (message.role === 'user') turn = message.id;
    else if (turn === undefined) continue;
    // A call with a checkpoint is one that could change files (an edit, a write, a command); done, it ran.
    else if (message.role === 'tool' && message.checkpoint && message.card?.status === 'done') turns.add(turn);
    else if (message.role === 'assistant' && (message.agentSummary?.filesChanged.length ?? 0) > 0) turns.add(turn);
  }
  return turns;
}
