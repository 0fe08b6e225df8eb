// Slash commands typed as the message: /new and /clear start a new conversation, /export saves this one,
// /compact [instructions] summarises its older part, /plan <task> runs the task in Plan mode, /init asks
// the agent for a first AGENTS.md, /explain and /explainfile run the editor's explain commands. Anything
// else that starts with "/" is an ordinary message.
import type { SendOptions, WebviewMessage } from '../shared/protocol';
import * as l10n from '../shared/l10n';

/** What `/init` asks the agent. */
export const INIT_TASK =
  'Write a first AGENTS.md at the root of this workspace: standing instructions for an AI assistant working here. Read the README, the build and test configuration and the main source folders first; then write short sections on what the project is, how to build and test it, the layout of the code, and the conventions the code follows. Keep it under 80 lines.';

export interface SlashCommandContext {
  host: { post(message: WebviewMessage): void; nextRequestId(): string };
  conversationId: string | null;
  options: SendOptions;
  notify(level: 'info' | 'warning', message: string): void;
}

/** True when the command ran (the message box empties), false when it was refused, undefined when `text` is not a command. */
export function runSlashCommand(text: string, context: SlashCommandContext): boolean | undefined {
  const match = /^\/(\w+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, command = '', argument = ''] = match;
  const rest = argument.trim();
  const { host, conversationId, options } = context;
  switch (command) {
    case 'new':
    case 'clear':
      host.post({ type: 'newConversation' });
      return true;
    case 'export':
      if (conversationId === null) {
        context.notify('info', l10n.t('There is no conversation to export yet.'));
        return true;
      }
      host.post({ type: 'exportConversation', requestId: host.nextRequestId(), conversationId });
      return true;
    case 'plan':
      if (rest === '') {
        context.notify('warning', l10n.t('/plan needs a task: /plan <what to do>'));
        return false;
      }
      host.post({ type: 'runAgentTask', conversationId, text: rest, options, mode: 'plan' });
      return true;
    case 'compact':
      if (conversationId === null) {
        context.notify('info', l10n.t('There is no conversation to compact yet.'));
        return true;
      }
      host.post({ type: 'compactConversation', conversationId, instructions: rest });
      return true;
    case 'init':
      host.post({ type: 'runAgentTask', conversationId, text: INIT_TASK, options });
      return true;
    case 'explain':
      host.post({ type: 'runAction', action: 'explainSelection' });
      return true;
    case 'explainfile':
      host.post({ type: 'runAction', action: 'explainFile' });
      return true;
    default:
      return undefined;
  }
}
