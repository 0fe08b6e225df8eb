// Paths that come from outside: a command's argument (any extension can run any command with any
// arguments), a file a menu or the light bulb names. One rule decides them: the real path, every
// symlink followed, counts as much as the name given. A real path outside the workspace folders is
// refused, or asked about with the real path shown when the command answers a user's action (a file
// shown in an editor tab is no surprise to the user and goes); the secret-file rules apply to the
// given path and to the real one, so a workspace symlink named notes.txt that leads to
// ~/.ssh/id_ed25519 is the key it leads to; a file .gitignore leaves out (local tokens, generated
// files) is asked about unless it is open in an editor tab; a file whose real path is on the protected
// list while the name given is not (a symlink hides it) is asked about before it is edited. The
// secret, git-ignored and protected rules are the path gate's own (pathRules.ts), the same as the
// agent's and the mentions'. Every reason comes in English, for the model and the log, and in the
// display language, for the user.
import * as nodePath from 'node:path';
import * as l10n from '../l10n';
import { gateReason, type GateReason } from './gateReason';
import { ignoredReason, PathRules } from './pathRules';
import type { SecretFileRules } from './secretFiles';
import type { WorkspaceFiles, WorkspaceRoot } from './workspaceFiles';

export type { GateReason } from './gateReason';

/** What a command does with a file it is given, and so what each kind of path gets. */
export interface GivenPathUse {
  /** A real path outside the workspace folders, not shown in an editor tab. */
  outside: 'ask' | 'refuse';
  /** A file the secret-file rules name, by the given path or by the real one. */
  secret: 'ask' | 'refuse';
  /** A file the protected list names by its real path but not by the given one. */
  hiddenProtected: 'ask' | 'go';
}

/** Explain This File, Add File to Chat: the file goes to the service when the user says so. */
export const SEND_FILE: GivenPathUse = { outside: 'ask', secret: 'ask', hiddenProtected: 'go' };
/** A quick fix's inline edit: lines go to the service and the reply is written into the file. */
export const EDIT_LINES: GivenPathUse = { outside: 'ask', secret: 'refuse', hiddenProtected: 'ask' };
/** Explain a problem: lines go to the chat, nothing is written. */
export const EXPLAIN_LINES: GivenPathUse = { outside: 'ask', secret: 'refuse', hiddenProtected: 'go' };

export interface GivenPath {
  /** Absolute file-system path, as given. */
  path: string;
  /** Whether the user sees the file in an editor tab (the host knows; core cannot). */
  shownInEditor: boolean;
}

interface Located {
  /** The given path as the user reads it: workspace-relative when it lies in a folder, else absolute. */
  shown: string;
  /** The real absolute path; undefined when there is none (missing, or a dangling symlink). */
  real: string | undefined;
}

export type GivenPathAnswer =
  | (Located & { verdict: 'go'; real: string })
  | (Located & { verdict: 'ask'; real: string; why: GateReason })
  | (Located & { verdict: 'refuse'; why: GateReason });

/**
 * git's own folder is left out of listings, not by a .gitignore: what in it may hold secrets is on the
 * secret list (.git/config), and a hook reached through a symlink is the protected rule's.
 */
function inGitFolder(relative: string): boolean {
  return relative.split('/').some((segment) => segment.toLowerCase() === '.git');
}

export class GivenPathGate {
  private realRoots: Promise<{ root: WorkspaceRoot; real: string }[]> | undefined;
  private readonly rules: PathRules;

  constructor(
    private readonly files: WorkspaceFiles,
    secrets: SecretFileRules,
  ) {
    this.rules = new PathRules(secrets);
  }

  async check(given: GivenPath, use: GivenPathUse): Promise<GivenPathAnswer> {
    const roots = await this.realRootList();
    const lexical = roots.find((r) => this.contains(r.root.path, given.path)) ?? roots.find((r) => this.contains(r.real, given.path));
    const givenRelative = lexical && this.relative(this.contains(lexical.root.path, given.path) ? lexical.root.path : lexical.real, given.path);
    const shown = lexical && givenRelative !== undefined ? this.display(lexical.root, givenRelative) : given.path;
    if (!nodePath.isAbsolute(given.path)) {
      return { verdict: 'refuse', shown, real: undefined, why: gateReason(() => l10n.t('a command must name a file by its absolute path')) };
    }
    const kind = await this.files.lstat(given.path);
    if (kind === undefined) return { verdict: 'refuse', shown, real: undefined, why: gateReason(() => l10n.t('there is no such file')) };
    let real: string;
    try {
      real = await this.files.realpath(given.path);
    } catch {
      return { verdict: 'refuse', shown, real: undefined, why: gateReason(() => l10n.t('it is a symlink whose target does not exist')) };
    }
    const inside = roots.find((r) => this.contains(r.real, real));
    const realRelative = inside ? this.relative(inside.real, real) : undefined;
    const file = { named: givenRelative, real: realRelative, shownReal: real, display: shown };
    const secret = this.rules.secretOf(file);
    if (secret) return use.secret === 'ask' ? { verdict: 'ask', shown, real, why: secret } : { verdict: 'refuse', shown, real, why: secret };
    if (!inside && !given.shownInEditor) {
      const why = gateReason(() => l10n.t('it is outside the workspace folders (its real path is {0})', real));
      return use.outside === 'ask' ? { verdict: 'ask', shown, real, why } : { verdict: 'refuse', shown, real, why };
    }
    if (realRelative !== undefined && !given.shownInEditor && !inGitFolder(realRelative) && (await this.files.ignoredByGit(real))) {
      return { verdict: 'ask', shown, real, why: ignoredReason() };
    }
    const hidden = use.hiddenProtected === 'ask' ? this.rules.hiddenProtection(file) : undefined;
    if (hidden) return { verdict: 'ask', shown, real, why: hidden };
    return { verdict: 'go', shown, real };
  }

  private display(root: WorkspaceRoot, relative: string): string {
    return this.files.roots().length > 1 ? [root.name, relative].filter(Boolean).join('/') : relative || '.';
  }

  private relative(base: string, path: string): string {
    return nodePath.relative(base, path).split(nodePath.sep).join('/');
  }

  private realRootList(): Promise<{ root: WorkspaceRoot; real: string }[]> {
    this.realRoots ??= Promise.all(
      this.files.roots().map(async (root) => ({ root, real: await this.files.realpath(root.path).catch(() => root.path) })),
    );
    return this.realRoots;
  }

  private contains(parent: string, child: string): boolean {
    const p = this.files.caseSensitive ? parent : parent.toLowerCase();
    const c = this.files.caseSensitive ? child : child.toLowerCase();
    const prefix = p.endsWith(nodePath.sep) ? p : p + nodePath.sep;
    return c === p || c.startsWith(prefix);
  }
}
