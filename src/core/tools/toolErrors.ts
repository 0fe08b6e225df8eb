// Typed errors of the tool layer. Each message is written for whoever reads it last: for argument and
// path errors that is the model, so the text says what was wrong and what is allowed.

export class ToolArgumentsError extends Error {
  override readonly name = 'ToolArgumentsError';
  constructor(
    readonly tool: string,
    readonly problem: string,
  ) {
    super(`Invalid arguments for ${tool}: ${problem}`);
  }
}

export class DuplicateToolError extends Error {
  override readonly name = 'DuplicateToolError';
  constructor(readonly tool: string) {
    super(`Two tools are named "${tool}"; function names must be unique within one request.`);
  }
}

export class PathPolicyError extends Error {
  override readonly name = 'PathPolicyError';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`Path "${path}" refused: ${reason}`);
  }
}

export class FormulaToolsError extends Error {
  override readonly name = 'FormulaToolsError';
  constructor(
    readonly formula: string,
    message: string,
  ) {
    super(message);
  }
}
