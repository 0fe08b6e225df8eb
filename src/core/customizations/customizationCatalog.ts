// Finds every customization of the locations (customizationLocations.ts) on first use, never before,
// and keeps them: a change to one file re-reads that file only. A workspace file is read only in a
// trusted workspace and only when its real path stays inside its workspace folder; nothing whose real
// path passes through a dependency folder is read. When two locations define the same name, the first
// wins and the other is kept as shadowed, so a list of customizations can say why it does not apply.
import * as nodePath from 'node:path';
import type { Customization, CustomizationOrigin, CustomizationValidity } from './customization';
import { COMMAND_NAME, parseInstructionsFile, parsePromptFile, parseSkillFile } from './customizationFormats';
import type { CustomizationFiles, CustomizationPlaces } from './customizationFiles';
import { CUSTOMIZATION_LOCATIONS, locationLabel, nameFromFile, SKILL_FILE, type CustomizationLocation } from './customizationLocations';
import { parseAgentFile } from './customAgentFormat';
import { inDependencyFolder } from './dependencyFolders';
import { customizationKey } from './disabledCustomizations';
import { markHiddenCharacters } from './hiddenCharacters';

interface Root {
  base: 'workspace' | 'home';
  path: string;
  /** The workspace folder's name, in a multi-root workspace. */
  folder?: string;
  index: number;
}

interface Candidate {
  location: CustomizationLocation;
  root: Root;
  file: string;
  /** What the name is when the file cannot say: the skill's folder, the command file's name. */
  fallbackName: string;
}

interface Found {
  item: Customization;
  rank: number;
}

const toPosix = (path: string) => path.split(nodePath.sep).join('/');

export class CustomizationCatalog {
  private found: Map<string, Found> | undefined;
  private scanning: Promise<Map<string, Found>> | undefined;
  private realRoots = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly places: CustomizationPlaces,
    private readonly files: CustomizationFiles,
  ) {}

  /**
   * Every customization found, in precedence order (location, then workspace folder, then name). One the
   * user turned off is marked disabled before precedence, so the next of its name takes its place.
   */
  async items(): Promise<Customization[]> {
    const [found, disabled] = await Promise.all([this.scan(), this.places.disabled()]);
    const ordered = [...found.values()].sort((a, b) => a.rank - b.rank || a.item.name.localeCompare(b.item.name) || a.item.file.localeCompare(b.item.file));
    return withPrecedence(ordered.map(({ item }): Customization => (disabled.has(customizationKey(item)) ? { ...item, validity: { state: 'disabled' } } : item)));
  }

  /**
   * A file changed, appeared or went away: when it is one a location holds, only it is read again; a
   * change to a location's folder itself (a skill folder added or removed) finds that location's files
   * again on next use. Returns whether anything of the catalog could have changed.
   */
  async fileChanged(file: string): Promise<boolean> {
    if (!this.found) return false;
    const candidate = this.candidateOf(file);
    if (candidate) {
      const found = this.found;
      const item = await this.read(candidate);
      if (item) found.set(candidate.file, { item, rank: this.rankOf(candidate) });
      else found.delete(candidate.file);
      return true;
    }
    if (this.touchesALocation(file)) {
      this.forget();
      return true;
    }
    return false;
  }

  /** Trust or the workspace's folders changed: everything is found again on next use. */
  forget(): void {
    this.found = undefined;
    this.scanning = undefined;
    this.realRoots = new Map();
  }

  private scan(): Promise<Map<string, Found>> {
    if (this.found) return Promise.resolve(this.found);
    const scanning = (this.scanning ??= this.scanAll().then((found) => {
      if (this.scanning === scanning) this.found = found;
      return found;
    }));
    return scanning;
  }

  private async scanAll(): Promise<Map<string, Found>> {
    const candidates = (await Promise.all(CUSTOMIZATION_LOCATIONS.flatMap((location) => this.rootsOf(location).map((root) => this.candidatesIn(location, root))))).flat();
    const items = await Promise.all(candidates.map(async (candidate) => ({ candidate, item: await this.read(candidate) })));
    const found = new Map<string, Found>();
    for (const { candidate, item } of items) if (item) found.set(candidate.file, { item, rank: this.rankOf(candidate) });
    return found;
  }

  private roots(): Root[] {
    const folders = this.places.workspaceFolders();
    return [
      ...folders.map((folder, index): Root => ({ base: 'workspace', path: folder.path, index, ...(folders.length > 1 ? { folder: folder.name } : {}) })),
      { base: 'home', path: this.places.home(), index: 0 },
    ];
  }

  private rootsOf(location: CustomizationLocation): Root[] {
    return this.roots().filter((root) => root.base === location.base);
  }

  private rankOf(candidate: Candidate): number {
    return CUSTOMIZATION_LOCATIONS.indexOf(candidate.location) * 1000 + candidate.root.index;
  }

  private async candidatesIn(location: CustomizationLocation, root: Root): Promise<Candidate[]> {
    const at = nodePath.join(root.path, ...location.path.split('/'));
    const shape = location.shape;
    switch (shape.form) {
      case 'file':
        return (await this.files.realPath(at)) ? [{ location, root, file: at, fallbackName: location.path }] : [];
      case 'files':
      case 'agent-files':
        return (await this.files.list(at))
          .filter((entry) => entry.kind === 'file' && entry.name.endsWith(shape.suffix) && entry.name.length > shape.suffix.length)
          .map((entry) => ({ location, root, file: nodePath.join(at, entry.name), fallbackName: nameFromFile(entry.name, shape.suffix) }));
      case 'skill-folders':
        // A folder without SKILL.md drops out when it is read (its real path does not exist).
        return (await this.files.list(at))
          .filter((entry) => entry.kind === 'directory')
          .map((entry) => ({ location, root, file: nodePath.join(at, entry.name, SKILL_FILE), fallbackName: entry.name }));
    }
  }

  /** The candidate a changed path is, if a location holds it. */
  private candidateOf(file: string): Candidate | undefined {
    for (const location of CUSTOMIZATION_LOCATIONS) {
      for (const root of this.rootsOf(location)) {
        const relative = toPosix(nodePath.relative(root.path, file));
        if (relative.startsWith('../') || nodePath.isAbsolute(relative)) continue;
        const shape = location.shape;
        const rest = relative.startsWith(`${location.path}/`) ? relative.slice(location.path.length + 1) : undefined;
        if (shape.form === 'file' && relative === location.path) return { location, root, file, fallbackName: location.path };
        if ((shape.form === 'files' || shape.form === 'agent-files') && rest && !rest.includes('/') && rest.endsWith(shape.suffix) && rest.length > shape.suffix.length) {
          return { location, root, file, fallbackName: nameFromFile(rest, shape.suffix) };
        }
        const parts = rest?.split('/');
        if (shape.form === 'skill-folders' && parts?.length === 2 && parts[1] === SKILL_FILE) return { location, root, file, fallbackName: parts[0] as string };
      }
    }
    return undefined;
  }

  /** Whether the path is a location's folder, a folder on the way to one, or a folder or file inside one. */
  private touchesALocation(file: string): boolean {
    return CUSTOMIZATION_LOCATIONS.some((location) =>
      this.rootsOf(location).some((root) => {
        const relative = toPosix(nodePath.relative(root.path, file));
        return relative !== '' && !relative.startsWith('../') && (location.path === relative || location.path.startsWith(`${relative}/`) || relative.startsWith(`${location.path}/`));
      }),
    );
  }

  /** A root's real path, looked up once per root rather than once per file. */
  private realRoot(root: string): Promise<string | undefined> {
    let real = this.realRoots.get(root);
    if (!real) this.realRoots.set(root, (real = this.files.realPath(root)));
    return real;
  }

  private async read(candidate: Candidate): Promise<Customization | undefined> {
    const { location, root, file } = candidate;
    const origin: CustomizationOrigin = { scope: root.base === 'home' ? 'user' : 'workspace', location: locationLabel(location), ...(root.folder ? { folder: root.folder } : {}) };
    const relative = toPosix(nodePath.relative(root.path, file));
    const label = root.base === 'home' ? `~/${relative}` : root.folder ? `${root.folder}/${relative}` : relative;
    const base = { kind: location.kind, name: candidate.fallbackName, file, label, origin, hiddenCharacters: 0 };
    const blocked = (validity: CustomizationValidity): Customization => ({ ...base, validity });
    if (origin.scope === 'workspace' && !this.places.trusted()) return blocked({ state: 'restricted' });
    const [real, realRoot] = await Promise.all([this.files.realPath(file), this.realRoot(root.path)]);
    if (!real) return undefined;
    const inside = realRoot !== undefined && real.startsWith(realRoot + nodePath.sep);
    if (origin.scope === 'workspace' && !inside) return blocked({ state: 'ignored', why: 'its real path (through a symlink) is outside the workspace folder' });
    if (inDependencyFolder(inside && realRoot ? nodePath.relative(realRoot, real) : real)) return blocked({ state: 'ignored', why: 'it lies in a dependency folder (node_modules, vendor, a virtual environment)' });
    const text = await this.files.read(real);
    if (text === undefined) return blocked({ state: 'ignored', why: 'it is not a regular file of a readable size' });
    const marked = markHiddenCharacters(text);
    const found = { ...base, hiddenCharacters: marked.hidden };
    switch (location.kind) {
      case 'skill': {
        const parsed = await parseSkillFile(marked.text);
        if (!parsed.ok) return { ...found, validity: { state: 'invalid', problems: parsed.problems } };
        const { name, description, body } = parsed.value;
        return { ...found, name, description, validity: { state: 'applies' }, details: { kind: 'skill', folder: nodePath.dirname(real), body } };
      }
      case 'prompt': {
        if (!COMMAND_NAME.test(candidate.fallbackName)) {
          return { ...found, validity: { state: 'invalid', problems: [{ field: 'file name', message: `"${candidate.fallbackName}" cannot be a command: use letters, digits, "-" and "_", starting with a letter or digit` }] } };
        }
        const parsed = await parsePromptFile(marked.text);
        if (!parsed.ok) return { ...found, validity: { state: 'invalid', problems: parsed.problems } };
        return { ...found, ...(parsed.value.description !== undefined ? { description: parsed.value.description } : {}), validity: { state: 'applies' }, details: parsed.value.details };
      }
      case 'instructions': {
        const parsed = await parseInstructionsFile(marked.text, location.shape.form === 'files' ? 'never' : 'every-request');
        if (!parsed.ok) return { ...found, name: label, validity: { state: 'invalid', problems: parsed.problems } };
        return { ...found, name: label, ...(parsed.value.description !== undefined ? { description: parsed.value.description } : {}), validity: { state: 'applies' }, details: parsed.value.details };
      }
      case 'agent': {
        const parsed = await parseAgentFile(marked.text, location.shape.form === 'agent-files' ? location.shape.format : 'copilot', candidate.fallbackName);
        if (!parsed.ok) return { ...found, validity: { state: 'invalid', problems: parsed.problems } };
        const { name, description, details } = parsed.value;
        return { ...found, name, ...(description !== undefined ? { description } : {}), validity: { state: 'applies' }, details };
      }
    }
  }
}

/**
 * Skills by name, then commands by name against skills and each other, and agents by name (letter case
 * aside) among themselves: the first in order wins.
 */
function withPrecedence(items: Customization[]): Customization[] {
  const winners = new Map<string, Customization>();
  return items.map((item) => {
    if (item.kind === 'instructions' || item.validity.state !== 'applies') return item;
    const key = item.kind === 'agent' ? `agent\u0000${item.name.toLowerCase()}` : item.name;
    const winner = winners.get(key);
    if (winner) return { ...item, validity: { state: 'shadowed', by: winner.label } };
    winners.set(key, item);
    return item;
  });
}
