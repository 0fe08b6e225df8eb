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

interface FieldSchema {
  type?: unknown;
  enum?: unknown;
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  required?: unknown;
}

/** Checks one value against its schema, and the items and fields of arrays and objects; `field` is its path ("edits[1].old_text"). */
function checkField(tool: string, field: string, value: unknown, schema: FieldSchema | undefined): void {
  if (!schema) return;
  if (schema.type !== undefined && !matchesType(value, schema.type)) {
    throw new ToolArgumentsError(tool, `field "${field}" must be ${JSON.stringify(schema.type)}, got ${typeOf(value)}.`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    throw new ToolArgumentsError(tool, `field "${field}" must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}.`);
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => checkField(tool, `${field}[${i}]`, item, schema.items));
  if (typeOf(value) === 'object' && schema.properties) {
    const object = value as Record<string, unknown>;
    const missing = (Array.isArray(schema.required) ? schema.required : []).filter((key) => typeof key === 'string' && object[key] === undefined);
    if (missing.length > 0) throw new ToolArgumentsError(tool, `field "${field}" is missing ${missing.map((m) => `"${m}"`).join(', ')}; its fields are ${Object.keys(schema.properties).map((k) => `"${k}"`).join(', ')}.`);
    for (const [key, item] of Object.entries(object)) checkField(tool, `${field}.${key}`, item, schema.properties[key]);
  }
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
  for (const [field, fieldValue] of Object.entries(args)) checkField(name, field, fieldValue, properties[field]);
  return { raw, value: args };
}
