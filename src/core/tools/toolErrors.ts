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

/** A file is larger than a tool may read; it was not read. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
  constructor(
    readonly path: string,
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`${path} is ${size} bytes, more than the ${maxBytes} bytes a tool may read; it was not read.`);
  }
}

/**
 * A write refused at the moment of writing: the target is no longer the regular, unlinked file inside
 * the workspace it was, or its content is no longer what the change was computed from.
 */
export class WriteRefusedError extends Error {
  override readonly name = 'WriteRefusedError';
  constructor(
    readonly path: string,
    readonly reason: 'changed-since-read' | 'exists' | 'symlink' | 'hardlink' | 'not-a-file' | 'outside',
    detail: string,
  ) {
    super(`${path}: ${detail}`);
  }
}
