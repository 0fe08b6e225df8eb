// Real folders for the customization tests: a workspace folder and a home folder under one temporary
// folder, files written by path, and the catalogue over them through the extension's file-system port.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CustomizationCatalog } from '../../../../src/core/customizations/customizationCatalog';
import type { Customization } from '../../../../src/core/customizations/customization';
import { nodeCustomizationFiles } from '../../../../src/extension/customizations/nodeCustomizationFiles';

export interface CustomizationBed {
  root: string;
  workspace: string;
  home: string;
  trusted: boolean;
  /** The keys the user turned off. */
  disabled: Set<string>;
  /** Writes a file under the workspace (`ws/…`) or the home folder (`~/…`). */
  write(at: string, text: string): Promise<string>;
  link(at: string, target: string): Promise<string>;
  catalog: CustomizationCatalog;
  item(label: string): Promise<Customization>;
  remove(): Promise<void>;
}

export function skillText(name: string, description: string, body = `Steps for ${name}.`): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`;
}

export async function customizationBed(): Promise<CustomizationBed> {
  const root = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'svc-custom-')));
  const workspace = path.join(root, 'ws');
  const home = path.join(root, 'home');
  await Promise.all([fsp.mkdir(workspace), fsp.mkdir(home)]);
  const where = (at: string) => (at.startsWith('~/') ? path.join(home, at.slice(2)) : path.join(workspace, at.replace(/^ws\//, '')));
  const bed: CustomizationBed = {
    root,
    workspace,
    home,
    trusted: true,
    disabled: new Set(),
    write: async (at, text) => {
      const file = where(at);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(file, text);
      return file;
    },
    link: async (at, target) => {
      const file = where(at);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.symlink(target, file);
      return file;
    },
    catalog: new CustomizationCatalog({ workspaceFolders: () => [{ name: 'ws', path: workspace }], home: () => home, trusted: () => bed.trusted, disabled: () => Promise.resolve(bed.disabled) }, nodeCustomizationFiles),
    item: async (label) => {
      const found = (await bed.catalog.items()).find((i) => i.label === label);
      if (!found) throw new Error(`${label} was not found`);
      return found;
    },
    remove: () => fsp.rm(root, { recursive: true, force: true }),
  };
  return bed;
}
