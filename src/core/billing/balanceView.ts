// The account balance as the editor shows it, and the rule that no inference call is made at or below
// zero (the service would refuse it with a 429 quota error; we say why before sending anything).
import type { Balance } from '../../api/index';
import type { FilesClient } from '../files/filesClient';
import * as l10n from '../l10n';

export const DEFAULT_BALANCE_WARNING_THRESHOLD = 1;

export interface BalanceView {
  cash: number;
  voucher: number;
  available: number;
  /** Set when cash is negative: what that means for the available balance. */
  negativeCashExplanation: string | undefined;
  /** Set when available is below the warning threshold (and above zero). */
  warning: string | undefined;
  /** Set when available is at or below zero: the reason sending is blocked. */
  blockedReason: string | undefined;
  /** Short form for a status bar. */
  label: string;
}

export function formatUsd(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}$${Math.abs(amount).toFixed(2)}`;
}

export function balanceView(balance: Balance, warningThreshold = DEFAULT_BALANCE_WARNING_THRESHOLD): BalanceView {
  const { cash_balance: cash, voucher_balance: voucher, available_balance: available } = balance;
  const negativeCashExplanation =
    cash < 0
      ? l10n.t('Your cash balance is {0}: the account owes that amount. While cash is negative, only vouchers ({1}) are available, so the available balance equals the voucher balance.', formatUsd(cash), formatUsd(voucher))
      : undefined;
  const blockedReason =
    available <= 0
      ? l10n.t('Your available balance is {0}. The service does not run chat requests at or below zero; top up the account (or use the local emulator) to continue.', formatUsd(available))
      : undefined;
  const warning =
    !blockedReason && available < warningThreshold
      ? l10n.t('Your available balance ({0}) is below {1}.', formatUsd(available), formatUsd(warningThreshold))
      : undefined;
  return { cash, voucher, available, negativeCashExplanation, warning, blockedReason, label: formatUsd(available) };
}

export class BalanceBlockedError extends Error {
  override readonly name = 'BalanceBlockedError';
  constructor(readonly view: BalanceView) {
    super(view.blockedReason ?? l10n.t('Sending is blocked by the account balance.'));
  }
}

/**
 * Keeps the last known balance. `assertCanSend` runs before a chat request: it uses the last reading
 * while it is fresh (the chat refreshes after every reply) and reads it again otherwise.
 */
export class BalanceTracker {
  private last: { view: BalanceView; at: number } | undefined;
  private readonly listeners = new Set<(view: BalanceView) => void>();

  constructor(
    private readonly client: Pick<FilesClient, 'balance'>,
    private readonly options: { warningThreshold: () => number; maxAgeMs?: number; now?: () => number },
  ) {}

  get current(): BalanceView | undefined {
    return this.last?.view;
  }

  onDidChange(listener: (view: BalanceView) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  async refresh(): Promise<BalanceView> {
    const view = balanceView(await this.client.balance(), this.options.warningThreshold());
    this.last = { view, at: (this.options.now ?? Date.now)() };
    for (const listener of this.listeners) listener(view);
    return view;
  }

  /** Throws BalanceBlockedError when the available balance is at or below zero. */
  async assertCanSend(): Promise<void> {
    const now = (this.options.now ?? Date.now)();
    const fresh = this.last && now - this.last.at <= (this.options.maxAgeMs ?? 60_000);
    const view = fresh && this.last ? this.last.view : await this.refresh();
    if (view.blockedReason) throw new BalanceBlockedError(view);
  }
}
