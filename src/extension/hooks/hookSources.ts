// Where hooks are defined: the user's `svc.hooks` setting (user settings only: a repository's
// `.vscode/settings.json` cannot set it) and, in a trusted workspace only, each folder's
// `.claude/settings.json` and `.claude/settings.local.json` (their `hooks` field, Claude Code's format).
// Read at each task, so an edited file counts from the next one (and a changed command is asked again).
// No vscode import.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parseHooks, type HookConfig } from '../../core/hooks/hookConfig';

export const WORKSPACE_HOOK_FILES = ['.claude/settings.json', '.claude/settings.local.json'] as const;

export interface HookSourceInput {
  /** The user's `svc.hooks` value. */
  user: unknown;
  /** The workspace folders' absolute paths. */
  folders: readonly string[];
  /** Workspace trust: in Restricted Mode no workspace file is even read. */
  trusted: boolean;
}

async function workspaceHooks(folder: string, shown: (typeof WORKSPACE_HOOK_FILES)[number]): Promise<HookConfig> {
  const file = path.join(folder, ...shown.split('/'));
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return { hooks: [], problems: [] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { hooks: [], problems: [`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)}); its hooks are not used`] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { hooks: [], problems: [`${file}: must be a JSON object; its hooks are not used`] };
  const parsed = parseHooks((value as Record<string, unknown>).hooks, { kind: 'workspace', file, shown, folder }, 'hooks');
  return { hooks: parsed.hooks, problems: parsed.problems.map((problem) => `${file}: ${problem}`) };
}

/** The user's `svc.hooks`, its bad fields named (reported with the other settings' problems, settingsReader.ts). */
export function userHooks(value: unknown): HookConfig {
  return parseHooks(value, { kind: 'user' }, 'svc.hooks');
}

/**
 * Every hook that may apply, the user's first; `problems` are the workspace files' bad fields, each named
 * with its file (the setting's are reported with the other settings).
 */
export async function loadHooks(input: HookSourceInput): Promise<HookConfig> {
  const user = userHooks(input.user).hooks;
  if (!input.trusted) return { hooks: user, problems: [] };
  const files = await Promise.all(input.folders.flatMap((folder) => WORKSPACE_HOOK_FILES.map((shown) => workspaceHooks(folder, shown))));
  return { hooks: [...user, ...files.flatMap((f) => f.hooks)], problems: files.flatMap((f) => f.problems) };
}

/** The workspace hook files that exist, for the list of customizations in Restricted Mode (they are not read). */
export async function workspaceHookFiles(folders: readonly string[]): Promise<{ file: string; shown: string }[]> {
  const all = folders.flatMap((folder) => WORKSPACE_HOOK_FILES.map((shown) => ({ file: path.join(folder, ...shown.split('/')), shown })));
  const present = await Promise.all(all.map(async (entry) => ((await fs.stat(entry.file).then((stat) => stat.isFile(), () => false)) ? [entry] : [])));
  return present.flat();
}
