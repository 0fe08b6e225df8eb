// What every request carries of the skills: each applicable skill's name and description, one line each,
// sorted by name, so the text is the same from request to request and the service's prompt cache keeps
// it. A skill's body is sent only when the model asks for it with use_skill (skillTool.ts).
import { applies, type Customization } from './customization';

/** A description past this is cut in the list (the whole one is in the skill): each skill costs at most about 60 tokens. */
export const LISTED_DESCRIPTION_CHARS = 200;

export const SKILL_TOOL_NAME = 'use_skill';

/** The skills the model may use: those that apply, each name once. */
export function usableSkills(items: readonly Customization[]): Customization[] {
  return items.filter((item) => item.kind === 'skill' && applies(item)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function listed(description: string): string {
  const oneLine = description.replace(/\s+/g, ' ').trim();
  return oneLine.length > LISTED_DESCRIPTION_CHARS ? `${oneLine.slice(0, LISTED_DESCRIPTION_CHARS - 1)}…` : oneLine;
}

/** The skills' section of the standing instructions; undefined when there is none. */
export function skillCatalogue(items: readonly Customization[]): string | undefined {
  const skills = usableSkills(items);
  if (skills.length === 0) return undefined;
  const lines = skills.map((skill) => `- ${skill.name}${skill.origin.scope === 'workspace' ? ' (workspace)' : ''}: ${listed(skill.description ?? '')}`);
  return `## Skills\n\nInstructions for particular kinds of work. When a request matches a skill's description, call ${SKILL_TOOL_NAME} with its name and follow what it says.\n\n${lines.join('\n')}`;
}
