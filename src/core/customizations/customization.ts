// One customization a user wrote for their agents in a format other tools read (an Agent Skill, a prompt
// file, an instruction file, a custom agent), as discovery found it: what kind it is, which file, where it came from,
// and whether it applies now or why not. Every consumer (the request's standing instructions, the `/`
// list, the skill tool, a list of customizations) reads this one shape.

export const CUSTOMIZATION_KINDS = ['skill', 'prompt', 'instructions', 'agent'] as const;
export type CustomizationKind = (typeof CUSTOMIZATION_KINDS)[number];

export interface CustomizationOrigin {
  scope: 'workspace' | 'user';
  /** The location as the user reads it: ".github/skills", "~/.claude/skills", "CLAUDE.md". */
  location: string;
  /** The workspace folder's name in a multi-root workspace. */
  folder?: string;
}

/** A problem in a file's front matter: the field it is about (none for the YAML itself) and what is allowed. */
export interface FrontMatterProblem {
  field?: string;
  message: string;
}

export type CustomizationValidity =
  | { state: 'applies' }
  /** Front matter the format does not allow; nothing of the file is used. */
  | { state: 'invalid'; problems: FrontMatterProblem[] }
  /** A workspace file in a workspace not trusted (Restricted Mode): not read at all. */
  | { state: 'restricted' }
  /** Another location defines the same name and wins (the file of that one). */
  | { state: 'shadowed'; by: string }
  /** Never read: it lies in a dependency folder, or its real path leaves the workspace folder, or it is no readable file. */
  | { state: 'ignored'; why: string }
  /** The user turned it off for this workspace ("svc: Show Customizations"). */
  | { state: 'disabled' };

export interface SkillDetails {
  kind: 'skill';
  /** The folder holding SKILL.md: the files the skill references are read only below it. */
  folder: string;
  body: string;
}

export interface PromptDetails {
  kind: 'prompt';
  body: string;
  argumentHint?: string;
  /** `mode` / `agent`: how the prompt runs ("ask" a chat reply, "agent" or "plan" an agent task). */
  mode?: 'ask' | 'agent' | 'plan';
  model?: string;
  tools?: string[];
}

export interface InstructionsDetails {
  kind: 'instructions';
  body: string;
  /** Globs of the files it applies to; absent: it applies to every request. */
  applyTo?: string[];
}

export interface AgentDetails {
  kind: 'agent';
  /** The instructions the agent adds to the system prompt. */
  body: string;
  /** The tool names as the file wrote them (Copilot's or Claude Code's); absent: every tool of the task. */
  tools?: string[];
  /** The models it asks for, first available wins (Claude Code's `inherit` is left out: the composer's). */
  models: string[];
  /** Offered to run_subagent as a kind (Copilot's `infer: false` says no). */
  subagent: boolean;
}

export type CustomizationDetails = SkillDetails | PromptDetails | InstructionsDetails | AgentDetails;

export interface Customization {
  kind: CustomizationKind;
  /** The skill's, command's or agent's name; an instruction file's workspace-relative label. */
  name: string;
  /** Absolute path of the file. */
  file: string;
  /** The file as the user reads it: ".github/skills/review/SKILL.md", "~/.claude/skills/x/SKILL.md". */
  label: string;
  origin: CustomizationOrigin;
  description?: string;
  /** Hidden or direction-changing characters found in the file (shown marked wherever its text goes). */
  hiddenCharacters: number;
  validity: CustomizationValidity;
  /** Absent when the file was not read (restricted) or was invalid. */
  details?: CustomizationDetails;
}

export function applies(item: Customization): boolean {
  return item.validity.state === 'applies' && item.details !== undefined;
}
