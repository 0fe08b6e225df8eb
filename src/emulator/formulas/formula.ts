// What every official formula is: tool definitions in the chat `tools` format plus a function that
// runs one of them on the JSON arguments the model produced.
import type { ToolDefinition } from '../../api/schemas';
import type { Account } from '../auth';
import type { FileStore } from '../files/fileStore';

export interface FormulaLimits {
  quickjsTimeoutMs: number;
  quickjsMemoryBytes: number;
  codeRunnerTimeoutMs: number;
  codeRunnerOutputBytes: number;
  pythonPath: string;
  fetchTimeoutMs: number;
  fetchMaxBytes: number;
  /** Addresses fetch may reach although they are not public: test pages on 127.0.0.1, nothing else. */
  fetchAllowedAddresses: readonly string[];
}

export interface FormulaEnv {
  account: Account;
  files: FileStore;
  dataDir: string;
  limits: FormulaLimits;
  /** Charges the account (web-search is the one charged formula). */
  charge(usd: number): void;
}

export type FormulaResult = { output: string } | { encrypted_output: string };

export interface Formula {
  name: string;
  tools: ToolDefinition[];
  run(fn: string, args: FormulaArguments, env: FormulaEnv): Promise<FormulaResult>;
}

/** Fiber statuses other than `succeeded` (the spec leaves their names open). */
export type FailureStatus = 'invalid_arguments' | 'failed' | 'timeout';

export class FormulaFailure extends Error {
  override name = 'FormulaFailure';
  constructor(
    readonly status: FailureStatus,
    message: string,
    /** Partial output produced before the failure (e.g. a program's stdout before it crashed). */
    readonly output?: string,
  ) {
    super(message);
  }
}

export function tool(name: string, description: string, properties: Record<string, { type: string; description: string; items?: { type: string } }>, required: string[]): ToolDefinition {
  return { type: 'function', function: { name, description, parameters: { type: 'object', properties, required } } };
}

function bad(fn: string, message: string): FormulaFailure {
  return new FormulaFailure('invalid_arguments', `${fn}: ${message}`);
}

/** The model's arguments of one call, read by name; a missing or wrong one fails the call, naming the function and the argument. */
export class FormulaArguments {
  constructor(
    readonly fn: string,
    readonly values: Record<string, unknown>,
  ) {}

  string(key: string): string {
    const value = this.values[key];
    if (typeof value !== 'string' || value === '') throw bad(this.fn, `argument "${key}" is required and must be a non-empty string`);
    return value;
  }

  optionalString(key: string): string | undefined {
    const value = this.values[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw bad(this.fn, `argument "${key}" must be a string`);
    return value;
  }

  number(key: string): number {
    const raw = this.values[key];
    const value = typeof raw === 'string' && raw !== '' ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(this.fn, `argument "${key}" is required and must be a number`);
    return value;
  }

  optionalInteger(key: string, min: number, max: number): number | undefined {
    const value = this.values[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw bad(this.fn, `argument "${key}" must be a whole number from ${min} to ${max}`);
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback?: T): T {
    const value = this.values[key] ?? fallback;
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
      throw bad(this.fn, `argument "${key}" must be one of ${allowed.join(', ')}${value === undefined ? '' : `, got ${JSON.stringify(value)}`}`);
    }
    return value as T;
  }

  /** A failure of this call because of what the arguments say (not a missing one). */
  invalid(message: string): FormulaFailure {
    return bad(this.fn, message);
  }
}

/**
 * A formula with one function: its definition and its body in one place. The formula service has
 * already checked that the call names that function.
 */
export function singleFunctionFormula(name: string, definition: ToolDefinition, run: (args: FormulaArguments, env: FormulaEnv) => Promise<FormulaResult>): Formula {
  return { name, tools: [definition], run: (_fn, args, env) => run(args, env) };
}
