// A custom agent's file, as Copilot (`.github/agents/*.agent.md`: every field optional, the name defaults to
// the file's) and Claude Code (`.claude/agents/*.md`: `name` and `description` required) write it: `tools`
// a list or one comma-separated string, `model` one id or (Copilot) a list tried in order, the body the
// agent's instructions. Fields other tools add (`handoffs`, `color`, `permissionMode`…) are allowed and
// ignored; a field this extension uses with a wrong value is a problem naming the field.
import * as z from 'zod';
import type { AgentDetails } from './customization';
import type { FormatResult } from './customizationFormats';
import { optionalText, parseFrontMatter, stringList } from './frontMatter';

/** What the mode picker and run_subagent can show: letters, digits, spaces, ".", "_" and "-". */
export const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/;
const NAME_RULE = 'must be 1 to 64 letters, digits, spaces, ".", "_" or "-", starting with a letter or digit';
export const MAX_AGENT_DESCRIPTION = 1024;

const nameField = z.string({ error: NAME_RULE }).regex(AGENT_NAME, { error: NAME_RULE });
const descriptionField = z
  .string({ error: 'must be text (what the agent is for, shown in the mode picker)' })
  .trim()
  .min(1, { error: 'must not be empty: what the agent is for' })
  .max(MAX_AGENT_DESCRIPTION, { error: `must be at most ${MAX_AGENT_DESCRIPTION} characters` });
const modelField = z.union([z.string(), z.array(z.string())], { error: 'must be a model id or a list of model ids' });

const CopilotAgentSchema = z.looseObject({
  name: nameField.optional(),
  description: descriptionField.optional(),
  tools: stringList.optional(),
  model: modelField.optional(),
  infer: z.boolean({ error: 'must be true or false (whether other agents may start it as a subagent)' }).optional(),
  target: optionalText('vscode or github-copilot'),
});

const ClaudeAgentSchema = z.looseObject({
  name: z.string({ error: `is required: the agent's name; it ${NAME_RULE}` }).regex(AGENT_NAME, { error: NAME_RULE }),
  description: z.string({ error: 'is required: when the agent should be used' }).pipe(descriptionField),
  tools: stringList.optional(),
  model: modelField.optional(),
});

export interface ParsedAgent {
  name: string;
  description?: string;
  details: AgentDetails;
}

/** Claude Code's `inherit` (and an empty entry) means the model the task already has. */
function models(value: string | string[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.map((m) => m.trim()).filter((m) => m !== '' && m !== 'inherit');
}

export async function parseAgentFile(text: string, format: 'copilot' | 'claude', fallbackName: string): Promise<FormatResult<ParsedAgent>> {
  const schema: z.ZodType<z.infer<typeof CopilotAgentSchema>> = format === 'claude' ? ClaudeAgentSchema : CopilotAgentSchema;
  const parsed = await parseFrontMatter(text, schema);
  if (!parsed.ok) return parsed;
  const fields = parsed.value;
  const name = fields.name ?? fallbackName;
  if (!AGENT_NAME.test(name)) return { ok: false, problems: [{ field: 'name', message: `"${fallbackName}" (the file's name) cannot be an agent's name: add a name that ${NAME_RULE}` }] };
  const details: AgentDetails = {
    kind: 'agent',
    body: parsed.body.trim(),
    ...(fields.tools !== undefined ? { tools: fields.tools } : {}),
    models: models(fields.model),
    subagent: fields.infer !== false,
  };
  return { ok: true, value: { name, ...(fields.description !== undefined ? { description: fields.description } : {}), details } };
}
