// A chat turn with the workspace's checkpoint taken alongside: the request goes out first (a reply in
// the chat changes no file), the checkpoint is taken right after and joins the user's message when
// ready (ChatSession).
import type { TakeCheckpoint } from '../checkpoints/checkpointedTool';
import type { UserTurn } from './chatSession';

export const MESSAGE_CHECKPOINT_LABEL = 'before your message';

/** The turn with the way to take its checkpoint; the turn itself when checkpoints are not in use. */
export function checkpointedTurn(turn: UserTurn, take: TakeCheckpoint | undefined): UserTurn {
  return take ? { ...turn, checkpoint: () => take(MESSAGE_CHECKPOINT_LABEL) } : turn;
}
