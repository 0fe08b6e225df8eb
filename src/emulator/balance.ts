// Per-account balance, persisted in the data dir, charged per token used. Field rules of the spec:
// voucher never negative; cash may go negative, and then available equals voucher.
import fs from 'node:fs';
import type { Account } from './auth';
import { ServiceError } from './errors';
import type { Exchange } from './exchange';

interface Wallet {
  cash: number;
  voucher: number;
}

export interface BalanceSettings {
  cash: number;
  voucher: number;
  /** USD per million tokens. */
  pricePerMillion: number;
}

const round = (n: number): number => Math.round(n * 1e6) / 1e6;
const SAVE_DELAY_MS = 100;

export class BalanceBook {
  private saveTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly file: string,
    private readonly settings: BalanceSettings,
    private readonly wallets: Record<string, Wallet>,
  ) {}

  static open(file: string, settings: BalanceSettings): BalanceBook {
    if (!(settings.voucher >= 0)) throw new RangeError(`voucher balance must be >= 0, got ${settings.voucher}`);
    if (!(settings.pricePerMillion >= 0)) throw new RangeError(`price must be >= 0 USD per million tokens, got ${settings.pricePerMillion}`);
    let wallets: Record<string, Wallet> = {};
    if (fs.existsSync(file)) wallets = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Wallet>;
    return new BalanceBook(file, settings, wallets);
  }

  private wallet(account: Account): Wallet {
    let w = this.wallets[account.id];
    if (!w) {
      w = { cash: this.settings.cash, voucher: this.settings.voucher };
      this.wallets[account.id] = w;
    }
    return w;
  }

  available(account: Account): number {
    const w = this.wallet(account);
    return round(w.cash < 0 ? w.voucher : w.cash + w.voucher);
  }

  /** 429 quota errors: a suspended account (nothing available) or one that cannot cover the prompt. */
  checkCanSpend(account: Account, promptTokens: number): void {
    const available = this.available(account);
    if (available <= 0) {
      throw new ServiceError(429, 'exceeded_current_quota_error', `Your account ${account.id}<${account.keyId}> is suspended, please check your plan and billing details`);
    }
    if (this.cost(promptTokens) > available) {
      throw new ServiceError(429, 'exceeded_current_quota_error', `You exceeded your current token quota: <${account.id}> ${available}, please check your account balance`);
    }
  }

  cost(tokens: number): number {
    return (tokens * this.settings.pricePerMillion) / 1_000_000;
  }

  /** Vouchers are spent first; the rest comes from cash, which may go negative. */
  charge(account: Account, usd: number): void {
    const w = this.wallet(account);
    const fromVoucher = Math.min(w.voucher, usd);
    w.voucher = round(w.voucher - fromVoucher);
    w.cash = round(w.cash - (usd - fromVoucher));
    this.scheduleSave();
  }

  /** Coalesces the writes of many charges in a burst into one (a sync write per request was the hot spot). */
  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.flush(), SAVE_DELAY_MS);
    this.saveTimer.unref();
  }

  /** Writes pending changes now (also called when the emulator closes). */
  flush(): void {
    if (!this.saveTimer) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    fs.writeFileSync(this.file, JSON.stringify(this.wallets, null, 2));
  }

  result(account: Account): { code: number; status: boolean; scode: string; data: { available_balance: number; voucher_balance: number; cash_balance: number } } {
    const w = this.wallet(account);
    return {
      code: 0,
      status: true,
      scode: '0x0',
      data: { available_balance: this.available(account), voucher_balance: w.voucher, cash_balance: w.cash },
    };
  }
}

export function handleBalance(balances: BalanceBook, ex: Exchange, account: Account): void {
  ex.sendJson(200, balances.result(account));
}
