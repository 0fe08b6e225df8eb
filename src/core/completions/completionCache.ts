// Answers to identical contexts: the same prompt (file, cursor, related context) and model give the same
// completion at temperature 0, so going back to where one was shown (undo, a deleted character retyped)
// costs no request. Least recently used first out.
export class CompletionCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly size = 64) {}

  get(key: string): string | undefined {
    const text = this.entries.get(key);
    if (text === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, text);
    return text;
  }

  set(key: string, text: string): void {
    this.entries.delete(key);
    this.entries.set(key, text);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  get count(): number {
    return this.entries.size;
  }
}
