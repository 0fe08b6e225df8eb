// Where the review of the agent's edits learns what changed. A task's change journal feeds it: each
// edit the agent writes (auto-approved or approved) is offered as soon as it is on disk, in the order
// written. The review's own writes (hunks the user undid) are recorded in the journal too, for "Undo
// these changes", but are not offered. A checkpoint restore ends the review of the files it touched.
import * as path from 'node:path';
import type { Checkpoints } from '../checkpoints/checkpoints';
import type { AppliedChange, ChangeJournal } from '../tools/changeJournal';
import type { AgentEditReview } from './agentEditReview';

export type DecodeText = (bytes: Uint8Array, display: string) => Promise<string>;

export function followJournal(review: AgentEditReview, journal: ChangeJournal, decode: DecodeText, onError: (error: unknown) => void): { dispose(): void; settled(): Promise<void> } {
  let queue = Promise.resolve();
  const subscription = journal.onRecord((change: AppliedChange) => {
    if (change.fromReview) return;
    queue = queue
      .then(async () => {
        const before = change.before === undefined ? undefined : await decode(change.before, change.display);
        const after = await decode(change.after, change.display);
        review.noteAgentWrite({ path: change.path, display: change.display, before, after, afterBytes: change.after, journal });
      })
      .catch(onError);
  });
  return { dispose: () => subscription.dispose(), settled: () => queue };
}

/** A checkpoint restore puts the files it touches elsewhere: their review ends (nothing it showed is still true). */
export function endOnRestore(review: AgentEditReview, checkpoints: Pick<Checkpoints, 'onRestored'>): { dispose(): void } {
  return checkpoints.onRestored((changed) => review.end(changed.map((c) => path.join(c.folder, c.path))));
}
