// Hook definitions in Claude Code's format, which the user's `svc.hooks` setting and a workspace's
// `.claude/settings.json` / `.claude/settings.local.json` (its `hooks` field) share: an object of events,
// each a list of `{ matcher, hooks: [{ type: "command", command, timeout }] }`. Every bad field is named
// with what is allowed; one bad entry does not hide the others. Events Claude Code has and svc does not
// run are reported, never silently dropped.
import * as z from 'zod';

export const HOOK_EVENTS = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Claude Code's default time limit for a hook command, in seconds. */
export const DEFAULT_HOOK_TIMEOUT_SECONDS = 60;
export const MAX_HOOK_TIMEOUT_SECONDS = 600;

/** Where a hook was written: the user's own settings, or a file of a workspace folder (a cloned repository's). */
export type HookOrigin =
  | { kind: 'user' }
  /** `file` is the absolute path, `shown` what the user reads (`.claude/settings.json`), `folder` the workspace folder it belongs to. */
  | { kind: 'workspace'; file: string; shown: string; folder: string };

export interface HookDefinition {
  event: HookEvent;
  /** The tool names it applies to (a regular expression over the whole name); undefined: every tool. Tool events only. */
  matcher: string | undefined;
  command: string;
  timeoutSeconds: number;
  origin: HookOrigin;
}

export interface HookConfig {
  hooks: HookDefinition[];
  /** One line per bad field, e.g. `PreToolUse[0].hooks[1].command: must be a non-empty string`. */
  problems: string[];
}

const TOOL_EVENTS: readonly HookEvent[] = ['PreToolUse', 'PostToolUse'];

const CommandSchema = z.strictObject({
  type: z.literal('command', { error: 'must be "command" (the only kind of hook svc runs)' }),
  // Kept as written: the user approves this exact text.
  command: z.string({ error: 'must be a non-empty string' }).refine((text) => text.trim() !== '', 'must be a non-empty string'),
  timeout: z
    .number({ error: `must be a number of seconds from 1 to ${MAX_HOOK_TIMEOUT_SECONDS}` })
    .int(`must be a whole number of seconds from 1 to ${MAX_HOOK_TIMEOUT_SECONDS}`)
    .min(1, `must be a whole number of seconds from 1 to ${MAX_HOOK_TIMEOUT_SECONDS}`)
    .max(MAX_HOOK_TIMEOUT_SECONDS, `must be a whole number of seconds from 1 to ${MAX_HOOK_TIMEOUT_SECONDS}`)
    .optional(),
});

const GroupSchema = z.strictObject({
  matcher: z.string({ error: 'must be a string (a tool name, names joined by "|", or "*")' }).optional(),
  hooks: z.array(z.unknown(), { error: 'must be a list of hooks' }),
});

function issueLines(error: z.ZodError, prefix: string, allowed: string): string[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') return `${prefix}: unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}; allowed: ${allowed}`;
    const field = issue.path.length > 0 ? `${prefix}.${issue.path.map(String).join('.')}` : prefix;
    return `${field}: ${issue.message}`;
  });
}

/** Undefined when the matcher means every tool ("", "*" or none); a message when it is no valid pattern. */
function matcherProblem(matcher: string): string | undefined {
  try {
    new RegExp(`^(?:${matcher})$`);
    return undefined;
  } catch (error) {
    return `is not a valid pattern (${error instanceof Error ? error.message : String(error)})`;
  }
}

/**
 * The hooks of one source: `value` is the setting's value or a settings file's `hooks` field; `prefix`
 * names it in problems (`svc.hooks`, `hooks`).
 */
export function parseHooks(value: unknown, origin: HookOrigin, prefix: string): HookConfig {
  const hooks: HookDefinition[] = [];
  const problems: string[] = [];
  if (value === undefined) return { hooks, problems };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { hooks, problems: [`${prefix}: must be an object of events (${HOOK_EVENTS.join(', ')}), each a list of { matcher, hooks }`] };
  }
  for (const [event, groups] of Object.entries(value)) {
    const eventField = `${prefix}.${event}`;
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      problems.push(`${eventField}: not run by svc (it runs ${HOOK_EVENTS.join(', ')}); ignored`);
      continue;
    }
    if (!Array.isArray(groups)) {
      problems.push(`${eventField}: must be a list of { matcher, hooks }`);
      continue;
    }
    groups.forEach((group: unknown, g) => {
      const groupField = `${eventField}[${g}]`;
      const parsed = GroupSchema.safeParse(group);
      if (!parsed.success) return void problems.push(...issueLines(parsed.error, groupField, 'matcher, hooks'));
      const raw = parsed.data.matcher?.trim();
      const matcher = raw === undefined || raw === '' || raw === '*' ? undefined : raw;
      if (matcher !== undefined && !TOOL_EVENTS.includes(event as HookEvent)) {
        problems.push(`${groupField}.matcher: only PreToolUse and PostToolUse hooks have a matcher; leave it out`);
        return;
      }
      const bad = matcher === undefined ? undefined : matcherProblem(matcher);
      if (bad) return void problems.push(`${groupField}.matcher: ${bad}`);
      parsed.data.hooks.forEach((hook, h) => {
        const hookField = `${groupField}.hooks[${h}]`;
        const command = CommandSchema.safeParse(hook);
        if (!command.success) return void problems.push(...issueLines(command.error, hookField, 'type, command, timeout'));
        hooks.push({ event: event as HookEvent, matcher, command: command.data.command, timeoutSeconds: command.data.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS, origin });
      });
    });
  }
  return { hooks, problems };
}
