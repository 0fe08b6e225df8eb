// The @ completion list: the candidates for what the user typed after the @ in the composer.
import { mentionCandidates } from '../../../core/context/mentionCandidates';
import type { HostMessage } from '../../../shared/protocol';
import type { WebviewHandlerGroup } from '../webviewMessageRouter';

export interface MentionHandlerDeps {
  /** The workspace's files, relative, that an @ may name. */
  workspaceFiles(): Promise<string[]>;
  post(message: HostMessage): void;
}

export function mentionHandlers(deps: MentionHandlerDeps): WebviewHandlerGroup<'mentionCandidates'> {
  return {
    mentionCandidates: async (message) => {
      deps.post({ type: 'mentionCandidates', requestId: message.requestId, candidates: mentionCandidates(message.query, await deps.workspaceFiles()) });
    },
  };
}
