// Loading and matching of the scripted model's scenarios (`--scenarios FILE`).
import fs from 'node:fs';
import * as z from 'zod';
import type { Scenario, ScenarioFile } from './options';

export class ScenarioFileError extends Error {
  override name = 'ScenarioFileError';
}

const FunctionNameSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'a function name: letters, digits, _ and -');
const CountSchema = z.number().int('a whole number').min(0, 'a count, 0 or more');
const ToolCallSchema = z.strictObject({
  name: FunctionNameSchema,
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
});
const ScenarioSchema = z.strictObject({
  name: z.string().optional(),
  match: z.strictObject({
    lastUserText: z.string().optional(),
    lastUserTextRegex: z.string().optional(),
    hasTools: z.boolean().optional(),
    lastIsToolResult: z.boolean().optional(),
    toolStepsSinceUser: CountSchema.optional(),
    toolResultsSinceUser: CountSchema.optional(),
    lastToolName: FunctionNameSchema.optional(),
    model: z.string().optional(),
  }),
  reply: z
    .strictObject({
      reasoning: z.string().optional(),
      content: z.string().optional(),
      toolCalls: z.array(ToolCallSchema).min(1).optional(),
    })
    .refine((r) => r.content !== undefined || r.toolCalls !== undefined, 'a reply needs content or toolCalls'),
});
const ListSchema = z.array(ScenarioSchema);
const FileSchema = z.strictObject({ scenarios: ListSchema });

export function parseScenarios(value: unknown, source: string): Scenario[] {
  // The bare list is checked on its own so that errors keep the path of the field at fault.
  const parsed = Array.isArray(value) ? ListSchema.safeParse(value) : FileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ScenarioFileError(`${source}: ${issue.path.join('.') || 'top level'}: ${issue.message} (expected {"scenarios": [{"match": {...}, "reply": {...}}]})`);
  }
  const scenarios = Array.isArray(parsed.data) ? parsed.data : parsed.data.scenarios;
  scenarios.forEach((s, i) => {
    if (s.match.lastUserTextRegex !== undefined) {
      try {
        new RegExp(s.match.lastUserTextRegex, 'i');
      } catch (error) {
        throw new ScenarioFileError(`${source}: scenarios.${i}.match.lastUserTextRegex is not a valid regular expression: ${(error as Error).message}`);
      }
    }
  });
  return scenarios;
}

export function loadScenarios(option: ScenarioFile | Scenario[] | string | undefined): Scenario[] {
  if (option === undefined) return [];
  if (typeof option !== 'string') return parseScenarios(option, 'scenarios option');
  let text: string;
  try {
    text = fs.readFileSync(option, 'utf8');
  } catch (error) {
    throw new ScenarioFileError(`cannot read scenario file ${option}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ScenarioFileError(`scenario file ${option} is not valid JSON: ${(error as Error).message}`);
  }
  return parseScenarios(json, option);
}

export interface ConversationFacts {
  lastUserText: string;
  hasTools: boolean;
  lastIsToolResult: boolean;
  toolStepsSinceUser: number;
  toolResultsSinceUser: number;
  /** Undefined when no tool has answered since the last user message. */
  lastToolName: string | undefined;
  model: string;
}

export function findScenario(scenarios: readonly Scenario[], facts: ConversationFacts): Scenario | undefined {
  return scenarios.find(({ match }) => {
    if (match.model !== undefined && match.model !== facts.model) return false;
    if (match.hasTools !== undefined && match.hasTools !== facts.hasTools) return false;
    if (match.lastIsToolResult !== undefined && match.lastIsToolResult !== facts.lastIsToolResult) return false;
    if (match.toolStepsSinceUser !== undefined && match.toolStepsSinceUser !== facts.toolStepsSinceUser) return false;
    if (match.toolResultsSinceUser !== undefined && match.toolResultsSinceUser !== facts.toolResultsSinceUser) return false;
    if (match.lastToolName !== undefined && match.lastToolName !== facts.lastToolName) return false;
    if (match.lastUserText !== undefined && !facts.lastUserText.toLowerCase().includes(match.lastUserText.toLowerCase())) return false;
    if (match.lastUserTextRegex !== undefined && !new RegExp(match.lastUserTextRegex, 'i').test(facts.lastUserText)) return false;
    return true;
  });
}
