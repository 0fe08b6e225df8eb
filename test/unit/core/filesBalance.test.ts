import assert from 'node:assert/strict';
import { BalanceBlockedError, BalanceTracker, balanceView } from '../../../src/core/billing/balanceView';
import { parsePriceTable, PriceTableError, replyCost } from '../../../src/core/billing/replyCost';
import { startEmulatorTestBed, type EmulatorTestBed } from '../../support/emulatorTestBed';

describe('files: balance and cost', () => {
  describe('balance view', () => {
    it('shows cash, voucher and available, and warns below the threshold', () => {
      const view = balanceView({ cash_balance: 0.5, voucher_balance: 0.25, available_balance: 0.75 }, 1);
      assert.equal(view.label, '$0.75');
      assert.equal(view.cash, 0.5);
      assert.equal(view.voucher, 0.25);
      assert.equal(view.warning, 'Your available balance ($0.75) is below $1.00.');
      assert.equal(view.blockedReason, undefined);
      assert.equal(view.negativeCashExplanation, undefined);
      assert.equal(balanceView({ cash_balance: 5, voucher_balance: 0, available_balance: 5 }, 1).warning, undefined);
    });

    it('explains a negative cash balance', () => {
      const view = balanceView({ cash_balance: -3.5, voucher_balance: 2, available_balance: 2 }, 1);
      assert.match(view.negativeCashExplanation ?? '', /cash balance is -\$3\.50: the account owes that amount/);
      assert.match(view.negativeCashExplanation ?? '', /available balance equals the voucher balance/);
      assert.equal(view.blockedReason, undefined);
    });

    it('is blocked at zero and below, with the reason', () => {
      for (const available of [0, -1]) {
        const view = balanceView({ cash_balance: available, voucher_balance: 0, available_balance: available }, 1);
        assert.match(view.blockedReason ?? '', /does not run chat requests at or below zero/);
        assert.equal(view.warning, undefined, 'blocked, not merely warned');
      }
    });
  });

  describe('guard (emulator)', () => {
    let emu: EmulatorTestBed;
    afterEach(() => emu.close());

    it('blocks sending at zero available balance before any chat request', async () => {
      emu = await startEmulatorTestBed({ balance: -2, voucherBalance: 0 });
      const tracker = new BalanceTracker(emu.client, { warningThreshold: () => 1 });
      await assert.rejects(tracker.assertCanSend(), (err: unknown) => {
        assert.ok(err instanceof BalanceBlockedError);
        assert.equal(err.view.available, 0);
        assert.match(err.message, /available balance is \$0\.00/);
        assert.match(err.view.negativeCashExplanation ?? '', /-\$2\.00/);
        return true;
      });
      assert.equal(emu.count('POST', '/v1/chat/completions'), 0);
      assert.equal(emu.count('GET', '/v1/users/me/balance'), 1);
    });

    it('lets a positive balance through, reusing a fresh reading, and refreshes after a reply', async () => {
      emu = await startEmulatorTestBed({ balance: 10 });
      let now = 0;
      const tracker = new BalanceTracker(emu.client, { warningThreshold: () => 1, now: () => now, maxAgeMs: 1000 });
      const changes: number[] = [];
      tracker.onDidChange((v) => changes.push(v.available));
      await tracker.assertCanSend();
      await tracker.assertCanSend();
      assert.equal(emu.count('GET', '/v1/users/me/balance'), 1, 'the fresh reading is reused');
      await emu.client.chat({ model: 'svc-v1-8k', messages: [{ role: 'user', content: 'Hello there, how are you?' }] });
      now = 5000;
      await tracker.assertCanSend();
      assert.equal(emu.count('GET', '/v1/users/me/balance'), 2, 'a stale reading is read again');
      assert.equal(changes.length, 2);
      assert.ok(changes[1]! < changes[0]!, 'the reply cost money');
    });
  });

  describe('reply cost', () => {
    const usage = { prompt_tokens: 1000, completion_tokens: 500, total_tokens: 1500, cached_tokens: 400 };

    it('is always in tokens', () => {
      const cost = replyCost(usage, 'svc-k2.5');
      assert.equal(cost.usd, undefined);
      assert.equal(cost.label, '1,500 tokens (400 cached)');
      assert.equal(cost.cachedTokens, 400);
    });

    it('is in money when the price table has the model', () => {
      const prices = parsePriceTable({ 'svc-k2.5': { input: 0.6, cachedInput: 0.15, output: 2.5 } });
      const cost = replyCost(usage, 'svc-k2.5', prices);
      assert.ok(Math.abs((cost.usd ?? 0) - (600 * 0.6 + 400 * 0.15 + 500 * 2.5) / 1e6) < 1e-12);
      assert.equal(cost.label, '1,500 tokens (400 cached) · $0.0017');
      assert.equal(replyCost(usage, 'svc-v1-8k', prices).usd, undefined);
    });

    it('rejects a bad price table naming the model and field', () => {
      assert.throws(() => parsePriceTable({ 'svc-k2.5': { input: -1, output: 2 } }), (err: unknown) => {
        assert.ok(err instanceof PriceTableError);
        assert.match(err.message, /^svc\.priceTable: svc-k2\.5\.input: /);
        return true;
      });
      assert.throws(() => parsePriceTable({ 'svc-k2.5': { input: 1 } }), /svc-k2\.5\.output/);
      assert.deepEqual(parsePriceTable(undefined), {});
    });
  });
});
