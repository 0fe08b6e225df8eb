// The tool names a custom agent's file lists, as Copilot (tool sets such as `read`, `edit`, `search`,
// `runCommands`, single tools such as `editFiles`, `server/tool` for an MCP tool) and Claude Code (`Read`,
// `Edit`, `Grep`, `Bash`, `mcp__server__tool`) write them, mapped to this extension's tools. A name that
// maps to nothing here is reported, never silently dropped; our own tool names are accepted as they are.
import { SKILL_TOOL_NAME } from './skillCatalogue';

const READ = ['read_file', 'list_files', 'list_problems', SKILL_TOOL_NAME];
const EDIT = ['write_file', 'edit_file'];
const SEARCH = ['search_text', 'find_files', 'list_files'];
const COMMANDS = ['run_command', 'read_process_output', 'stop_process', 'list_processes'];
const SUBAGENT = ['run_subagent'];
const PLAN = ['update_plan'];

/** Copilot's tool sets and tools (VS Code and the Copilot CLI), lower-cased. */
const COPILOT: Readonly<Record<string, readonly string[]>> = {
  read: READ,
  readfile: ['read_file'],
  problems: ['list_problems'],
  listdirectory: ['list_files'],
  edit: EDIT,
  editfiles: EDIT,
  createfile: ['write_file'],
  search: SEARCH,
  codebase: ['search_text', 'find_files'],
  filesearch: ['find_files'],
  textsearch: ['search_text'],
  runcommands: COMMANDS,
  runinterminal: COMMANDS,
  execute: COMMANDS,
  shell: COMMANDS,
  terminallastcommand: ['read_process_output'],
  getterminaloutput: ['read_process_output'],
  agent: SUBAGENT,
  runsubagent: SUBAGENT,
  todos: PLAN,
  todo: PLAN,
};

/** Claude Code's tools, as it writes them (its `Read` is one tool, Copilot's `read` a set). */
const CLAUDE: Readonly<Record<string, readonly string[]>> = {
  Read: ['read_file'],
  Write: ['write_file'],
  Edit: ['edit_file'],
  MultiEdit: ['edit_file'],
  Glob: ['find_files'],
  Grep: ['search_text'],
  LS: ['list_files'],
  Bash: COMMANDS,
  BashOutput: ['read_process_output', 'list_processes'],
  KillShell: ['stop_process'],
  KillBash: ['stop_process'],
  Task: SUBAGENT,
  TodoWrite: PLAN,
  Skill: [SKILL_TOOL_NAME],
};

function aliasOf(written: string): readonly string[] | undefined {
  if (Object.hasOwn(CLAUDE, written)) return CLAUDE[written];
  const lower = written.toLowerCase();
  return Object.hasOwn(COPILOT, lower) ? COPILOT[lower] : undefined;
}

/** This extension's own tool names, accepted as written. */
const OWN = new Set([...READ, ...EDIT, ...SEARCH, ...COMMANDS, ...SUBAGENT, ...PLAN]);

export interface AgentToolNames {
  /** Our tool names the agent may use; '*' when its file lists none (every tool of the task). */
  allowed: '*' | string[];
  /** Names as written that are neither ours, nor a Copilot or Claude Code name we map, nor a tool of the task. */
  unknown: string[];
}

/**
 * Maps the listed names. `available` are the task's other tools (formulas, MCP servers, other extensions),
 * which a name can also give exactly as the task offers it; Copilot's `server/tool` and Claude Code's
 * `mcp__server__tool` name an MCP tool by its own name after the server's.
 */
export function agentToolNames(listed: readonly string[] | undefined, available: readonly string[] = []): AgentToolNames {
  if (listed === undefined) return { allowed: '*', unknown: [] };
  const allowed = new Set<string>();
  const unknown: string[] = [];
  for (const written of listed) {
    const mapped = OWN.has(written) ? [written] : aliasOf(written);
    if (mapped) {
      for (const name of mapped) allowed.add(name);
      continue;
    }
    const external = externalMatches(written, available);
    if (external.length > 0) for (const name of external) allowed.add(name);
    else unknown.push(written);
  }
  return { allowed: [...allowed], unknown };
}

/** MCP tool names as the task offers them: `mcp_<server>_<tool>`, with other characters as "_" (externalToolNames.ts). */
const sanitize = (part: string) => part.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '');

/** The task's external tools a name gives: the exact name, or `server/tool` / `mcp__server__tool` (`server/*`: the server's every tool). */
function externalMatches(written: string, available: readonly string[]): string[] {
  if (available.includes(written)) return [written];
  const parts = /^([^/]+)\/(.+)$/.exec(written) ?? /^mcp__(.+?)__(.+)$/.exec(written);
  if (!parts) return [];
  const prefix = `mcp_${sanitize(parts[1] ?? '')}_`;
  const tool = parts[2] ?? '';
  return available.filter((name) => name.startsWith(prefix) && (tool === '*' || name === `${prefix}${sanitize(tool)}`));
}
