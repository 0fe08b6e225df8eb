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
  run(fn: string, args: Record<string, unknown>, env: FormulaEnv): Promise<FormulaResult>;
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

export function requireString(fn: string, args: Record<string, unknown>, key: string): string {
  const value = args[key];
  if (typeof value !== 'string' || value === '') throw bad(fn, `argument "${key}" is required and must be a non-empty string`);
  return value;
}

export function optionalString(fn: string, args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw bad(fn, `argument "${key}" must be a string`);
  return value;
}

export function requireNumber(fn: string, args: Record<string, unknown>, key: string): number {
  const value = typeof args[key] === 'string' && args[key] !== '' ? Number(args[key]) : args[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(fn, `argument "${key}" is required and must be a number`);
  return value;
}

export function optionalInteger(fn: string, args: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw bad(fn, `argument "${key}" must be a whole number from ${min} to ${max}`);
  return value;
}

export function oneOf<T extends string>(fn: string, args: Record<string, unknown>, key: string, allowed: readonly T[], fallback?: T): T {
  const value = args[key] ?? fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw bad(fn, `argument "${key}" must be one of ${allowed.join(', ')}${value === undefined ? '' : `, got ${JSON.stringify(value)}`}`);
  }
  return value as T;
}

export function unknownFunction(formula: Formula, fn: string): never {
  throw bad(fn, `formula ${formula.name} has no function "${fn}"`);
}
