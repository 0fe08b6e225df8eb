// When nothing is asked at all: in a file that looks like it holds secrets (the chat's and the agent's
// rules, with the user's `svc.agent.protectedFiles`), in Restricted Mode unless the user allowed it, and
// while the balance blocks sending. Each is a typed error with the reason the user reads.
import * as l10n from '../l10n';
import { SecretFileRules } from '../tools/secretFiles';

export interface CompletionGate {
  /** The workspace is trusted (not Restricted Mode). */
  trusted: boolean;
  /** The user's `svc.completions.allowInRestrictedMode`. */
  allowInRestrictedMode: boolean;
  /** Why the balance blocks sending, when it does. */
  balanceBlocked: string | undefined;
  /** The user's `svc.agent.protectedFiles` globs. */
  protectedFiles: readonly string[];
}

export type RefusalKind = 'secret-file' | 'restricted-mode' | 'balance';

export class CompletionRefusedError extends Error {
  override readonly name = 'CompletionRefusedError';
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}

/** The refusal for a completion in `path` (workspace-relative), or undefined when it may be asked. */
export function completionRefusal(path: string, gate: CompletionGate): CompletionRefusedError | undefined {
  const secret = new SecretFileRules(gate.protectedFiles).match(path);
  if (secret) return new CompletionRefusedError('secret-file', l10n.t('{0} is not sent to svc: {1}.', path, secret.shownReason));
  if (!gate.trusted && !gate.allowInRestrictedMode) {
    return new CompletionRefusedError('restricted-mode', l10n.t('Completions are off in Restricted Mode (svc.completions.allowInRestrictedMode turns them on).'));
  }
  if (gate.balanceBlocked !== undefined) return new CompletionRefusedError('balance', gate.balanceBlocked);
  return undefined;
}
