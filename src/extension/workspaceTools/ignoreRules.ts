// Which workspace files the agent's listing and search leave out: what git ignores (.gitignore files,
// read as the walk reaches them, each relative to its own folder) and the user's `files.exclude`.
// No vscode import, so it is tested directly.
import ignore, { type Ignore } from 'ignore';
import * as path from 'node:path';

interface Layer {
  /** Folder of the .gitignore, relative to the root, '' for the root itself. */
  base: string;
  rules: Ignore;
}

export class IgnoreRules {
  private readonly layers: Layer[] = [];
  private readonly exclude: Ignore;

  /** `excludeGlobs`: the `files.exclude` patterns whose value is true (gitignore-compatible globs such as `**\/node_modules`). */
  constructor(excludeGlobs: readonly string[]) {
    this.exclude = ignore().add([...excludeGlobs, '.git']);
  }

  /** Adds the rules of a .gitignore found in `folder` (relative to the root, '' for the root). */
  addGitignore(folder: string, text: string): void {
    this.layers.push({ base: folder, rules: ignore().add(text) });
  }

  /** `relative`: slash-separated path from the root; folders are tested with a trailing slash. */
  ignores(relative: string, isDirectory: boolean): boolean {
    const subject = isDirectory ? `${relative}/` : relative;
    if (this.exclude.ignores(subject)) return true;
    for (const layer of this.layers) {
      if (layer.base !== '' && !relative.startsWith(`${layer.base}/`)) continue;
      const inner = layer.base === '' ? relative : relative.slice(layer.base.length + 1);
      if (inner !== '' && layer.rules.ignores(isDirectory ? `${inner}/` : inner)) return true;
    }
    return false;
  }
}

export function toSlashes(p: string): string {
  return p.split(path.sep).join('/');
}
