// Skills as the scripted model uses them: it reads the skills' list the client puts in the standing
// instructions ("## Skills", one "- name: description" line each), and when the user's words name a
// skill, or share enough of its description, it calls use_skill first. Once the skill's instructions
// come back it follows them in a way a test can recognise: `Run \`command\`` becomes a call of the
// offered command tool, `Reply with exactly "X"` becomes the answer X, anything else is acknowledged
// with the instructions' first line. Same input, same choice.
import type { ChatMessage, ToolDefinition } from '../api/schemas';
import { messageText } from './tokenizer';

export const USE_SKILL = 'use_skill';

/** A skill is chosen on its description when the user's words share at least this many of its words. */
export const DESCRIPTION_WORDS_NEEDED = 3;

export interface ListedSkill {
  name: string;
  description: string;
}

export interface SkillChoice {
  name: string;
  why: string;
}

export type SkillStep = { kind: 'call'; name: string; arguments: Record<string, unknown>; why: string } | { kind: 'answer'; content: string; why: string };

// Words too common to say what a skill is for.
const COMMON = new Set(
  'about after also asks before could does each from have into just like make more most must only other over same should some such than that their them then there these they this those through under used uses using want what when where which while with without would your user users skill skills'.split(' '),
);

const COMMAND_TOOL = /^(?:run_command|run_in_terminal|bash|shell|terminal)$/i;

function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    // "notes" and "note", "dates" and "date" are one word here.
    const word = raw.length > 4 && raw.endsWith('s') ? raw.slice(0, -1) : raw;
    if (word.length >= 4 && !COMMON.has(word)) words.add(word);
  }
  return words;
}

/** The skills listed in the request's system messages, in the order listed. */
export function listedSkills(messages: readonly ChatMessage[]): ListedSkill[] {
  const skills: ListedSkill[] = [];
  for (const message of messages) {
    if (message.role !== 'system') continue;
    const text = messageText(message);
    const start = text.indexOf('## Skills\n');
    if (start < 0) continue;
    for (const line of text.slice(start).split('\n').slice(1)) {
      if (line.startsWith('## ')) break;
      const match = /^- ([a-z0-9][a-z0-9-]*)(?: \([^)]*\))?: (.*)$/.exec(line);
      if (match) skills.push({ name: match[1]!, description: match[2]! });
    }
  }
  return skills;
}

/**
 * The skill the user's words ask for: one whose name they contain (as written, or with spaces for its
 * hyphens), else the one sharing most words of its description, at least DESCRIPTION_WORDS_NEEDED; the
 * first listed wins a tie.
 */
export function chooseSkill(userText: string, skills: readonly ListedSkill[]): SkillChoice | undefined {
  const lower = ` ${userText.toLowerCase().replace(/[^a-z0-9-]+/g, ' ')} `;
  const named = skills.find((s) => lower.includes(` ${s.name} `) || lower.includes(` ${s.name.replace(/-/g, ' ')} `));
  if (named) return { name: named.name, why: `The user's request names the skill ${named.name}; I read its instructions first.` };
  const asked = wordsOf(userText);
  let best: { skill: ListedSkill; shared: string[] } | undefined;
  for (const skill of skills) {
    const shared = [...wordsOf(skill.description)].filter((word) => asked.has(word));
    if (shared.length >= DESCRIPTION_WORDS_NEEDED && shared.length > (best?.shared.length ?? 0)) best = { skill, shared };
  }
  if (!best) return undefined;
  return { name: best.skill.name, why: `The request matches the skill ${best.skill.name}'s description (${best.shared.join(', ')}); I read its instructions first.` };
}

/** On the first step of a request: the use_skill call, when the tool is offered and a listed skill fits. */
export function planSkillUse(userText: string, messages: readonly ChatMessage[], tools: readonly ToolDefinition[]): SkillChoice | undefined {
  if (!tools.some((t) => t.function.name === USE_SKILL)) return undefined;
  return chooseSkill(userText, listedSkills(messages));
}

/** The skill's instructions as use_skill returns them: after the heading line, before the folder's file list. */
function instructionsOf(result: string): { name: string; body: string } {
  const name = /^Skill ([a-z0-9-]+)/.exec(result)?.[1] ?? 'the skill';
  const body = result.replace(/^Skill [^\n]*\n\n/, '').replace(/\n\nFiles in the skill's folder[\s\S]*$/, '');
  return { name, body };
}

/** What the model does with a skill's instructions, read by use_skill. */
export function followSkill(result: string, tools: readonly ToolDefinition[]): SkillStep {
  const { name, body } = instructionsOf(result);
  const command = /\brun\s+`([^`\n]+)`/i.exec(body)?.[1];
  const commandTool = tools.find((t) => COMMAND_TOOL.test(t.function.name));
  if (command && commandTool) {
    const parameter = Object.keys(commandTool.function.parameters?.properties ?? {}).find((p) => /^(?:command|cmd|script)$/i.test(p)) ?? 'command';
    return { kind: 'call', name: commandTool.function.name, arguments: { [parameter]: command }, why: `The skill ${name} says to run \`${command}\`; I run it.` };
  }
  const exact = /\b(?:reply|respond|answer)\s+(?:with\s+)?exactly\s*:?\s*["“]([^"”]+)["”]/i.exec(body)?.[1];
  if (exact) return { kind: 'answer', content: exact, why: `The skill ${name} says what to answer.` };
  const first = body.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
  return { kind: 'answer', content: `I followed the skill ${name}: ${first}`, why: `I read the skill ${name}'s instructions and follow them.` };
}

/**
 * A skill the user ran as `/skill-name`: the client sends its instructions after the request (in the
 * form use_skill answers), so the model follows them at once.
 */
export function skillNamedByUser(userText: string): string | undefined {
  const match = /\n---\nSkill ([a-z0-9-]+) \([^\n]*\), which the user asked to use:\n\n([\s\S]*)$/.exec(userText);
  return match ? `Skill ${match[1]!}\n\n${match[2]!}` : undefined;
}
