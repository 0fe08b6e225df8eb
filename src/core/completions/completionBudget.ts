// How much of the file and of the related context a completion prompt carries. Tokens are estimated at
// four characters each: the budget only has to keep the prompt small and stable, not count exactly.
import type { RecentEdit, RelatedSnippet } from './completionTypes';

export interface CompletionBudget {
  /** Tokens of the file before the cursor. */
  before: number;
  /** Tokens of the file after the cursor. */
  after: number;
  /** Tokens of related snippets (other files). */
  related: number;
  /** Tokens of the recent edits, apart from the related snippets so an edit never changes which files the stable prefix carries. */
  edits: number;
}

export const DEFAULT_BUDGET: CompletionBudget = { before: 1500, after: 500, related: 1000, edits: 400 };

/**
 * The file above the cursor is cut in blocks of this many lines, so the first line kept stays the same
 * while the user types on: the prompt's bytes before the cursor then repeat, and the service's prompt
 * cache serves them.
 */
export const BEFORE_CUT_LINES = 50;

export function roughTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The end of `before` within budget, starting at a line that is a multiple of BEFORE_CUT_LINES. */
export function clipBefore(before: string, tokens: number): string {
  if (roughTokens(before) <= tokens) return before;
  const lines = before.split('\n');
  for (let start = BEFORE_CUT_LINES; start < lines.length; start += BEFORE_CUT_LINES) {
    const kept = lines.slice(start).join('\n');
    if (roughTokens(kept) <= tokens) return kept;
  }
  // The cursor's own line is longer than the budget: its end is all that fits.
  return before.slice(before.length - tokens * 4);
}

/** The start of `after` within budget, cut at a line end. */
export function clipAfter(after: string, tokens: number): string {
  if (roughTokens(after) <= tokens) return after;
  const cut = after.lastIndexOf('\n', tokens * 4);
  return after.slice(0, cut < 0 ? tokens * 4 : cut);
}

export interface ChosenContext {
  edits: RecentEdit[];
  snippets: RelatedSnippet[];
}

const KIND_ORDER: Record<RelatedSnippet['kind'], number> = { 'recent-edit': 0, import: 1, 'open-tab': 2 };

/**
 * Recent edits (newest first) within their budget, snippets by kind within theirs, each whole or left
 * out, in an order that depends only on what was given, so the same inputs give the same prompt bytes.
 */
export function chooseRelated(edits: readonly RecentEdit[], snippets: readonly RelatedSnippet[], budget: Pick<CompletionBudget, 'related' | 'edits'>): ChosenContext {
  let edited = budget.edits;
  const chosen: ChosenContext = { edits: [], snippets: [] };
  for (const edit of edits) {
    const cost = roughTokens(edit.before) + roughTokens(edit.after) + 10;
    if (cost > edited) continue;
    chosen.edits.push(edit);
    edited -= cost;
  }
  let left = budget.related;
  const ordered = snippets.map((snippet, index) => ({ snippet, index })).sort((a, b) => KIND_ORDER[a.snippet.kind] - KIND_ORDER[b.snippet.kind] || a.index - b.index);
  for (const { snippet } of ordered) {
    const cost = roughTokens(snippet.text) + roughTokens(snippet.path) + 5;
    if (cost > left) continue;
    chosen.snippets.push(snippet);
    left -= cost;
  }
  return chosen;
}
