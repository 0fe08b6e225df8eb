// Whether a hook may run. A hook from the user's own settings always may. A workspace's hook is a
// program from a cloned repository: it never runs in Restricted Mode, and runs only once the user
// approved that exact command from that exact file, shown in full with where it comes from. The
// approval is kept outside the workspace (the editor's global state), so the repository cannot write
// it; a changed command, or the same command in another file, is a new question.
import { createHash } from 'node:crypto';
import type { KeyValueStorage } from '../keyValueStorage';
import * as l10n from '../l10n';
import type { ApprovalRequest } from '../tools/approvals';
import type { HookDefinition } from './hookConfig';

export const APPROVED_HOOKS_KEY = 'hooks.approvedCommands';

/** Asks the user one question; true for a yes. */
export type AskApproval = (request: ApprovalRequest, signal: AbortSignal) => Promise<boolean>;

export type HookPermission = 'run' | 'restricted' | 'declined';

/** What the user approves, as one value: the file and the command, exactly. */
export function hookFingerprint(file: string, command: string): string {
  return createHash('sha256').update(JSON.stringify([file, command])).digest('hex');
}

function approvedList(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
}

/** The question for a workspace's hook: the whole command as the detail, its file and event named. */
export function hookApprovalRequest(hook: HookDefinition & { origin: { kind: 'workspace' } }): ApprovalRequest {
  const tools = hook.matcher === undefined ? l10n.t('every tool') : hook.matcher;
  const when =
    hook.event === 'PreToolUse'
      ? l10n.t('before each call of {0}', tools)
      : hook.event === 'PostToolUse'
        ? l10n.t('after each call of {0}', tools)
        : hook.event === 'UserPromptSubmit'
          ? l10n.t('each time you send a prompt')
          : l10n.t('at the end of each agent task');
  return {
    kind: 'run-hook',
    title: l10n.t('Run a hook of this workspace ({0}, {1}) {2}?', hook.origin.shown, hook.event, when),
    detail: hook.command,
    warning: l10n.t('A program from this repository: it runs with your rights and can read your files or send data. Once approved it runs without asking until its command changes.'),
    allowAlways: false,
  };
}

export class HookTrust {
  /** One question at a time per command: parallel tool calls wait for the same answer. */
  private readonly asking = new Map<string, Promise<boolean>>();

  constructor(
    /** The editor's global state (outside every workspace). */
    private readonly storage: KeyValueStorage,
    /** Workspace trust, read at each run: Restricted Mode runs no workspace hook, whatever was approved. */
    private readonly trusted: () => boolean,
  ) {}

  /**
   * Whether `hook` may run now, asking when a workspace's hook was never approved; `declined` holds the
   * fingerprints the user said no to in this task, which are not asked again in it.
   */
  async permission(hook: HookDefinition, ask: AskApproval, declined: Set<string>, signal: AbortSignal): Promise<HookPermission> {
    if (hook.origin.kind === 'user') return 'run';
    if (!this.trusted()) return 'restricted';
    const fingerprint = hookFingerprint(hook.origin.file, hook.command);
    if (await this.isApproved(fingerprint)) return 'run';
    if (declined.has(fingerprint)) return 'declined';
    let question = this.asking.get(fingerprint);
    if (!question) {
      question = this.ask({ ...hook, origin: hook.origin }, fingerprint, ask, signal).finally(() => this.asking.delete(fingerprint));
      this.asking.set(fingerprint, question);
    }
    const yes = await question;
    if (!yes) declined.add(fingerprint);
    // Trust may have been withdrawn while the question was open.
    return yes ? (this.trusted() ? 'run' : 'restricted') : 'declined';
  }

  /** Whether the hook runs without a question: the user's own, or a workspace's the user approved. */
  async approved(hook: HookDefinition): Promise<boolean> {
    return hook.origin.kind === 'user' || this.isApproved(hookFingerprint(hook.origin.file, hook.command));
  }

  private async isApproved(fingerprint: string): Promise<boolean> {
    return approvedList(await this.storage.read(APPROVED_HOOKS_KEY)).includes(fingerprint);
  }

  private async ask(hook: HookDefinition & { origin: { kind: 'workspace' } }, fingerprint: string, ask: AskApproval, signal: AbortSignal): Promise<boolean> {
    // A question that could not be shown is not a yes.
    const yes = await ask(hookApprovalRequest(hook), signal).catch(() => false);
    if (yes) {
      const approved = approvedList(await this.storage.read(APPROVED_HOOKS_KEY));
      if (!approved.includes(fingerprint)) await this.storage.write(APPROVED_HOOKS_KEY, [...approved, fingerprint]);
    }
    return yes;
  }
}
