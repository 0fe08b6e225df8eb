// What the one svc status-bar item says: the backend (the local emulator by name, or the model in use on
// the service) and, in its tooltip, the model and the balance. It is calm by default: the local emulator
// is a supported way to work, not a problem; only a low balance or a service the last request could not
// reach (warning), or a balance that blocks sending (error), colours it. Kept free of the vscode module so the wording and the levels are unit-tested: its
// strings go through src/shared/l10n.ts, which statusBar.ts gives the bundle VS Code loaded.
import type { BalanceView } from '../core/billing/balanceView';
import * as l10n from '../shared/l10n';
import type { Connection } from '../shared/protocol';

export type StatusLevel = 'normal' | 'warning' | 'error';

export interface StatusFacts {
  connection: Connection | undefined;
  model: string;
  balance: BalanceView | undefined;
  /** Why the balance could not be read, when it could not. */
  balanceFailure: string | undefined;
  /** The last request could not reach the service (or the emulator): why, in the user's words. Cleared by the next one that does. */
  unreachable?: string | undefined;
}

export interface StatusItemView {
  text: string;
  tooltip: string;
  level: StatusLevel;
  accessibleLabel: string;
}

export function statusItemView(facts: StatusFacts): StatusItemView {
  const { connection, model, balance, balanceFailure, unreachable } = facts;
  const emulator = connection?.mode === 'emulator';
  const level: StatusLevel = balance?.blockedReason ? 'error' : balance?.warning || unreachable !== undefined ? 'warning' : 'normal';
  const where = unreachable !== undefined ? (emulator ? l10n.t('local emulator unreachable') : l10n.t('service unreachable')) : emulator ? l10n.t('local emulator') : model;
  const money = level !== 'normal' && balance ? ` · ${balance.label}` : '';
  const symbol = unreachable !== undefined ? '$(debug-disconnect)' : emulator ? '$(beaker)' : '$(comment-discussion)';
  const text = `${symbol} svc: ${where}${money}`;
  const balanceLine = balance
    ? [l10n.t('Balance: {0} available', balance.label), balance.blockedReason ?? balance.warning, balance.negativeCashExplanation]
    : [balanceFailure ? l10n.t('Balance unavailable: {0}', balanceFailure) : l10n.t('Balance: not read yet')];
  const tooltip = [
    unreachable,
    emulator
      ? connection?.detail
        ? l10n.t('Using the local emulator ({0}): offline, no key, no cost', connection.detail)
        : l10n.t('Using the local emulator: offline, no key, no cost')
      : connection
        ? l10n.t('svc service at {0}', connection.baseUrl)
        : l10n.t('Connecting…'),
    l10n.t('Model: {0}', model),
    ...balanceLine,
    l10n.t('Click for balance, connection and settings'),
  ]
    .filter((line): line is string => line !== undefined && line !== '')
    .join('\n');
  // A screen reader hears the balance too, which sighted users read in the tooltip.
  const spokenBalance = balance ? l10n.t('balance {0}', balance.label) : balanceFailure ? l10n.t('balance unavailable') : l10n.t('balance not read yet');
  return { text, tooltip, level, accessibleLabel: `svc: ${where}, ${spokenBalance}` };
}
