// Token counting on this machine, for when the service cannot count (models the estimate endpoint
// refuses, replies cut short before their usage arrived). The tokenizer's tables take about a second
// to build, so they are loaded on first use, never at start-up. The same encoding as the emulator's.
type CountTokens = (text: string) => number;

let loading: Promise<CountTokens> | undefined;

export function localTokenCounter(): Promise<CountTokens> {
  loading ??= import('gpt-tokenizer/encoding/cl100k_base').then((m) => m.countTokens);
  return loading;
}
