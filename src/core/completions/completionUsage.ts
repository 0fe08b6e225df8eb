// Today's completion requests and what they cost, for the status item: tokens always, money when the
// price table has the model. A request aborted by the next keystroke is still counted: its prompt was
// sent and paid for, so its prompt is estimated and the reply's tokens that arrived are counted.
import * as z from 'zod';
import type { Usage } from '../../api/index';
import { replyCost, type PriceTable } from '../billing/replyCost';
import * as l10n from '../l10n';
import { formatCount } from '../tokens/formatCount';

export const CompletionDaySchema = z.object({
  /** The day, YYYY-MM-DD in local time. */
  day: z.string(),
  requests: z.number().int().min(0),
  aborted: z.number().int().min(0),
  promptTokens: z.number().int().min(0),
  cachedTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  /** USD of the requests whose model the price table has. */
  usd: z.number().min(0),
  /** Characters of completions the user accepted. */
  acceptedChars: z.number().int().min(0),
});
export type CompletionDay = z.infer<typeof CompletionDaySchema>;

export function localDay(now: number): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function emptyDay(day: string): CompletionDay {
  return { day, requests: 0, aborted: 0, promptTokens: 0, cachedTokens: 0, completionTokens: 0, usd: 0, acceptedChars: 0 };
}

/** Cents matter here: a day of completions may cost less than one. */
export function smallUsd(usd: number): string {
  return `$${usd.toFixed(usd < 0.1 ? 4 : 2)}`;
}

export class CompletionUsage {
  private today: CompletionDay;

  constructor(
    private readonly now: () => number,
    private readonly prices: () => PriceTable,
    saved?: unknown,
  ) {
    const parsed = CompletionDaySchema.safeParse(saved);
    this.today = parsed.success && parsed.data.day === localDay(now()) ? parsed.data : emptyDay(localDay(now()));
  }

  /** Today's totals (a new day starts from zero). */
  get day(): CompletionDay {
    const day = localDay(this.now());
    if (this.today.day !== day) this.today = emptyDay(day);
    return this.today;
  }

  recordReply(usage: Usage, model: string): void {
    const cost = replyCost(usage, model, this.prices());
    const day = this.day;
    this.today = {
      ...day,
      requests: day.requests + 1,
      promptTokens: day.promptTokens + cost.promptTokens,
      cachedTokens: day.cachedTokens + cost.cachedTokens,
      completionTokens: day.completionTokens + cost.completionTokens,
      usd: day.usd + (cost.usd ?? 0),
    };
  }

  /** A request cut off before its usage arrived: its estimated prompt and the reply's tokens so far. */
  recordAborted(promptTokens: number, completionTokens: number, model: string): void {
    this.recordReply({ prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens }, model);
    this.today = { ...this.today, aborted: this.today.aborted + 1 };
  }

  recordAccepted(chars: number): void {
    this.today = { ...this.day, acceptedChars: this.day.acceptedChars + chars };
  }

  /** e.g. "12,345 tokens · $0.0031"; the money only when some request's model had a price. */
  label(): string {
    const day = this.day;
    const tokens = formatCount(day.promptTokens + day.completionTokens);
    return day.usd > 0 ? `${l10n.t('{0} tokens', tokens)} · ${smallUsd(day.usd)}` : l10n.t('{0} tokens', tokens);
  }
}

/** A day of typing as the first-run notice estimates it: pauses that ask, prompt size, cached share, reply size. */
export const TYPICAL_DAY = { requests: 1000, promptTokens: 2500, cachedShare: 0.8, completionTokens: 30 };

/** Rough USD of a day of typing at the price table's price for `model`, or undefined when it has none. */
export function dailyCostEstimate(prices: PriceTable, model: string): number | undefined {
  const price = prices[model];
  if (!price) return undefined;
  const { requests, promptTokens, cachedShare, completionTokens } = TYPICAL_DAY;
  const cached = promptTokens * cachedShare;
  const perRequest = (promptTokens - cached) * price.input + cached * (price.cachedInput ?? price.input) + completionTokens * price.output;
  return (requests * perRequest) / 1_000_000;
}
