// Slash commands typed as the message. Each is declared once here, with what it does: the completion
// list offers them from this table, runSlashCommand runs them from it, and the table in docs/features.md
// is checked against it (test/unit/webview/slashCommandsDoc.test.ts). After them come the workspace's and
// the user's skills and prompt files the host lists (a built-in name wins over a file's); anything else
// that starts with "/" is an ordinary message.
import type { HostMessageOf, SendOptions, WebviewMessage } from '../shared/protocol';
import * as l10n from '../shared/l10n';

/** What `/init` asks the agent. */
export const INIT_TASK =
  'Write a first AGENTS.md at the root of this workspace: standing instructions for an AI assistant working here. Read the README, the build and test configuration and the main source folders first; then write short sections on what the project is, how to build and test it, the layout of the code, and the conventions the code follows. Keep it under 80 lines.';

export type CustomCommand = HostMessageOf<'customCommands'>['commands'][number];

export interface SlashCommandContext {
  host: { post(message: WebviewMessage): void; nextRequestId(): string };
  conversationId: string | null;
  options: SendOptions;
  /** The skills and prompt files the host listed, and the composer's mode they run in unless they say otherwise. */
  custom: readonly CustomCommand[];
  mode: 'ask' | 'agent' | 'plan';
  /** The custom agent picked in the mode picker, which runs them when they run as an agent task. */
  agent?: string;
  notify(level: 'info' | 'warning', message: string): void;
}

export interface SlashCommand {
  name: string;
  /** What it does, in the completion list and the docs' table (translated as the view loads). */
  detail: string;
  /** Runs it with what follows the name, trimmed; true when it ran (the message box empties), false when it was refused. */
  run(argument: string, context: SlashCommandContext): boolean;
}

const newConversation = (_argument: string, { host }: SlashCommandContext): boolean => {
  host.post({ type: 'newConversation' });
  return true;
};

export const SLASH_COMMANDS: readonly SlashCommand[] = [
  { name: 'new', detail: l10n.t('start a new conversation'), run: newConversation },
  { name: 'clear', detail: l10n.t('start over in a new conversation'), run: newConversation },
  {
    name: 'compact',
    detail: l10n.t('summarise the older part of this conversation: /compact [what to keep]'),
    run: (instructions, { host, conversationId, notify }) => {
      if (conversationId === null) notify('info', l10n.t('There is no conversation to compact yet.'));
      else host.post({ type: 'compactConversation', conversationId, instructions });
      return true;
    },
  },
  {
    name: 'plan',
    detail: l10n.t('plan the task first (Plan mode): /plan <task>'),
    run: (task, { host, conversationId, options, notify }) => {
      if (task === '') {
        notify('warning', l10n.t('/plan needs a task: /plan <what to do>'));
        return false;
      }
      host.post({ type: 'runAgentTask', conversationId, text: task, options, mode: 'plan' });
      return true;
    },
  },
  {
    name: 'init',
    detail: l10n.t('write a first AGENTS.md for this workspace (agent task; the write is asked)'),
    run: (_argument, { host, conversationId, options }) => {
      host.post({ type: 'runAgentTask', conversationId, text: INIT_TASK, options });
      return true;
    },
  },
  {
    name: 'export',
    detail: l10n.t('save this conversation as Markdown'),
    run: (_argument, { host, conversationId, notify }) => {
      if (conversationId === null) notify('info', l10n.t('There is no conversation to export yet.'));
      else host.post({ type: 'exportConversation', requestId: host.nextRequestId(), conversationId });
      return true;
    },
  },
  {
    name: 'explain',
    detail: l10n.t("explain the editor's selection, or its whole file when nothing is selected"),
    run: (_argument, { host }) => {
      host.post({ type: 'runAction', action: 'explainSelection' });
      return true;
    },
  },
  {
    name: 'explainfile',
    detail: l10n.t('explain files you pick from the workspace'),
    run: (_argument, { host }) => {
      host.post({ type: 'runAction', action: 'explainFile' });
      return true;
    },
  },
];

/** True when the command ran (the message box empties), false when it was refused, undefined when `text` is not a command. */
export function runSlashCommand(text: string, context: SlashCommandContext): boolean | undefined {
  const match = /^\/([\w-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, name = '', argument = ''] = match;
  const builtIn = SLASH_COMMANDS.find((command) => command.name === name);
  if (builtIn) return builtIn.run(argument.trim(), context);
  if (!context.custom.some((command) => command.name === name)) return undefined;
  const { conversationId, options, mode, agent } = context;
  context.host.post({ type: 'runCustomCommand', conversationId, name, argument: argument.trim(), options, mode, ...(agent !== undefined ? { agent } : {}) });
  return true;
}

/** The host's commands the `/` list offers: those whose name no built-in command takes. */
export function offeredCustomCommands(custom: readonly CustomCommand[]): CustomCommand[] {
  return custom.filter((command) => !SLASH_COMMANDS.some((builtIn) => builtIn.name === command.name));
}
