// Errors of the agent's task list, for a request it cannot take: shown to the user, so in their language.
import * as l10n from '../l10n';

export class AgentTaskBusyError extends Error {
  constructor() {
    super(l10n.t('An agent task is already running in this conversation: stop it first (Escape or svc: Stop Generating).'));
    this.name = 'AgentTaskBusyError';
  }
}

export class UnknownAgentTaskError extends Error {
  constructor(taskId: string) {
    super(l10n.t('No agent task "{0}" in this window: changes can be undone or diffed only in the window that made them.', taskId));
    this.name = 'UnknownAgentTaskError';
  }
}
