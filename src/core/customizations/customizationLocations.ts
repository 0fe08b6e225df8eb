// Where customizations are found, in precedence order: when two locations define the same skill,
// command or agent name, the first one listed wins (the workspace's over the user's, then in this order), and the
// other is listed as shadowed. A multi-root workspace's first folder wins over the next.
import type { CustomizationKind } from './customization';

export type LocationShape =
  /** `<folder>/<name>/SKILL.md`, one skill per subfolder. */
  | { form: 'skill-folders' }
  /** Files directly in the folder whose name ends with `suffix`; the rest of the name is the command's. */
  | { form: 'files'; suffix: string }
  /** One file. */
  | { form: 'file' }
  /** Custom agents: like `files`, in Copilot's front matter (every field optional) or Claude Code's (name and description required). */
  | { form: 'agent-files'; suffix: string; format: 'copilot' | 'claude' };

export interface CustomizationLocation {
  kind: CustomizationKind;
  base: 'workspace' | 'home';
  /** Relative to the workspace folder or the home folder, "/"-separated. */
  path: string;
  shape: LocationShape;
}

const agents = (base: 'workspace' | 'home', path: string, suffix: string, format: 'copilot' | 'claude'): CustomizationLocation => ({ kind: 'agent', base, path, shape: { form: 'agent-files', suffix, format } });
const skills = (base: 'workspace' | 'home', path: string): CustomizationLocation => ({ kind: 'skill', base, path, shape: { form: 'skill-folders' } });

export const SKILL_FILE = 'SKILL.md';

export const CUSTOMIZATION_LOCATIONS: readonly CustomizationLocation[] = [
  skills('workspace', '.agents/skills'),
  skills('workspace', '.github/skills'),
  skills('workspace', '.claude/skills'),
  skills('home', '.svc/skills'),
  skills('home', '.agents/skills'),
  skills('home', '.copilot/skills'),
  skills('home', '.claude/skills'),
  { kind: 'prompt', base: 'workspace', path: '.github/prompts', shape: { form: 'files', suffix: '.prompt.md' } },
  { kind: 'prompt', base: 'workspace', path: '.claude/commands', shape: { form: 'files', suffix: '.md' } },
  { kind: 'prompt', base: 'home', path: '.claude/commands', shape: { form: 'files', suffix: '.md' } },
  { kind: 'instructions', base: 'workspace', path: '.github/copilot-instructions.md', shape: { form: 'file' } },
  { kind: 'instructions', base: 'workspace', path: '.github/instructions', shape: { form: 'files', suffix: '.instructions.md' } },
  { kind: 'instructions', base: 'workspace', path: 'CLAUDE.md', shape: { form: 'file' } },
  { kind: 'instructions', base: 'home', path: '.claude/CLAUDE.md', shape: { form: 'file' } },
  agents('workspace', '.github/agents', '.agent.md', 'copilot'),
  agents('workspace', '.claude/agents', '.md', 'claude'),
  agents('home', '.svc/agents', '.md', 'copilot'),
  agents('home', '.copilot/agents', '.md', 'copilot'),
  agents('home', '.claude/agents', '.md', 'claude'),
];

/** A file's name without its suffix; `.agent.md` is Copilot's ending wherever `.md` is accepted. */
export function nameFromFile(fileName: string, suffix: string): string {
  const bare = fileName.slice(0, -suffix.length);
  return suffix === '.md' && bare.endsWith('.agent') ? bare.slice(0, -'.agent'.length) : bare;
}

/** How the user reads a location: ".github/skills", "~/.claude/skills". */
export function locationLabel(location: CustomizationLocation): string {
  return location.base === 'home' ? `~/${location.path}` : location.path;
}

/** What to watch for one location: a folder (relative to its base) and the pattern inside it. */
export interface WatchedPlace {
  folder: string;
  pattern: string;
}

/**
 * What to watch for the locations of `base`. A workspace folder is watched recursively by VS Code anyway, so
 * one pattern over the locations' top folders there costs nothing more. The home folder is not: a pattern that
 * reaches below it is a recursive watch of the whole home folder (hundreds of thousands of files a developer
 * keeps there, kept busy by every tool's caches), so each home location is watched where it is: a folder
 * recursively (a skill's folder holds more files), a file by its name in its folder, not recursively.
 */
export function watchedPlaces(base: CustomizationLocation['base']): WatchedPlace[] {
  const locations = CUSTOMIZATION_LOCATIONS.filter((l) => l.base === base);
  if (base === 'workspace') return [{ folder: '', pattern: `{${[...new Set(locations.map((l) => l.path.split('/')[0] as string))].join(',')}}{,/**}` }];
  const places = new Map<string, WatchedPlace>();
  for (const location of locations) {
    const slash = location.path.lastIndexOf('/');
    const place = location.shape.form === 'file' ? { folder: slash < 0 ? '' : location.path.slice(0, slash), pattern: location.path.slice(slash + 1) } : { folder: location.path, pattern: '**' };
    places.set(`${place.folder}\n${place.pattern}`, place);
  }
  return [...places.values()];
}
