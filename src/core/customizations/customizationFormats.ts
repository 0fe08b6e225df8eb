// The three formats' front matter, as Copilot and Claude Code document them: a skill's SKILL.md (Agent
// Skills: `name` and `description` required), a prompt file or Claude Code command (`description`,
// `argument-hint`, `mode`/`agent`, `model`, `tools`/`allowed-tools`), an instruction file (`applyTo`).
// Fields other tools add are allowed and ignored; a field this extension uses with a wrong value is a
// problem naming the field.
import * as z from 'zod';
import type { FrontMatterProblem, InstructionsDetails, PromptDetails } from './customization';
import { optionalText, parseFrontMatter, stringList } from './frontMatter';

/** Agent Skills' rule for a skill's name; the same name is the `/` command. */
export const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SKILL_NAME = 64;
export const MAX_DESCRIPTION = 1024;

const SkillFrontMatterSchema = z.looseObject({
  name: z
    .string({ error: 'is required: the skill\'s name, lowercase letters, digits and "-"' })
    .regex(SKILL_NAME, { error: 'must be lowercase letters, digits and single "-" between them (such as "pdf-forms")' })
    .max(MAX_SKILL_NAME, { error: `must be at most ${MAX_SKILL_NAME} characters` }),
  description: z
    .string({ error: 'is required: what the skill does and when to use it' })
    .trim()
    .min(1, { error: 'is required: what the skill does and when to use it' })
    .max(MAX_DESCRIPTION, { error: `must be at most ${MAX_DESCRIPTION} characters` }),
});

const MODES = { ask: 'ask', edit: 'agent', agent: 'agent', plan: 'plan' } as const;
const modeField = z
  .string({ error: 'must be one of ask, edit, agent, plan' })
  .refine((value) => Object.hasOwn(MODES, value), { error: 'must be one of ask, edit, agent, plan' })
  .transform((value) => MODES[value as keyof typeof MODES]);

const PromptFrontMatterSchema = z.looseObject({
  description: optionalText('what the command does, shown in the / list'),
  'argument-hint': optionalText('what to type after the command'),
  mode: modeField.optional(),
  agent: modeField.optional(),
  model: optionalText('a model id'),
  tools: stringList.optional(),
  'allowed-tools': stringList.optional(),
});

const InstructionsFrontMatterSchema = z.looseObject({
  applyTo: stringList.optional(),
  description: optionalText('what the instructions are about'),
});

/** A command's name is what follows "/": letters, digits, "-" and "_". */
export const COMMAND_NAME = /^[A-Za-z0-9][\w-]*$/;

export type FormatResult<T> = { ok: true; value: T } | { ok: false; problems: FrontMatterProblem[] };

export async function parseSkillFile(text: string): Promise<FormatResult<{ name: string; description: string; body: string }>> {
  const parsed = await parseFrontMatter(text, SkillFrontMatterSchema);
  if (!parsed.ok) return parsed;
  return { ok: true, value: { name: parsed.value.name, description: parsed.value.description, body: parsed.body.trim() } };
}

export async function parsePromptFile(text: string): Promise<FormatResult<{ description?: string; details: PromptDetails }>> {
  const parsed = await parseFrontMatter(text, PromptFrontMatterSchema);
  if (!parsed.ok) return parsed;
  const fields = parsed.value;
  const mode = fields.agent ?? fields.mode;
  const tools = fields.tools ?? fields['allowed-tools'];
  const details: PromptDetails = {
    kind: 'prompt',
    body: parsed.body.trim(),
    ...(fields['argument-hint'] !== undefined ? { argumentHint: fields['argument-hint'] } : {}),
    ...(mode !== undefined ? { mode } : {}),
    ...(fields.model !== undefined ? { model: fields.model } : {}),
    ...(tools !== undefined ? { tools } : {}),
  };
  return { ok: true, value: { ...(fields.description !== undefined ? { description: fields.description } : {}), details } };
}

/**
 * An instruction file. `unscoped` is where it applies when it has no `applyTo`: copilot-instructions.md
 * and CLAUDE.md apply to every request, a `.instructions.md` without `applyTo` only when attached by hand
 * (which this extension does not offer, so never). `applyTo: "**"` is Copilot's way of saying "every request".
 */
export async function parseInstructionsFile(text: string, unscoped: 'every-request' | 'never'): Promise<FormatResult<{ description?: string; details: InstructionsDetails }>> {
  const parsed = await parseFrontMatter(text, InstructionsFrontMatterSchema);
  if (!parsed.ok) return parsed;
  const { applyTo, description } = parsed.value;
  const globs = applyTo === undefined ? (unscoped === 'every-request' ? undefined : []) : applyTo.includes('**') ? undefined : applyTo;
  return { ok: true, value: { ...(description !== undefined ? { description } : {}), details: { kind: 'instructions', body: parsed.body.trim(), ...(globs ? { applyTo: globs } : {}) } } };
}
