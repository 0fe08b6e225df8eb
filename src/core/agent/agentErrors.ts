// Errors that end an agent task. Their messages are shown to the user (the task's summary and its
// failed entry), so they are in the user's language.
import * as l10n from '../l10n';

export class AgentContextOverflowError extends Error {
  override readonly name = 'AgentContextOverflowError';
  constructor(
    readonly tokens: number,
    readonly limit: number,
  ) {
    super(
      l10n.t(
        "The task no longer fits the model's context: {0} tokens of input against {1} available, even after shortening and summarising earlier steps. Start a new task or use a model with a longer context.",
        tokens,
        limit,
      ),
    );
  }
}

export class AgentResponseError extends Error {
  override readonly name = 'AgentResponseError';
}
