// The files "svc: New Skill", "svc: New Prompt File" and "svc: New Agent" write: where each kind may go
// (the workspace's Copilot or Claude Code folder, or the user's home), what its name may be, and a
// template whose front matter the catalogue accepts as it is.
import * as nodePath from 'node:path';
import * as l10n from '../l10n';
import { COMMAND_NAME, MAX_SKILL_NAME, SKILL_NAME } from './customizationFormats';
import { SKILL_FILE } from './customizationLocations';

export const NEW_CUSTOMIZATION_KINDS = ['skill', 'prompt', 'agent'] as const;
export type NewCustomizationKind = (typeof NEW_CUSTOMIZATION_KINDS)[number];

export interface TemplatePlace {
  base: 'workspace' | 'home';
  /** The folder, relative to the workspace folder or the home folder, "/"-separated. */
  folder: string;
  /** `skill-folder`: `<folder>/<name>/SKILL.md`; otherwise `<folder>/<name><suffix>`. */
  layout: { form: 'skill-folder' } | { form: 'file'; suffix: string };
  tool: string;
}

const skillPlace = (base: TemplatePlace['base'], folder: string, tool: string): TemplatePlace => ({ base, folder, layout: { form: 'skill-folder' }, tool });
const filePlace = (base: TemplatePlace['base'], folder: string, suffix: string, tool: string): TemplatePlace => ({ base, folder, layout: { form: 'file', suffix }, tool });

/** Where each kind may be written, the workspace's first. Every place is one the catalogue reads. */
export const TEMPLATE_PLACES: Record<NewCustomizationKind, readonly TemplatePlace[]> = {
  skill: [skillPlace('workspace', '.github/skills', 'GitHub Copilot'), skillPlace('workspace', '.claude/skills', 'Claude Code'), skillPlace('home', '.svc/skills', 'svc')],
  prompt: [filePlace('workspace', '.github/prompts', '.prompt.md', 'GitHub Copilot'), filePlace('workspace', '.claude/commands', '.md', 'Claude Code'), filePlace('home', '.claude/commands', '.md', 'Claude Code')],
  agent: [filePlace('workspace', '.github/agents', '.agent.md', 'GitHub Copilot'), filePlace('workspace', '.claude/agents', '.md', 'Claude Code'), filePlace('home', '.claude/agents', '.md', 'Claude Code')],
};

/** The longest name a new prompt file or agent may have (a skill's is Agent Skills' limit, the same). */
export const MAX_NEW_NAME = MAX_SKILL_NAME;

/** Undefined when `name` may be the new item's name; else what is wrong and what is allowed. */
export function nameProblem(kind: NewCustomizationKind, name: string): string | undefined {
  if (name === '') return l10n.t('Type a name.');
  if (name.length > MAX_NEW_NAME) return l10n.t('The name may have at most {0} characters (this one has {1}).', MAX_NEW_NAME, name.length);
  switch (kind) {
    case 'skill':
    case 'agent':
      return SKILL_NAME.test(name) ? undefined : l10n.t('"{0}" is not allowed: use lowercase letters a–z, digits 0–9 and single "-" between them (such as "pdf-forms").', name);
    case 'prompt':
      return COMMAND_NAME.test(name) ? undefined : l10n.t('"{0}" is not allowed: use letters, digits, "-" and "_", starting with a letter or digit (it is typed after "/").', name);
  }
}

/** The file of a new item of `name` at `place` under `root` (the workspace folder or the home folder). */
export function templateFile(root: string, place: TemplatePlace, name: string): string {
  const folder = nodePath.join(root, ...place.folder.split('/'));
  return place.layout.form === 'skill-folder' ? nodePath.join(folder, name, SKILL_FILE) : nodePath.join(folder, `${name}${place.layout.suffix}`);
}

/** How a place reads in the picker: ".github/skills/<name>/SKILL.md", "~/.claude/commands/<name>.md". */
export function placeLabel(place: TemplatePlace, name: string): string {
  const prefix = place.base === 'home' ? '~/' : '';
  return place.layout.form === 'skill-folder' ? `${prefix}${place.folder}/${name}/${SKILL_FILE}` : `${prefix}${place.folder}/${name}${place.layout.suffix}`;
}

/** The template's text (English: it is instructions the model reads). */
export function templateText(kind: NewCustomizationKind, name: string): string {
  switch (kind) {
    case 'skill':
      return [
        '---',
        `name: ${name}`,
        'description: What this skill does and when to use it. The agent reads this line with every request to decide whether the skill applies.',
        '---',
        '',
        `# ${name}`,
        '',
        'The steps to follow when the skill applies. Other files of this folder can be named here; the agent reads them when it uses the skill.',
        '',
      ].join('\n');
    case 'prompt':
      return [
        '---',
        `description: What /${name} does, shown in the / list.`,
        'argument-hint: what to type after the command',
        '---',
        '',
        `The text /${name} sends. $ARGUMENTS is replaced by what is typed after the command.`,
        '',
      ].join('\n');
    case 'agent':
      return [
        '---',
        `name: ${name}`,
        'description: What this agent is for and when to hand it a task.',
        '---',
        '',
        `You are ${name}. Describe how the agent works, what it must check and what it returns.`,
        '',
      ].join('\n');
  }
}
