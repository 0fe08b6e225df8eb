// The user's price table for the list of sessions. A wrong table is reported where replies are priced
// (registerFileFeatures.ts); here it only means no figure in money.
import { parsePriceTable, type PriceTable } from '../../core/billing/replyCost';
import { settingValue } from '../settings/settingsReader';

export function sessionPrices(): PriceTable {
  try {
    return parsePriceTable(settingValue('priceTable'));
  } catch {
    return {};
  }
}
