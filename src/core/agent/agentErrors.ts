// Errors that end an agent task.

export class AgentContextOverflowError extends Error {
  override readonly name = 'AgentContextOverflowError';
  constructor(
    readonly tokens: number,
    readonly limit: number,
  ) {
    super(`The task no longer fits the model's context: ${tokens} tokens of input against ${limit} available, even after shortening and summarising earlier steps. Start a new task or use a model with a longer context.`);
  }
}

export class AgentResponseError extends Error {
  override readonly name = 'AgentResponseError';
}
