// A chat turn with the workspace's checkpoint taken alongside: the request goes out first (a reply in
// the chat changes no file), the checkpoint is taken right after and joins the user's message when
// ready (ChatSession).
import type { TakeCheckpoint } from '../checkpoints/checkpointedTool';
import type { UserTurn } from './chatSession';
import * as l10n from '../l10n';

/** The checkpoint's label, shown in the chat and saved with it (in the language it was taken in). */
export function messageCheckpointLabel(): string {
  return l10n.t('before your message');
}

/** The turn with the way to take its checkpoint; the turn itself when checkpoints are not in use. */
export function checkpointedTurn(turn: UserTurn, take: TakeCheckpoint | undefined): UserTurn {
  return take ? { ...turn, checkpoint: () => take(messageCheckpointLabel()) } : turn;
}
