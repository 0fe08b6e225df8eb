import assert from 'node:assert/strict';
import { balanceView } from '../../../src/core/billing/balanceView';
import { statusItemView } from '../../../src/extension/statusItemView';

const emulator = { mode: 'emulator' as const, baseUrl: 'http://127.0.0.1:4010/v1', detail: 'no API key set' };
const service = { mode: 'apiKey' as const, baseUrl: 'https://api.svc.example/v1' };

describe('the svc status item', () => {
  it('says the local emulator calmly: normal background, model and balance in the tooltip', () => {
    const view = statusItemView({ connection: emulator, model: 'svc-k2.5', balance: balanceView({ cash_balance: 10, voucher_balance: 5, available_balance: 15 }), balanceFailure: undefined });
    assert.equal(view.level, 'normal');
    assert.equal(view.text, '$(beaker) svc: local emulator');
    assert.match(view.tooltip, /Using the local emulator \(no API key set\)/);
    assert.match(view.tooltip, /Model: svc-k2\.5/);
    assert.match(view.tooltip, /Balance: \$15\.00 available/);
    assert.equal(view.accessibleLabel, 'svc: local emulator, balance $15.00');
  });

  it('shows the model on the service, and colours only a low or blocking balance, which it then shows on the item', () => {
    const fine = statusItemView({ connection: service, model: 'svc-v1-8k', balance: balanceView({ cash_balance: 10, voucher_balance: 0, available_balance: 10 }), balanceFailure: undefined });
    assert.deepEqual([fine.text, fine.level], ['$(comment-discussion) svc: svc-v1-8k', 'normal']);
    const low = statusItemView({ connection: service, model: 'svc-v1-8k', balance: balanceView({ cash_balance: 0.5, voucher_balance: 0, available_balance: 0.5 }), balanceFailure: undefined });
    assert.deepEqual([low.text, low.level], ['$(comment-discussion) svc: svc-v1-8k · $0.50', 'warning']);
    const blocked = statusItemView({ connection: service, model: 'svc-v1-8k', balance: balanceView({ cash_balance: -1, voucher_balance: 0, available_balance: 0 }), balanceFailure: undefined });
    assert.equal(blocked.level, 'error');
    assert.match(blocked.tooltip, /does not run chat requests at or below zero/);
  });

  it('says why the balance is missing, without alarming', () => {
    const view = statusItemView({ connection: service, model: 'svc-k2.5', balance: undefined, balanceFailure: 'HTTP 503' });
    assert.equal(view.level, 'normal');
    assert.match(view.tooltip, /Balance unavailable: HTTP 503/);
    assert.equal(view.accessibleLabel, 'svc: svc-k2.5, balance unavailable');
  });

  it('says when the service cannot be reached, not the model it would use', () => {
    const view = statusItemView({ connection: service, model: 'svc-k2.5', balance: undefined, balanceFailure: undefined, unreachable: "Can't reach api.svc.example: its name could not be looked up." });
    assert.deepEqual([view.text, view.level], ['$(debug-disconnect) svc: service unreachable', 'warning']);
    assert.match(view.tooltip, /^Can't reach api\.svc\.example/);
    assert.equal(view.accessibleLabel, 'svc: service unreachable, balance not read yet');
    const local = statusItemView({ connection: emulator, model: 'svc-k2.5', balance: undefined, balanceFailure: undefined, unreachable: 'the connection was refused' });
    assert.equal(local.text, '$(debug-disconnect) svc: local emulator unreachable');
  });
});
