// Running a prompt file or a Claude Code command: its text with what the user typed after the command
// in place of `$ARGUMENTS` (and `$1`…`$9`, its words), and Copilot's `${input:name}` /
// `${input:name:placeholder}` variables filled with what the user answered for each. A prompt without
// `$ARGUMENTS` gets what was typed after its text, so nothing the user typed is lost.
export interface PromptInput {
  name: string;
  placeholder?: string;
}

const INPUT = /\$\{input:([A-Za-z_][\w-]*)(?::([^}]*))?\}/g;

/** The `${input:…}` variables of a prompt, each name once, in order of appearance. */
export function promptInputs(body: string): PromptInput[] {
  const seen = new Map<string, PromptInput>();
  for (const match of body.matchAll(INPUT)) {
    const name = match[1] as string;
    if (!seen.has(name)) seen.set(name, { name, ...(match[2] ? { placeholder: match[2] } : {}) });
  }
  return [...seen.values()];
}

/** The prompt's text to send: arguments and answered inputs in place. */
export function expandPrompt(body: string, argument: string, inputs: Readonly<Record<string, string>> = {}): string {
  const words = argument.split(/\s+/).filter(Boolean);
  let usedArguments = false;
  const expanded = body
    .replace(INPUT, (whole, name: string) => inputs[name] ?? whole)
    .replace(/\$ARGUMENTS\b|\$([1-9])(?!\d)/g, (_whole, index: string | undefined) => {
      usedArguments = true;
      return index === undefined ? argument : (words[Number(index) - 1] ?? '');
    });
  return !usedArguments && argument !== '' ? `${expanded}\n\n${argument}` : expanded;
}

/** What `/skill-name argument` sends: the request, then the skill's instructions, read now because the user named it. */
export function skillCommandText(name: string, label: string, body: string, argument: string): string {
  const request = argument === '' ? `Apply the skill ${name}.` : argument;
  return `${request}\n\n---\nSkill ${name} (${label}), which the user asked to use:\n\n${body}`;
}
