// Where the review of the agent's edits learns what changed. A task's change journal feeds it: each
// edit the agent writes (auto-approved or approved) is offered as soon as it is on disk, in the order
// written; a file the agent moves is reviewed at its new path, and one it deletes leaves the review.
// The review's own writes (hunks the user undid) are recorded in the journal too, for "Undo these
// changes", but are not offered. A checkpoint restore ends the review of the files it touched.
import * as path from 'node:path';
import type { Checkpoints } from '../checkpoints/checkpoints';
import type { ChangeJournal } from '../tools/changeJournal';
import type { FileOperation } from '../tools/fileOperations';
import type { AgentEditReview } from './agentEditReview';

export type DecodeText = (bytes: Uint8Array, display: string) => Promise<string>;

export function followJournal(review: AgentEditReview, journal: ChangeJournal, decode: DecodeText, onError: (error: unknown) => void): { dispose(): void; settled(): Promise<void> } {
  let queue = Promise.resolve();
  const follow = async (operation: FileOperation): Promise<void> => {
    switch (operation.kind) {
      case 'create':
        review.noteAgentWrite({ path: operation.path, display: operation.display, before: undefined, after: await decode(operation.after, operation.display), afterBytes: operation.after, journal });
        return;
      case 'write': {
        if (operation.fromReview) return;
        const before = await decode(operation.before, operation.display);
        review.noteAgentWrite({ path: operation.path, display: operation.display, before, after: await decode(operation.after, operation.display), afterBytes: operation.after, journal });
        return;
      }
      case 'move':
        review.move(operation.from.path, operation.to.path, operation.to.display);
        return;
      case 'delete':
        review.end([operation.path]);
        return;
    }
  };
  // In the order recorded: a move or delete must meet the review of the writes before it.
  const subscription = journal.onRecord((operation) => {
    queue = queue.then(() => follow(operation)).catch(onError);
  });
  return { dispose: () => subscription.dispose(), settled: () => queue };
}

/** A checkpoint restore puts the files it touches elsewhere: their review ends (nothing it showed is still true). */
export function endOnRestore(review: AgentEditReview, checkpoints: Pick<Checkpoints, 'onRestored'>): { dispose(): void } {
  return checkpoints.onRestored((changed) => review.end(changed.map((c) => path.join(c.folder, c.path))));
}
