// What a kind of subagent is: a name, the description the model chooses it by, the instructions the
// child starts with, the tools it may have (by name, or every tool of the parent) and, optionally, its
// own model. One zod schema, so a kind that will come from a file is checked exactly like a built-in one,
// and every bad field is named with what is allowed.
import * as z from 'zod';

/** Passed as run_subagent's `kind` and in the cache key: short, lower case, no spaces. */
const KIND_NAME = /^[a-z][a-z0-9-]{0,31}$/;
const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

export const SubagentKindSchema = z.strictObject({
  name: z.string().regex(KIND_NAME, 'a name of 1 to 32 characters: lower-case letters, digits and -, starting with a letter'),
  description: z.string().trim().min(1, 'a sentence saying what this subagent is for (the model chooses by it)').max(500, 'at most 500 characters'),
  instructions: z.string().trim().min(1, 'the instructions the subagent starts with'),
  /** `*`: every tool the parent has; a list: those of them it names (a name the parent lacks is simply not offered). */
  tools: z.union([z.literal('*'), z.array(z.string().regex(FUNCTION_NAME, 'a tool name: letters, digits, _ and -')).min(1, 'at least one tool name, or "*"')]),
  model: z.string().min(1, 'a model id').optional(),
});
export type SubagentKind = z.infer<typeof SubagentKindSchema>;

/** A kind's name from an agent's: lower case, "-" for anything else, starting with a letter. */
export function kindName(agentName: string): string {
  const slug = agentName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return (/^[a-z]/.test(slug) ? slug : `agent-${slug}`).slice(0, 32).replace(/-+$/, '');
}

export class SubagentKindError extends Error {
  override readonly name = 'SubagentKindError';
}
