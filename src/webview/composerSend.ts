// What Send posts for each of the composer's modes: Ask sends a chat message, Plan and Agent run an
// agent task (Plan's reads, then proposes a plan to approve); a custom agent picked runs its own task; Run in
// background starts a background task.
import type { SendOptions, WebviewMessage } from '../shared/protocol';
import type { ComposerMode } from './components/composer';

export function composerMessage(mode: ComposerMode, conversationId: string | null, text: string, options: SendOptions, agent?: string): WebviewMessage {
  if (agent !== undefined) return { type: 'runAgentTask', conversationId, text, options, agent };
  switch (mode) {
    case 'plan':
      return { type: 'runAgentTask', conversationId, text, options, mode: 'plan' };
    case 'agent':
      return { type: 'runAgentTask', conversationId, text, options };
    case 'background':
      return { type: 'startBackgroundTask', text, options };
    case 'ask':
      return { type: 'send', conversationId, text, options };
  }
}
