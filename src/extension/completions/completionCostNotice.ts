// The notice shown the first time completions are turned on: they spend tokens at every pause, so it
// says roughly what a day of typing costs at the user's price table (or in tokens without one).
import type { PriceTable } from '../../core/billing/replyCost';
import { dailyCostEstimate, smallUsd, TYPICAL_DAY } from '../../core/completions/completionUsage';
import * as l10n from '../../core/l10n';
import { formatCount } from '../../core/tokens/formatCount';

export function completionCostNotice(prices: PriceTable, model: string): string {
  const { requests, promptTokens, cachedShare, completionTokens } = TYPICAL_DAY;
  const usd = dailyCostEstimate(prices, model);
  const day = l10n.t(
    'svc completions are on. A day of typing asks about {0} completions of about {1} prompt tokens ({2}% served from the prompt cache) and {3} reply tokens each',
    formatCount(requests),
    formatCount(promptTokens),
    Math.round(cachedShare * 100),
    completionTokens,
  );
  return usd !== undefined
    ? l10n.t('{0}: roughly {1} a day with {2} at your price table.', day, smallUsd(usd), model)
    : l10n.t('{0}. Add {1} to svc.priceTable to see it in money. The status item shows today\'s use.', day, model);
}
