// The `-c` settings every git call of ours carries, so that no config git may read (the repository's,
// a file it includes, a submodule's own, the user's) runs a program or enters a submodule. Settings on
// the command line outrank every config file, and git hands them on to any git it starts itself. Keys
// that name a program are emptied one by one: those with a fixed name here, those with a name the config
// chooses (`filter.<driver>.clean`, `diff.<driver>.textconv`, `merge.<driver>.driver`) by the driver names
// found in every config file git may read. An emptied textconv or diff command makes git fail rather than
// run anything, should a command ever lack `--no-textconv` or `--no-ext-diff`. No vscode import.
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import * as l10n from '../../core/l10n';
import { RepositoryRefusedError } from './pinnedRepository';

const NULL_DEVICE = process.platform === 'win32' ? 'NUL' : '/dev/null';

/** Fixed keys: each names a program (or a hook folder), or makes git enter submodules or the network. */
const FIXED = [
  'core.fsmonitor=false',
  `core.hooksPath=${NULL_DEVICE}`,
  'core.pager=',
  'core.editor=',
  'sequence.editor=',
  'core.askPass=',
  'core.sshCommand=',
  'core.gitProxy=',
  'core.alternateRefsCommand=',
  'core.untrackedCache=false',
  'credential.helper=',
  'diff.external=',
  'diff.ignoreSubmodules=all',
  'submodule.recurse=false',
  'status.submoduleSummary=false',
  'gpg.program=',
  'gpg.openpgp.program=',
  'gpg.x509.program=',
  'gpg.ssh.program=',
  'gpg.ssh.defaultKeyCommand=',
  'log.showSignature=false',
  'interactive.diffFilter=',
  'uploadpack.packObjectsHook=',
  'protocol.allow=never',
];

/** Driver keys that name a program, by section. */
const DRIVER_KEYS: Record<string, readonly string[]> = {
  filter: ['clean', 'smudge', 'process'],
  diff: ['command', 'textconv'],
  merge: ['driver'],
};

/** The `git config --get-regexp` pattern that lists every driver key above. */
export const DRIVER_KEY_PATTERN = '^(filter|diff|merge)\\.';

/** At most this many submodule config files are read for driver names. */
const MAX_MODULE_CONFIGS = 256;

/** `-c` pairs for the fixed keys. */
export function fixedOverrides(): string[] {
  return FIXED.flatMap((setting) => ['-c', setting]);
}

/**
 * `-c` pairs that empty every program-naming key of each driver a config listing defines; the listing is
 * `git config --null --get-regexp` output (key, newline, value, NUL). A driver whose name `-c` cannot
 * express is refused.
 */
export function driverOverrides(listings: readonly string[]): string[] {
  const drivers = new Set<string>();
  for (const listing of listings) {
    for (const entry of listing.split('\0')) {
      const key = entry.split('\n', 1)[0] ?? '';
      const match = /^(filter|diff|merge)\.(.+)\.([^.]+)$/i.exec(key);
      if (match) drivers.add(`${(match[1] as string).toLowerCase()}\0${match[2] as string}`);
    }
  }
  const pairs: string[] = [];
  for (const driver of drivers) {
    const [section, name] = driver.split('\0') as [string, string];
    // `-c` splits at the first "=": `filter.x=y.clean=` would set `filter.x` and leave driver `x=y` running.
    if (name.includes('=')) throw new RepositoryRefusedError(l10n.t('the git config defines a {0} driver named "{1}", which git\'s command line cannot switch off; git is not run on this repository', section, name));
    for (const key of DRIVER_KEYS[section] ?? []) pairs.push('-c', `${section}.${name}.${key}=`);
    if (section === 'filter') pairs.push('-c', `filter.${name}.required=false`);
  }
  return pairs;
}

/**
 * The config files of the repository's submodules (`<git dir>/modules/…/config`, nested ones included):
 * regular files only, found without following links.
 */
export async function submoduleConfigFiles(gitDir: string): Promise<string[]> {
  const found: string[] = [];
  const pending = [path.join(gitDir, 'modules')];
  while (pending.length > 0 && found.length < MAX_MODULE_CONFIGS) {
    const dir = pending.pop() as string;
    const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'objects' && entry.name !== 'refs' && entry.name !== 'logs') pending.push(full);
      else if (entry.isFile() && entry.name === 'config') found.push(full);
    }
  }
  return found.slice(0, MAX_MODULE_CONFIGS);
}
