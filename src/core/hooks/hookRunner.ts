// One run of one hook, and what its answer means, as in Claude Code: exit code 2 blocks with standard
// error as the reason; exit code 0 may print JSON that blocks (`"decision": "block"` with `reason`,
// `"continue": false` with `stopReason`, or a PreToolUse `hookSpecificOutput.permissionDecision` of
// "deny"); any other exit code, a hook that cannot start and one past its time limit (killed) are
// reported to the user and block nothing. A hook can only block: an "allow" never skips an approval.
import * as l10n from '../l10n';
import type { HookDefinition } from './hookConfig';
import type { HookProcesses } from './hookProcesses';

export type HookOutcome =
  | { kind: 'pass' }
  /** `reason` is the hook's own words, for the model (a tool call) or the user (a prompt). */
  | { kind: 'block'; reason: string }
  /** `message` is for the user, in the display language. */
  | { kind: 'failed'; message: string };

/** A reason longer than this is cut: it goes into the model's context or a notice. */
const MAX_REASON_CHARS = 4_000;
/** How much of a failing hook's standard error the user is shown. */
const MAX_ERROR_CHARS = 500;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** How the hook is named to the user: its command, shortened to one line. */
export function hookLabel(hook: HookDefinition): string {
  const line = hook.command.split('\n')[0] ?? '';
  return line.length > 60 || hook.command.includes('\n') ? `${line.slice(0, 59)}…` : line;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The block a hook's JSON output asks for, if any (plain text output blocks nothing). */
function blockFromJson(stdout: string): string | undefined {
  const trimmed = stdout.trim();
  if (!trimmed.startsWith('{')) return undefined;
  let output: Record<string, unknown> | undefined;
  try {
    output = asRecord(JSON.parse(trimmed));
  } catch {
    return undefined;
  }
  if (!output) return undefined;
  const specific = asRecord(output.hookSpecificOutput);
  if (specific?.permissionDecision === 'deny') return text(specific.permissionDecisionReason) ?? 'denied by a hook (no reason given)';
  if (output.decision === 'block') return text(output.reason) ?? 'blocked by a hook (no reason given)';
  if (output.continue === false) return text(output.stopReason) ?? 'stopped by a hook (no reason given)';
  return undefined;
}

export async function runHook(hook: HookDefinition, input: Record<string, unknown>, cwd: string, processes: HookProcesses): Promise<HookOutcome> {
  const result = await processes.run({ command: hook.command, cwd, stdin: JSON.stringify(input), timeoutMs: hook.timeoutSeconds * 1000, variables: { CLAUDE_PROJECT_DIR: cwd } });
  if (result.timedOut) return { kind: 'failed', message: l10n.t('The {0} hook `{1}` ran past its time limit of {2} s and was stopped.', hook.event, hookLabel(hook), hook.timeoutSeconds) };
  if (result.exitCode === undefined) return { kind: 'failed', message: l10n.t('The {0} hook `{1}` could not run: {2}', hook.event, hookLabel(hook), result.error ?? l10n.t('it was stopped')) };
  if (result.exitCode === 2) return { kind: 'block', reason: cut(result.stderr.trim() || 'blocked by a hook (exit code 2, no reason given)', MAX_REASON_CHARS) };
  if (result.exitCode === 0) {
    const reason = blockFromJson(result.stdout);
    return reason === undefined ? { kind: 'pass' } : { kind: 'block', reason: cut(reason, MAX_REASON_CHARS) };
  }
  const said = cut(result.stderr.trim(), MAX_ERROR_CHARS);
  return {
    kind: 'failed',
    message: said === '' ? l10n.t('The {0} hook `{1}` failed (exit code {2}).', hook.event, hookLabel(hook), result.exitCode) : l10n.t('The {0} hook `{1}` failed (exit code {2}): {3}', hook.event, hookLabel(hook), result.exitCode, said),
  };
}
