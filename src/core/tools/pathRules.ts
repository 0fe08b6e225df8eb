// The one rule for what an access to a path needs, whoever asks: the agent's tools (through
// pathPolicy.ts), paths a command is given (givenPathGate.ts) and the user's @-mentions. A tool declares
// only its access, `read` or `change`; this file decides which questions that access raises, so a new
// tool never chooses between refusing and asking on its own:
//
//   read    a secret (secretFiles.ts, the user's svc.agent.protectedFiles)  ask, every time
//           a file .gitignore leaves out                                     ask; "Always for this task" may cover it
//           a protected file (protectedPaths.ts)                            go: reading runs nothing
//   change  a secret that exists                                            ask, every time, before it is read
//           a protected file                                                ask, every time, even with auto-approved edits
//           a file .gitignore leaves out                                     go (the change itself is asked)
//   change of a folder (move, delete): the same for every file below it, git-ignored ones included.
//
// The git-ignored question is answered by the user's own naming: a file the user @-mentions, or one a
// command is given while it is open in an editor tab, is read without it (a secret is still asked about).
//
// Refused before any of this (pathPolicy.ts): a real path outside the workspace folders, absolute,
// drive, home and ".." forms, a dangling symlink, and a change inside .git/. A secret or protected file
// is judged by the name given and by the real path, so a symlink can hide neither. Every reason comes in
// English for the model and in the display language for the user (gateReason.ts).
import * as l10n from '../l10n';
import type { ApprovalRequest } from './approvals';
import { gateReason, type GateReason } from './gateReason';
import { protectedPathReason } from './protectedPaths';
import type { SecretFileRules } from './secretFiles';

/** What a tool does with a path. A change (write, create, move, delete) also reads what it changes. */
export type PathAccess = 'read' | 'change';

export interface PathQuestion {
  /** unchecked: a folder too large to look through whole before it is moved or deleted. */
  kind: 'secret' | 'ignored' | 'protected' | 'unchecked';
  /** The file the question is about as the user and the model see it (a file inside a changed folder). */
  display: string;
  why: GateReason;
  /** Whether "Always for this task" may answer it: only for a file .gitignore leaves out. */
  allowAlways: boolean;
}

/** One file as a caller names it and as it is on disk. */
export interface NamedFile {
  /** The path as named, relative to its workspace folder; undefined when named outside every folder. */
  named: string | undefined;
  /** The real path relative to its workspace folder; undefined when it lies outside every folder. */
  real: string | undefined;
  /** Where the real path is, as a reason says where a symlink leads. */
  shownReal: string;
  /** The file as the user and the model see it. */
  display: string;
}

/** A reason about the file a symlink leads to, saying where it leads. */
function leadsTo(real: string, why: GateReason): GateReason {
  return { reason: `it leads to ${real}: ${why.reason}`, shownReason: l10n.t('it leads to {0}: {1}', real, why.shownReason) };
}

export class PathRules {
  constructor(readonly secrets: SecretFileRules) {}

  /** Why the file may hold secrets, by its name or by where it really is; undefined when it does not. */
  secretOf(file: NamedFile): GateReason | undefined {
    const byName = file.named !== undefined ? this.secrets.match(file.named) : undefined;
    if (byName) return reasonOnly(byName);
    const byReal = this.secrets.match(file.real ?? file.shownReal) ?? (file.real !== undefined && file.display !== file.real ? this.secrets.match(file.display) : undefined);
    if (!byReal) return undefined;
    return file.real === file.named ? reasonOnly(byReal) : leadsTo(file.shownReal, byReal);
  }

  /** Why a change to the file needs the user's eyes every time, by its name or by where it really is. */
  protectionOf(file: NamedFile): GateReason | undefined {
    return (file.named !== undefined ? protectedPathReason(file.named) : undefined) ?? this.hiddenProtection(file);
  }

  /** A protection the real path has and the name given does not: a symlink that hides a git hook. */
  hiddenProtection(file: NamedFile): GateReason | undefined {
    if (file.real === undefined || file.real === file.named) return undefined;
    const named = file.named !== undefined && protectedPathReason(file.named) !== undefined;
    const real = protectedPathReason(file.real);
    return real && !named ? leadsTo(file.shownReal, real) : undefined;
  }

  /**
   * The questions `access` to one existing or new file raises, by the rule above; `ignoredByGit` is
   * asked only when the answer matters.
   */
  async questions(file: NamedFile, access: PathAccess, state: { exists: boolean; ignoredByGit: () => Promise<boolean> }): Promise<PathQuestion[]> {
    const asked: PathQuestion[] = [];
    const secret = state.exists ? this.secretOf(file) : undefined;
    if (secret) asked.push({ kind: 'secret', display: file.display, why: secret, allowAlways: false });
    if (access === 'read') {
      if (!secret && state.exists && (await state.ignoredByGit())) asked.push({ kind: 'ignored', display: file.display, why: ignoredReason(), allowAlways: true });
      return asked;
    }
    const protection = this.protectionOf(file);
    if (protection) asked.push({ kind: 'protected', display: file.display, why: protection, allowAlways: false });
    return asked;
  }
}

/** Why a file .gitignore leaves out is asked about before it is read. */
export function ignoredReason(): GateReason {
  return gateReason(() => l10n.t("the workspace's .gitignore leaves it out, as it does for secrets and generated files"));
}

function reasonOnly(why: GateReason): GateReason {
  return { reason: why.reason, shownReason: why.shownReason };
}

/** The question before the agent reads a file the gate asks about (a secret, or one .gitignore leaves out), to show it or to change it. */
export function readApproval(question: PathQuestion): ApprovalRequest {
  return {
    kind: 'read-secret',
    title: l10n.t('Let the agent read {0}?', question.display),
    detail: l10n.t('{0}: {1}. What the agent reads is sent to the service.', question.display, question.why.shownReason),
    warning: l10n.t('This file may hold keys, tokens or passwords.'),
    allowAlways: question.allowAlways,
  };
}

/** What the model reads when the user said no to a read. */
export function readRefused(display: string): string {
  return `The user did not allow reading ${display}. Do not try to read it another way; continue without it.`;
}
