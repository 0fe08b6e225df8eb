// The customizations the user turned off for one workspace: skills, prompt files, instruction files,
// rules files and hooks, each by a key that names its file (and for a hook its event and command). The
// keys are kept in the editor's workspace state, outside the workspace's files, so a repository can
// neither turn on what the user turned off nor turn anything off for them.
import { createHash } from 'node:crypto';
import type { HookDefinition } from '../hooks/hookConfig';
import type { KeyValueStorage } from '../keyValueStorage';
import type { Customization } from './customization';

export const DISABLED_CUSTOMIZATIONS_KEY = 'customizations.disabled';

/** A skill's, prompt file's or instruction file's key: its kind and its file. */
export function customizationKey(item: Pick<Customization, 'kind' | 'file'>): string {
  return `${item.kind}:${item.file}`;
}

/** A rules source's key: its file, or the `svc.rules` setting. */
export function rulesKey(rule: { path?: string }): string {
  return `rules:${rule.path ?? 'svc.rules'}`;
}

/** A hook's key: where it is written, its event, matcher and command, so an edited hook is a new one. */
export function hookKey(hook: HookDefinition): string {
  const where = hook.origin.kind === 'user' ? 'svc.hooks' : hook.origin.file;
  return `hook:${createHash('sha256').update(JSON.stringify([where, hook.event, hook.matcher ?? '', hook.command])).digest('hex')}`;
}

function keyList(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
}

export class DisabledCustomizations {
  private readonly listeners = new Set<() => void>();

  /** `storage` is the workspace's state in the editor, never a file of the workspace. */
  constructor(private readonly storage: KeyValueStorage) {}

  async keys(): Promise<ReadonlySet<string>> {
    return new Set(keyList(await this.storage.read(DISABLED_CUSTOMIZATIONS_KEY)));
  }

  /** Turns the item of `key` off (`state: 'off'`) or on again; listeners hear of it once stored. */
  async set(key: string, state: 'on' | 'off'): Promise<void> {
    const kept = keyList(await this.storage.read(DISABLED_CUSTOMIZATIONS_KEY)).filter((k) => k !== key);
    await this.storage.write(DISABLED_CUSTOMIZATIONS_KEY, state === 'off' ? [...kept, key] : kept);
    for (const listener of this.listeners) listener();
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }
}
