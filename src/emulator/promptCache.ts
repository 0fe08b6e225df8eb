// Automatic prompt caching, made measurable: a request whose prompt repeats the token prefix of an
// earlier prompt under the same prompt_cache_key (and account) reports that prefix as cached_tokens.
const KEPT_PROMPTS = 16;
/** Cache keys remembered at once; the least recently used key is forgotten first. */
const KEPT_KEYS = 512;

export class PromptCache {
  private readonly entries = new Map<string, number[][]>();

  /** Tokens of `prompt` already seen as a prefix under this key; then remembers `prompt`. */
  lookupAndStore(accountId: string, cacheKey: string, prompt: readonly number[]): number {
    const key = `${accountId}\u0000${cacheKey}`;
    const previous = this.entries.get(key) ?? [];
    let best = 0;
    for (const earlier of previous) {
      let i = 0;
      const max = Math.min(earlier.length, prompt.length);
      while (i < max && earlier[i] === prompt[i]) i++;
      best = Math.max(best, i);
    }
    previous.push([...prompt]);
    if (previous.length > KEPT_PROMPTS) previous.shift();
    this.entries.delete(key);
    this.entries.set(key, previous);
    if (this.entries.size > KEPT_KEYS) this.entries.delete(this.entries.keys().next().value!);
    return best;
  }
}
