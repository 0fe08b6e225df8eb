// What one reply cost: always in tokens, and in money when the user configured prices for the model
// (the service publishes no prices through its API, so none are assumed).
import * as z from 'zod';
import type { Usage } from '../../api/index';
import { usageFromWire } from '../conversations/usageTotals';
import * as l10n from '../l10n';
import { formatUsd } from './balanceView';
import { formatCount } from '../tokens/formatCount';

const price = z.number().nonnegative();
/** USD per million tokens, per model id. `cachedInput` defaults to `input` when not given. */
export const PriceTableSchema = z.record(
  z.string().min(1),
  z.object({ input: price, output: price, cachedInput: price.optional() }).strict(),
);
export type PriceTable = z.infer<typeof PriceTableSchema>;

export class PriceTableError extends Error {
  override readonly name = 'PriceTableError';
}

/** Reads the price-table setting; a bad entry is an error naming the model and field. */
export function parsePriceTable(value: unknown): PriceTable {
  const parsed = PriceTableSchema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(the whole table)';
  const shape = '{ "<model id>": { "input": USD per 1M tokens, "output": USD per 1M tokens, "cachedInput"?: USD per 1M tokens } }';
  throw new PriceTableError(l10n.t('svc.priceTable: {0}: {1}; expected {2}', where, issue?.message ?? 'invalid', shape));
}

export interface ReplyCost {
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** USD, when the price table has the model. */
  usd: number | undefined;
  /** e.g. "1,234 tokens (200 cached) · $0.0012" */
  label: string;
}

export function replyCost(usage: Usage, model: string, prices: PriceTable = {}): ReplyCost {
  const totals = usageFromWire(usage);
  const entry = prices[model];
  const uncached = Math.max(0, totals.promptTokens - totals.cachedTokens);
  const usd = entry
    ? (uncached * entry.input + totals.cachedTokens * (entry.cachedInput ?? entry.input) + totals.completionTokens * entry.output) / 1_000_000
    : undefined;
  const total = formatCount(usage.total_tokens);
  const tokens = totals.cachedTokens > 0 ? l10n.t('{0} tokens ({1} cached)', total, formatCount(totals.cachedTokens)) : l10n.t('{0} tokens', total);
  const money = usd === undefined ? '' : ` · ${usd < 0.01 && usd > 0 ? `$${usd.toPrecision(2)}` : formatUsd(usd)}`;
  return {
    promptTokens: totals.promptTokens,
    cachedTokens: totals.cachedTokens,
    completionTokens: totals.completionTokens,
    totalTokens: usage.total_tokens,
    usd,
    label: `${tokens}${money}`,
  };
}
