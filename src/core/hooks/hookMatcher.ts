// Which tool calls a hook's matcher covers. A matcher is Claude Code's: a tool name, names joined by
// "|", or any regular expression over the whole name. Hooks written for Claude Code name its tools
// (`Bash`, `Edit`, …), so each of ours also answers to the Claude Code name of the tool that does the
// same; the tool's input is ours (run_command's `command` is Bash's `command`, read_file's `path` is not
// Read's `file_path`), which docs/hooks.md lists.

/** Claude Code's tool names for the tools of ours that do the same thing. */
export const CLAUDE_CODE_TOOL_NAMES: Readonly<Record<string, readonly string[]>> = {
  run_command: ['Bash'],
  read_file: ['Read'],
  write_file: ['Write'],
  edit_file: ['Edit', 'MultiEdit'],
  find_files: ['Glob'],
  search_text: ['Grep'],
  list_files: ['LS'],
};

const compiled = new Map<string, RegExp>();

function pattern(matcher: string): RegExp {
  let regex = compiled.get(matcher);
  if (!regex) {
    regex = new RegExp(`^(?:${matcher})$`);
    compiled.set(matcher, regex);
  }
  return regex;
}

/** True when a hook with `matcher` (undefined: every tool) applies to a call of `toolName`. */
export function matchesTool(matcher: string | undefined, toolName: string): boolean {
  if (matcher === undefined) return true;
  const regex = pattern(matcher);
  return regex.test(toolName) || (CLAUDE_CODE_TOOL_NAMES[toolName] ?? []).some((name) => regex.test(name));
}
