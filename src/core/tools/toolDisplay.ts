// How a tool's calls show in the chat, declared on the tool itself: its kind picks the card (the view
// draws one card per kind, and lint makes it handle every kind), its phrases are the card's title in the
// tool's own words. A new tool of an existing kind therefore needs nothing in the view. The view's copy of
// the kinds is `ToolKindSchema` in src/shared/viewShapes.ts; src/extension/chat/coreViewShapes.ts makes
// the compiler hold the two lists equal.

/**
 * edit: changes a file's content, with +/− counts and a mini-diff; command: runs a shell command, with its
 * exit code and output; read: reads a file or its lines; list: lists a folder; search: searches the
 * workspace and counts what it found; problems: the editor's diagnostics; process: a process a command
 * left running; plan: the task's own to-do list (no card); formula: a tool of a service formula;
 * external: a tool of an MCP server or of another extension; subagent: a job handed to a child agent,
 * whose own calls nest, folded, under the card.
 */
export const TOOL_KINDS = ['edit', 'command', 'read', 'list', 'search', 'problems', 'process', 'plan', 'formula', 'external', 'subagent'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/** A tool's words in the display language; `{0}` stands for its subject, the value of one argument. */
export interface ToolPhrases {
  /** While a call runs: "Reading {0}". */
  running: string;
  /** Once it ran: "Read {0}". */
  done: string;
  /** How a search counts what it found, one and several: "1 file", "{0} files". */
  found?: { one: string; many: string };
}

export interface ToolDisplay {
  readonly kind: ToolKind;
  /** The argument `{0}` names (`path`, `query`, `command`); absent when the phrases name none. */
  readonly subject?: string;
  /** Looked up when a call starts, never when a module loads, so they follow the display language. */
  phrases(): ToolPhrases;
}

/** What a tool call's card keeps of its tool's display: the kind and the phrases as they were when it ran. */
export interface ToolCardDisplay extends ToolPhrases {
  kind: ToolKind;
  subject?: string;
}

export function toolDisplay(kind: ToolKind, subject: string | undefined, phrases: () => ToolPhrases): ToolDisplay {
  return { kind, ...(subject !== undefined ? { subject } : {}), phrases };
}

export function cardDisplay(display: ToolDisplay): ToolCardDisplay {
  return { kind: display.kind, ...(display.subject !== undefined ? { subject: display.subject } : {}), ...display.phrases() };
}
