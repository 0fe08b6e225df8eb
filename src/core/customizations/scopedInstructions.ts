// Instruction files with `applyTo` globs (`.github/instructions/*.instructions.md`) apply to the files a
// request touches: the files attached, mentioned or open in the editor, and the files the agent's tools
// read or change. Each is sent once per conversation or task, as a system message at that point rather
// than with the standing instructions, so the cached prefix of every request stays the same.
import ignore from 'ignore';
import type { SystemMessage } from '../../api/index';
import { applies, type Customization } from './customization';

const HEADER = 'Instructions of ';

/** Whether the workspace-relative path (with the folder's name first in a multi-root workspace) matches the file's globs. */
function matches(item: Customization, path: string): boolean {
  const globs = item.details?.kind === 'instructions' ? item.details.applyTo : undefined;
  if (!globs || globs.length === 0) return false;
  const folder = item.origin.folder;
  const normalised = path.split('\\').join('/').replace(/^\.\//, '');
  const inFolder = folder === undefined ? normalised : normalised.startsWith(`${folder}/`) ? normalised.slice(folder.length + 1) : undefined;
  if (!inFolder || inFolder.startsWith('../') || inFolder.startsWith('/')) return false;
  return ignore().add(globs).ignores(inFolder);
}

/** The scoped instruction files that apply to any of `paths`, in catalogue order. */
export function instructionsFor(items: readonly Customization[], paths: readonly string[]): Customization[] {
  return items.filter((item) => item.kind === 'instructions' && applies(item) && paths.some((path) => matches(item, path)));
}

/** The instruction files every request carries (copilot-instructions.md, CLAUDE.md, `applyTo: "**"`). */
export function standingInstructionFiles(items: readonly Customization[]): Customization[] {
  return items.filter((item) => item.kind === 'instructions' && applies(item) && item.details?.kind === 'instructions' && item.details.applyTo === undefined);
}

export function scopedInstructionsMessage(item: Customization): SystemMessage {
  const globs = item.details?.kind === 'instructions' ? (item.details.applyTo ?? []).join(', ') : '';
  const from = item.origin.scope === 'workspace' ? 'from the workspace' : "from the user's files";
  const body = item.details?.kind === 'instructions' ? item.details.body : '';
  return { role: 'system', content: `${HEADER}${item.label} (${from}), for the files matching ${globs}:\n\n${body}` };
}

/** Whether `messages` already carry the instructions of `label`. */
export function carriesInstructions(messages: readonly { content: unknown }[], label: string): boolean {
  const start = `${HEADER}${label} (`;
  return messages.some((m) => typeof m.content === 'string' && m.content.startsWith(start));
}
