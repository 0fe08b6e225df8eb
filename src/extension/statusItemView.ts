// What the one svc status-bar item says: the backend (the local emulator by name, or the model in use on
// the service) and, in its tooltip, the model and the balance. It is calm by default: the local emulator
// is a supported way to work, not a problem; only a low balance (warning) or one that blocks sending
// (error) colours it. Kept free of the vscode module so the wording and the levels are unit-tested.
import type { BalanceView } from '../core/billing/balanceView';
import type { Connection } from '../shared/protocol';

export type StatusLevel = 'normal' | 'warning' | 'error';

export interface StatusFacts {
  connection: Connection | undefined;
  model: string;
  balance: BalanceView | undefined;
  /** Why the balance could not be read, when it could not. */
  balanceFailure: string | undefined;
}

export interface StatusItemView {
  text: string;
  tooltip: string;
  level: StatusLevel;
  accessibleLabel: string;
}

export function statusItemView(facts: StatusFacts): StatusItemView {
  const { connection, model, balance, balanceFailure } = facts;
  const emulator = connection?.mode === 'emulator';
  const level: StatusLevel = balance?.blockedReason ? 'error' : balance?.warning ? 'warning' : 'normal';
  const where = emulator ? 'local emulator' : model;
  const money = level !== 'normal' && balance ? ` · ${balance.label}` : '';
  const text = `${emulator ? '$(beaker)' : '$(comment-discussion)'} svc: ${where}${money}`;
  const balanceLine = balance
    ? [`Balance: ${balance.label} available`, balance.blockedReason ?? balance.warning, balance.negativeCashExplanation]
    : [balanceFailure ? `Balance unavailable: ${balanceFailure}` : 'Balance: not read yet'];
  const tooltip = [
    emulator ? `Using the local emulator${connection?.detail ? ` (${connection.detail})` : ''}: offline, no key, no cost` : connection ? `svc service at ${connection.baseUrl}` : 'Connecting…',
    `Model: ${model}`,
    ...balanceLine,
    'Click for balance, connection and settings',
  ]
    .filter((line): line is string => line !== undefined && line !== '')
    .join('\n');
  // A screen reader hears the balance too, which sighted users read in the tooltip.
  const spokenBalance = balance ? `balance ${balance.label}` : balanceFailure ? 'balance unavailable' : 'balance not read yet';
  return { text, tooltip, level, accessibleLabel: `svc: ${where}, ${spokenBalance}` };
}
