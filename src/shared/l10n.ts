// The chat view's strings. The English text in the code is the key, as with `vscode.l10n.t` on the
// host, so `@vscode/l10n-dev export` finds the view's `l10n.t(...)` calls and the host's in one pass;
// the host writes the bundle for VS Code's display language into the page (viewLocalization.ts), and a
// missing translation shows the English text rather than nothing.

/** Translations keyed by their English text, as in `l10n/bundle.l10n.<locale>.json`. */
export type L10nBundle = Readonly<Record<string, string>>;

let translations: L10nBundle = {};
let displayLanguage = 'en';

export function useBundle(bundle: L10nBundle): void {
  translations = bundle;
}

/** VS Code's display language (`en`, `zh-cn`…), which dates and numbers are formatted for. */
export function useLanguage(language: string): void {
  displayLanguage = language;
}

export function language(): string {
  return displayLanguage;
}

/** `message` translated, with `{0}`, `{1}`… replaced by `args` in order; unknown placeholders stay as written. */
export function t(message: string, ...args: ReadonlyArray<string | number>): string {
  const template = translations[message] ?? message;
  return template.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? placeholder : String(value);
  });
}
