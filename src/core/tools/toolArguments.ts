// Checks the model's `arguments` string against the tool's parameter schema before anything runs.
// Models produce invalid JSON, forget required fields or send a number as a string; each case gets an
// error text naming the field, so the model can correct itself on the next step.
import type { ToolDefinition } from '../../api/index';
import type { ToolArguments } from './tool';
import { ToolArgumentsError } from './toolErrors';

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

function matchesType(value: unknown, expected: unknown): boolean {
  const allowed = Array.isArray(expected) ? expected : [expected];
  if (allowed.length === 0 || allowed.some((t) => typeof t !== 'string')) return true;
  const actual = typeOf(value);
  return allowed.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

export function parseToolArguments(definition: ToolDefinition, raw: string): ToolArguments {
  const name = definition.function.name;
  const text = raw.trim() === '' ? '{}' : raw;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ToolArgumentsError(name, `arguments are not valid JSON (${(err as Error).message}); send one JSON object.`);
  }
  if (typeOf(value) !== 'object') {
    throw new ToolArgumentsError(name, `arguments must be a JSON object, got ${typeOf(value)}.`);
  }
  const args = value as Record<string, unknown>;
  const parameters = definition.function.parameters;
  const properties = parameters?.properties ?? {};
  const missing = (parameters?.required ?? []).filter((field) => args[field] === undefined);
  if (missing.length > 0) {
    throw new ToolArgumentsError(name, `missing required field${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')}.`);
  }
  for (const [field, fieldValue] of Object.entries(args)) {
    const schema = properties[field] as { type?: unknown; enum?: unknown } | undefined;
    if (!schema) continue;
    if (schema.type !== undefined && !matchesType(fieldValue, schema.type)) {
      throw new ToolArgumentsError(name, `field "${field}" must be ${JSON.stringify(schema.type)}, got ${typeOf(fieldValue)}.`);
    }
    if (Array.isArray(schema.enum) && !schema.enum.includes(fieldValue)) {
      throw new ToolArgumentsError(name, `field "${field}" must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}.`);
    }
  }
  return { raw, value: args };
}
