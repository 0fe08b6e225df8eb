// What a conversation read back after a restart must not keep: a reply still marked streaming (the
// window that streamed it is gone), and an automatic retry scheduled by that window.
import * as l10n from '../l10n';
import type { Conversation } from './conversation';

/** A reply streaming when the window closed comes back interrupted; no automatic retry outlives its window. */
export function repairAfterRestart(conversation: Conversation): boolean {
  let repaired = false;
  for (const entry of conversation.entries) {
    if (entry.role !== 'assistant') continue;
    if (entry.status === 'streaming') {
      entry.status = 'interrupted';
      // The error carries the Retry action the view shows on a reply that did not finish; its message is
      // shown under the reply (never sent to the model) and saved in the language of this window.
      entry.error ??= { kind: 'interrupted', message: l10n.t('The editor closed or restarted while the reply was streaming'), action: 'retry' };
      repaired = true;
    }
    if (entry.error?.automaticRetry) {
      delete entry.error.automaticRetry;
      repaired = true;
    }
  }
  return repaired;
}
